// Which page a page address is, as the SPA routes it (web/src/App.tsx), for its link preview.
// Ids that are malformed are kept as `null`: such a page gets the generic preview, like an
// unknown one, rather than an error a link-preview robot would show.
import { GAME_ID_PATTERN, TOKEN_PATTERN, USER_ID_PATTERN } from '../schemas';

export type PageTarget =
  | { kind: 'index' }
  | { kind: 'odds' }
  | { kind: 'group'; token: string | null; live: boolean }
  /** `spoilerFree`: the replay's spoiler-free link (`?spoilers=hidden`): its preview must not name the winner. */
  | { kind: 'game'; token: string | null; gameId: string | null; spoilerFree: boolean }
  | { kind: 'player'; token: string | null; userId: bigint | null }
  /** No page of the SPA (it shows its "not found"). */
  | { kind: 'other' };

const TOKEN = new RegExp(TOKEN_PATTERN);
const GAME_ID = new RegExp(GAME_ID_PATTERN);
const USER_ID = new RegExp(USER_ID_PATTERN);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const checked = (value: string | undefined, pattern: RegExp): string | null => (value !== undefined && pattern.test(value) ? value : null);

function userIdOf(value: string | undefined): bigint | null {
  const digits = checked(value, USER_ID);
  if (digits === null) return null;
  const id = BigInt(digits);
  return id < INT64_MIN || id > INT64_MAX ? null : id;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page at `url` (a request's URL: path and query). */
export function pageTarget(url: string): PageTarget {
  const path = url.split(/[?#]/, 1)[0]!;
  const query = new URLSearchParams(/\?([^#]*)/.exec(url)?.[1] ?? '');
  // A trailing slash reaches the same page in the SPA's router.
  const parts = path.split('/').slice(1).map(decoded);
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  const [first, token, section, id, ...rest] = parts;
  if (rest.length > 0) return { kind: 'other' };
  if (parts.length === 1 && first === '') return { kind: 'index' };
  if (parts.length === 1 && first === 'odds') return { kind: 'odds' };
  if (first !== 'g' || token === undefined) return { kind: 'other' };
  const groupToken = checked(token, TOKEN);
  if (section === undefined) return { kind: 'group', token: groupToken, live: false };
  if (section === 'live' && id === undefined) return { kind: 'group', token: groupToken, live: true };
  if (section === 'games' && id !== undefined)
    return { kind: 'game', token: groupToken, gameId: checked(id, GAME_ID), spoilerFree: query.get('spoilers') === 'hidden' };
  if (section === 'players' && id !== undefined) return { kind: 'player', token: groupToken, userId: userIdOf(id) };
  return { kind: 'other' };
}
