import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// Two projects. "web": the SPA's component tests (.tsx, each picking jsdom with a
// `// @vitest-environment jsdom` comment) and every file that mocks a module with vi.mock: they
// run isolated, each file with fresh modules. "node": the server's tests and the browser tests,
// sharing a worker's modules as every workspace does (vitest.shared.ts). Server tests boot an
// embedded PGlite per file and play whole games through it: longer timeouts. The projects do not
// extend the shared config (its include would be added to theirs); the reporters stay at the root.
const MOCKING = ['test/server/serializer-guard.test.ts'];
const timeouts = { testTimeout: 60_000, hookTimeout: 60_000 };

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      projects: [
        {
          plugins: [react()],
          test: { name: 'web', include: ['test/web/**/*.test.{ts,tsx}', ...MOCKING], setupFiles: ['test/web/setup.ts'], isolate: true, ...timeouts },
        },
        { test: { name: 'node', include: ['test/server/**/*.test.ts', 'test/e2e/**/*.test.ts'], exclude: MOCKING, isolate: false, ...timeouts } },
      ],
    },
  }),
);
