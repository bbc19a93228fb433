import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// The shared include covers test/**/*.test.ts (the server's tests); the SPA's component tests
// are .tsx (mergeConfig concatenates arrays, so this adds to it). Each web test file picks jsdom
// with a `// @vitest-environment jsdom` comment; the rest run in Node. Server tests boot an
// embedded PGlite per file and play whole games through it: longer timeouts.
export default mergeConfig(
  shared,
  defineConfig({
    plugins: [react()],
    test: { include: ['test/**/*.test.tsx'], testTimeout: 60_000, hookTimeout: 60_000 },
  }),
);
