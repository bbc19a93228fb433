import { defineConfig } from 'vitest/config';

/**
 * The one Vitest setup every workspace uses: the default reporter for people, and a JSON report
 * per workspace that `scripts/test-summary.mjs` adds up into the closing "N passed, N failed".
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: '.vitest/results.json' }]],
    testTimeout: 20_000,
  },
});
