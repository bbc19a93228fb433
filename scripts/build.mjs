// Builds the production processes into plain JavaScript, when their sources are newer than the
// build: `npm start` (and `npm start -w @mia/bot|@mia/dashboard`) run this first, then node on
// the output, so no TypeScript loader (tsx) or nested npm holds memory beside the app.
//
//   node scripts/build.mjs [demo|bot|dashboard …] [--force]     (no name: all three)
//
// Each entry is bundled by esbuild with the workspace packages (@mia/*, which export TypeScript)
// inlined, and third-party packages left to node_modules but for those listed below (INLINED, and
// the web server's for the dashboard and the demo). The SPA is built by Vite in a
// process of its own when stale, so its memory is gone before the app starts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureTemplate } from './pglite-template.mjs';
import { WEB_BUILD_ENV, WEB_BUILD_NODE_FLAGS } from './node-flags.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (...p) => join(ROOT, ...p);

/** The processes an operator runs: entry → output (apps/dashboard/dist is the SPA, hence dist-server). */
export const TARGETS = {
  demo: { entry: at('apps/demo/src/main.ts'), out: at('apps/demo/dist/main.js'), inline: 'server' },
  bot: { entry: at('apps/bot/src/main.ts'), out: at('apps/bot/dist/main.js') },
  dashboard: { entry: at('apps/dashboard/server/main.ts'), out: at('apps/dashboard/dist-server/main.js'), inline: 'server' },
};

/** Everything bundled into an output: the workspaces' TypeScript, their package.json files, this script. */
const SOURCES = [
  'apps/demo/src',
  'apps/bot/src',
  'apps/dashboard/server',
  'apps/dashboard/shared',
  ...readdirSync(at('packages')).map((p) => `packages/${p}/src`),
  ...['apps', 'packages'].flatMap((d) => readdirSync(at(d)).map((p) => `${d}/${p}/package.json`)),
  'package-lock.json',
  'scripts/build.mjs',
];
/** The SPA's sources, as apps/dashboard/server/build-web.ts checks them at run time. */
const WEB_SOURCES = ['apps/dashboard/web', 'apps/dashboard/shared', 'apps/dashboard/vite.config.ts'];
const WEB_INDEX = at('apps/dashboard/dist/index.html');

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => (name === 'node_modules' ? m : Math.max(m, newest(join(path, name)))), s.mtimeMs);
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

/**
 * Workspace sources find files beside them through `import.meta.url` (locales, the built SPA,
 * fonts, prisma/, Prisma's generated client, the schema engine's wasm through createRequire).
 * Inlined in a bundle, each keeps its own: `import.meta.url` becomes its source file's address,
 * computed from the bundle's, so the repository can move.
 */
function sourceUrls(outDir) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        const rel = relative(outDir, args.path).split(sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

/**
 * Third-party packages inlined all the same, with what they import, so esbuild keeps only the
 * code the app reaches: openskill imports the whole of ramda and @stdlib's maths, 3.7 MB of heap
 * in every bot and dashboard process loaded from node_modules, 0.6 MB inlined (pure JavaScript,
 * no files of their own to find at run time, which a package must be to be listed here).
 */
const INLINED = new Set(['openskill']);

/**
 * The web server's packages, inlined into the processes that serve the dashboard (its own and the
 * demo's): Fastify, its plugins and what they import, TypeBox and its serializers, node-postgres,
 * pino, i18next. Loaded from node_modules, each of their files is a module of its own, with its
 * source in the heap, its module record and wrapper (the idle dashboard had run 1,070 scripts);
 * inlined (1,335 files) and without whitespace, one script of 3 MB (see esbuildTo). The dashboard
 * with 1,000 spectators, Node 26, alternated: peak RSS 119.2-121.1 -> 116.8-117.6 MB, idle 93 -> 90
 * (apps/dashboard/README.md, with one serializer per schema). Each is pure JavaScript or looks for
 * nothing of its own at run time but this: @fastify/swagger reads its package.json for a default
 * version that the OpenAPI document sets; pino starts a worker from its folder only for a
 * transport, which these processes never ask for.
 * Not here: Prisma's client and schema engine and PGlite (WebAssembly beside their code), satori
 * and resvg (loaded at the first link preview; resvg is native), React (loaded with them), vite
 * (the SPA's build). apps/dashboard/test/server/bundle.test.ts runs the compiled dashboard.
 */
const SERVER_INLINED = [
  'fastify',
  '@fastify/compress',
  '@fastify/fast-json-stringify-compiler',
  '@fastify/helmet',
  '@fastify/multipart',
  '@fastify/rate-limit',
  '@fastify/static',
  '@fastify/swagger',
  '@fastify/type-provider-typebox',
  '@fastify/websocket',
  '@sinclair/typebox',
  'fast-json-stringify',
  'i18next',
  'isbot',
  'lru-cache',
  'p-limit',
  // node-postgres with Prisma's adapter for it, all or none: the adapter takes the app's pool only
  // if it is an instance of its own copy's Pool.
  'pg',
  '@prisma/adapter-pg',
  '@prisma/driver-adapter-utils',
  'pino',
];
const INLINE_SETS = { server: new Set([...INLINED, ...SERVER_INLINED]) };
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * @mia/* and relative imports are bundled, and the INLINED packages; any other package stays
 * external. A package that resolves to a nested node_modules (apps/dashboard/node_modules/lru-cache,
 * a version apart from the root's) is imported by its path relative to the bundle, so node loads
 * that same copy.
 */
function externals(outDir, inlined = INLINED) {
  const rootModules = at('node_modules') + sep;
  return {
    name: 'externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('@mia/') || args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
        // An INLINED package, and whatever its own files import (only they reach here from node_modules).
        if (inlined.has(packageName(args.path)) || args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
        if (resolved.errors.length > 0 || !resolved.path || resolved.path.startsWith(rootModules) || !resolved.path.includes(`${sep}node_modules${sep}`)) {
          return { path: args.path, external: true };
        }
        const rel = relative(outDir, resolved.path).split(sep).join('/');
        return { path: rel.startsWith('.') ? rel : `./${rel}`, external: true };
      });
    },
  };
}

