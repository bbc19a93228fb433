// The layers of Mia, enforced: `npm run lint:deps` (run first by `npm test`, hence CI) fails on
// any `error` rule below and prints the rule's name beside each offending import.
//
//   engine  ←  db  ←  game  ←  host  ←  apps (bot, dashboard; demo composes both)
//
// host (startMia) is the one composition root: it opens the database and starts the game service,
// the apps hand it their front-ends (the bot's, the dashboard's) to start on it.
//
// Paths are the resolved files (workspace imports like `@mia/db` resolve through the symlinks in
// node_modules to packages/db/src/…), so a relative `../../db/src/x.ts` is caught the same way.
// Type-only imports count: a layer that needs another's types depends on it.

/** Every workspace's own files; a rule's `to` that names these is about the project's code. */
const PROJECT = '^(apps|packages|test)/';

module.exports = {
  forbidden: [
    {
      name: 'engine-imports-no-workspace',
      comment:
        'packages/engine is the rules of the game, pure: it imports nothing of the project, so every ' +
        'other layer can depend on it and it can be tested and reasoned about alone.',
      severity: 'error',
      from: { path: '^packages/engine/' },
      to: { path: PROJECT, pathNot: '^packages/engine/' },
    },
    {
      name: 'db-imports-only-engine',
      comment:
        'packages/db (schema, migrations, read-side queries) may use the engine (its statistics ' +
        'definitions) and nothing else of the project: the game, the apps and the simulator sit above it.',
      severity: 'error',
      from: { path: '^packages/db/' },
      to: { path: PROJECT, pathNot: '^packages/(db|engine)/' },
    },
    {
      name: 'game-imports-only-engine-and-db',
      comment: 'packages/game (the one writer of games) builds on the engine and db only; it knows no app ' + 'and no Telegram simulator.',
      severity: 'error',
      from: { path: '^packages/game/' },
      to: { path: PROJECT, pathNot: '^packages/(game|db|engine)/' },
    },
    {
      name: 'host-imports-only-packages',
      comment:
        'packages/host (startMia, the one composition root of every process) builds on the engine, db ' +
        'and game only: it knows no app. The apps give it their front-ends as values (plug-ins with a ' +
        'typed interface), so the bot and the dashboard depend on host, never the other way round.',
      severity: 'error',
      from: { path: '^packages/host/' },
      to: { path: PROJECT, pathNot: '^packages/(host|game|db|engine)/' },
    },
    {
      name: 'apps-import-no-other-app',
      comment:
        'The bot and the dashboard are independent apps: neither imports the other (nor the demo). ' +
        'apps/demo is exempt on purpose: it is the composition of the bot and the dashboard in one ' +
        "process. Tests and benchmarks are exempt too: the dashboard's browser tests drive a real " +
        "bot to make games to watch, and the bot's history benchmark serves the dashboard beside it.",
      severity: 'error',
      from: { path: '^apps/(bot|dashboard)/', pathNot: '^apps/[^/]+/(test|bench)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'apps-no-read-write-db',
      comment:
        'The apps read through the read-only interface (@mia/db/queries: ReadClient and the named ' +
        'queries; GameService.reads, which refuses every write at run time) and never get a read-write ' +
        "database client: they never import @prisma/client or its adapters, db's write paths (client, " +
        'database, embedded, schema-engine, the generated client) nor the @mia/db barrel that re-exports ' +
        "them (db's env, errors and paths have subpaths of their own). packages/host is where a process " +
        "opens its read-write database (startMia), on the apps' behalf. Tests and benchmarks are " +
        'exempt: they open and seed databases.',
      severity: 'error',
      from: { path: '^apps/', pathNot: '^apps/[^/]+/(test|bench)/' },
      to: {
        path: [
          '^node_modules/(@prisma/client|\\.prisma|@prisma/adapter-pg)/',
          '^packages/db/src/(index|client|database|embedded|schema-engine|testing|bench)\\.ts$',
          '^packages/db/src/generated/',
        ],
      },
    },
    {
      name: 'no-circular',
      comment:
        "No import cycles anywhere in the project's own code, tests and benchmarks included: a cycle " +
        'makes module initialisation order matter and means two modules are really one.',
      severity: 'error',
      from: { path: PROJECT },
      to: { circular: true },
    },
    {
      name: 'workspace-import-resolves',
      comment:
        'Guard for the rules above: they match resolved paths, so an @mia/* import the cruiser cannot ' +
        'resolve would slip past them silently. Every one must resolve.',
      severity: 'error',
      from: {},
      to: { path: '^@mia/', couldNotResolve: true },
    },
  ],
  options: {
    // Packages are leaves (an app importing @prisma/client is seen, their insides are not walked);
    // so is the generated Prisma client, not ours to shape. Build output is not source.
    doNotFollow: { path: ['node_modules', '^packages/db/src/generated/'] },
    exclude: { path: ['/dist/', '/dist-server/', '/\\.vitest/', '/\\.turbo/', '/data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
