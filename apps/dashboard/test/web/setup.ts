import { configure } from '@testing-library/react';
import type { JSDOM } from 'jsdom';

// findBy… and waitFor answer as soon as what they look for is there; their default deadline of
// one second is a guess at the machine's speed, which a loaded CI machine (the lazily loaded
// pages' imports, React's renders) overruns. A deadline, not a sleep.
configure({ asyncUtilTimeout: 15_000 });

// Node 25 and later have Web Storage of their own: `localStorage` and `sessionStorage` on the
// global, as getters that read undefined unless node was given --localstorage-file. Vitest's
// jsdom environment leaves a global that already exists alone, so under Node 26 (an LTS) the pages
// would find no storage at all and every test that remembers a choice would fail
// (vitest-dev/vitest#8757, closed upstream). The environment's own JSDOM is on the global: its
// window's storage takes the place of node's. Under Node 22 and 24 it is the same object already.
const dom = (globalThis as { jsdom?: JSDOM }).jsdom;
if (dom) {
  for (const key of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(globalThis, key, { value: dom.window[key], configurable: true, writable: true, enumerable: true });
  }
}