/**
 * V8 holds a running script's source in the heap, one byte per character when all of it is
 * Latin-1 and two otherwise. esbuild writes strings and names in ASCII (its default charset) but
 * keeps comments as written: one "—" in a comment made the dashboard's whole bundle a two-byte
 * string (1.1 MB of heap instead of 0.55 in every process). So each character outside printable
 * ASCII in a comment (found by acorn's tokenizer) becomes "?": one UTF-16 unit for one, so the
 * source map's columns stay right. The code itself is left as esbuild wrote it.
 */
export async function asciiComments(code) {
  const { parse } = await import('acorn');
  const comments = [];
  parse(code, { ecmaVersion: 'latest', sourceType: 'module', onComment: (_block, _text, start, end) => comments.push([start, end]) });
  let out = '';
  let at = 0;
  for (const [start, end] of comments) {
    out += code.slice(at, start) + code.slice(start, end).replace(/[^\t\n\r\x20-\x7e]/g, '?');
    at = end;
  }
  return out + code.slice(at);
}

/**
 * Lets the inlined CommonJS packages `require` node's modules (and their optional peers) from an
 * ES module: esbuild's require shim calls the `require` in scope, which an ES module has none of.
 */
const REQUIRE_BANNER = "import { createRequire as __miaCreateRequire } from 'node:module';\nconst require = __miaCreateRequire(import.meta.url);";

/**
 * esbuild with the options every output shares, written with its comments made ASCII-only;
 * `inline` names a set of third-party packages to inline beside INLINED (INLINE_SETS).
 */
async function esbuildTo(entry, out, { inline, banner = '', ...options } = {}) {
  const { build } = await import('esbuild');
  const outDir = dirname(out);
  const inlined = inline ? INLINE_SETS[inline] : INLINED;
  if (!inlined) throw new Error(`unknown set of packages to inline: ${inline}`);
  const result = await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Class and function names as written (error names, log lines), not esbuild's renamings.
    keepNames: true,
    logLevel: 'warning',
    plugins: [externals(outDir, inlined), sourceUrls(outDir)],
    // An inlined output is mostly others' code, held whole in memory as the script's source (an
    // external string): spaces and comments out (4.5 -> 3.0 MB for the dashboard), names kept, so
    // stack traces still name every function (positions: node --enable-source-maps, the map is beside it).
    ...(inline ? { minifyWhitespace: true, minifySyntax: true } : {}),
    ...options,
    banner: { js: [banner, inline ? REQUIRE_BANNER : ''].filter(Boolean).join('\n') },
    write: false,
  });
  await mkdir(outDir, { recursive: true });
  for (const file of result.outputFiles) await writeFile(file.path, file.path.endsWith('.js') ? await asciiComments(file.text) : file.contents);
}

/** One entry bundled as a target's would be (`inline`: a target's set of inlined packages). */
export async function bundleEntry(entry, out, { inline } = {}) {
  await esbuildTo(entry, out, { inline });
}

async function bundle(name) {
  const { entry, out, inline } = TARGETS[name];
  await esbuildTo(entry, out, {
    inline,
    sourcemap: 'linked',
    banner: `// Built by scripts/build.mjs from ${relative(ROOT, entry)}: do not edit.`,
  });
}

function buildWeb() {
  const vite = at('node_modules/vite/bin/vite.js');
  const done = spawnSync(process.execPath, [...WEB_BUILD_NODE_FLAGS, vite, 'build', '--config', at('apps/dashboard/vite.config.ts'), '--logLevel', 'warn'], {
    cwd: at('apps/dashboard'),
    stdio: 'inherit',
    env: { ...WEB_BUILD_ENV, ...process.env },
  });
  if (done.status !== 0) throw new Error(`vite build failed (exit ${done.status})`);
}

export async function buildIfStale(names = Object.keys(TARGETS), { force = false, log = console.log } = {}) {
  const sources = Math.max(...SOURCES.map((s) => newest(at(s))));
  const stale = names.filter((n) => force || builtAt(TARGETS[n].out) < sources);
  // The two steps in processes of their own come first, while this one is still small (esbuild's
  // service and acorn not yet loaded): their peaks are the build's.
  if (!process.env.DATABASE_URL) ensureTemplate(log);
  const needsWeb = names.some((n) => n !== 'bot');
  if (needsWeb && (force || builtAt(WEB_INDEX) < Math.max(...WEB_SOURCES.map((s) => newest(at(s)))))) {
    log('building the dashboard (vite build)…');
    buildWeb();
  }
  if (stale.length > 0) {
    log(`building ${stale.join(', ')} (esbuild → ${stale.map((n) => relative(ROOT, TARGETS[n].out)).join(', ')})…`);
    for (const n of stale) await bundle(n);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const names = argv.filter((a) => !a.startsWith('--'));
  for (const n of names) if (!(n in TARGETS)) throw new Error(`unknown target ${n}: one of ${Object.keys(TARGETS).join(', ')}`);
  await buildIfStale(names.length > 0 ? names : undefined, { force: argv.includes('--force') });
}
