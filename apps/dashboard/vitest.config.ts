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

// CI runs the database's workspaces twice: on embedded PGlite (npm test, Node 22) and on a
// PostgreSQL server (MIA_TEST_SCOPE=database, Node 26). The browser pages only read the API, whose
// answers the server's tests check on PostgreSQL too, so the second run keeps the server's tests
// and one browser test (a live game on the server, bot to Chromium); the other browser files cost
// about five minutes there. The SPA's component tests never touch a database but stay: they take
// about 20 s, and they are where a newer Node's globals meet jsdom's (test/web/setup.ts).
const databaseOnly = process.env.MIA_TEST_SCOPE === 'database';
const BROWSER_ON_SERVER = ['test/e2e/game.test.ts'];

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      projects: [
        {
          plugins: [react()],
          test: { name: 'web', include: ['test/web/**/*.test.{ts,tsx}', ...MOCKING], setupFiles: ['test/web/setup.ts'], isolate: true, ...timeouts },
        },
        {
          test: {
            name: 'node',
            include: ['test/server/**/*.test.ts', ...(databaseOnly ? BROWSER_ON_SERVER : ['test/e2e/**/*.test.ts'])],
            exclude: MOCKING,
            isolate: false,
            ...timeouts,
          },
        },
      ],
    },
  }),
);
