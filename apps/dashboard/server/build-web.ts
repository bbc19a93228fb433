import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEB_ROOT } from './static';

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [join(PACKAGE_ROOT, 'web'), join(PACKAGE_ROOT, 'shared'), join(PACKAGE_ROOT, 'vite.config.ts')];

const newest = (path: string): number => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), s.mtimeMs);
};

/** Whether dist/ is missing or older than any source of the SPA. */
export function webBuildIsStale(webRoot = DEFAULT_WEB_ROOT): boolean {
  const index = join(webRoot, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => existsSync(s) && newest(s) > built);
}

/**
 * Builds the SPA with Vite when it is missing or stale, so `npm start` on a fresh clone serves the
 * dashboard without a separate build step (a few seconds, once). Vite is a dev dependency of this
 * package, installed by `npm install`; a production image builds with `npm run build` instead.
 */
export async function ensureWebBuilt(log: (line: string) => void = () => {}): Promise<void> {
  if (!webBuildIsStale()) return;
  log('building the dashboard (vite build)…');
  const { build } = await import('vite');
  await build({ configFile: join(PACKAGE_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
