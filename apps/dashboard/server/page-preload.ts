// The API answers a page address of the SPA fetches as it starts, announced with the page's
// HTML (`Link: <…>; rel=preload; as=fetch`): the browser then downloads them beside the scripts
// instead of after them, which on a slow phone network is a whole round trip and more (issue 13:
// the largest paint of the group and live pages). Mirrors the SPA's routes (web/src/App.tsx) and
// the first query of each page (web/src/api/client.ts apiPaths); a page that asks for something
// else only costs the one answer it did not use.
import { GAME_ID_PATTERN, TOKEN_PATTERN, USER_ID_PATTERN } from './schemas';

/** A pattern of schemas.ts without its anchors, to build the page patterns from. */
const part = (pattern: string) => pattern.replace(/^\^/, '').replace(/\$$/, '');
const TOKEN = part(TOKEN_PATTERN);

const PAGES: { page: RegExp; api: (m: RegExpExecArray) => string[] }[] = [
  { page: /^\/$/, api: () => ['/api/groups', '/api/live'] },
  { page: /^\/odds$/, api: () => ['/api/odds'] },
  { page: new RegExp(`^/g/(${TOKEN})$`), api: (m) => [`/api/g/${m[1]}`] },
  { page: new RegExp(`^/g/(${TOKEN})/live$`), api: (m) => [`/api/g/${m[1]}/live`] },
  { page: new RegExp(`^/g/(${TOKEN})/games/(${part(GAME_ID_PATTERN)})$`), api: (m) => [`/api/g/${m[1]}/games/${m[2]}`] },
  { page: new RegExp(`^/g/(${TOKEN})/players/(${part(USER_ID_PATTERN)})$`), api: (m) => [`/api/g/${m[1]}/players/${m[2]}`] },
];

/**
 * The API paths the page at `url` fetches first; none for an address the SPA does not route. Only
 * ids and tokens of the schemas' shapes (letters, digits, "-", "_"): their URL is the same however
 * the SPA escapes them, so the browser matches the preload with the SPA's own fetch.
 */
export function apiPreloadsFor(url: string): string[] {
  const path = url.split('?')[0]!.split('#')[0]!;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const { page, api } of PAGES) {
    const m = page.exec(trimmed);
    if (m) return api(m);
  }
  return [];
}

/** The Link header announcing them (`crossorigin`: a fetch() is a CORS-mode request, same origin). */
export function preloadLinkHeader(paths: string[]): string | null {
  return paths.length === 0 ? null : paths.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin`).join(', ');
}
