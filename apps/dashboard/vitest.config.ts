import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// Server tests boot an embedded PGlite per file (1-3 s each) and play whole games through it.
// Web tests (test/web, *.test.tsx) pick their DOM environment per file with a
// `// @vitest-environment jsdom` comment; the default is Node.
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
);
