// The API answers announced with a page's HTML (Link: rel=preload), so a phone downloads them
// beside the scripts: the SPA's first fetch of each page, for well-formed addresses only.
import { describe, expect, it } from 'vitest';
import { apiPreloadsFor, preloadLinkHeader } from '../../server/page-preload';

const TOKEN = 'abcdefghijklmnopqrstuvwx';

describe('page preloads', () => {
  it("names the first API answer of each of the SPA's pages", () => {
    expect(apiPreloadsFor('/')).toEqual(['/api/groups', '/api/live']);
    expect(apiPreloadsFor('/odds')).toEqual(['/api/odds']);
    expect(apiPreloadsFor(`/g/${TOKEN}`)).toEqual([`/api/g/${TOKEN}`]);
    expect(apiPreloadsFor(`/g/${TOKEN}/`)).toEqual([`/api/g/${TOKEN}`]);
    expect(apiPreloadsFor(`/g/${TOKEN}?lang=ru#top`)).toEqual([`/api/g/${TOKEN}`]);
    expect(apiPreloadsFor(`/g/${TOKEN}/live`)).toEqual([`/api/g/${TOKEN}/live`]);
    expect(apiPreloadsFor(`/g/${TOKEN}/games/c1a2b3`)).toEqual([`/api/g/${TOKEN}/games/c1a2b3`]);
    expect(apiPreloadsFor(`/g/${TOKEN}/players/-42`)).toEqual([`/api/g/${TOKEN}/players/-42`]);
  });

  it('names nothing for an address the SPA does not route, or a malformed token or id', () => {
    for (const url of [
      '/nope',
      '/g',
      '/g/short',
      `/g/${TOKEN}/other`,
      `/g/${TOKEN}/players/abc`,
      `/g/${TOKEN}%2Fx`,
      `/g/${TOKEN}/games/${'x'.repeat(65)}`,
      '/api/groups',
    ]) {
      expect(apiPreloadsFor(url), url).toEqual([]);
    }
  });

  it('writes them as one Link header, fetch-mode (crossorigin) so the SPA’s fetch() takes them up', () => {
    expect(preloadLinkHeader([])).toBeNull();
    expect(preloadLinkHeader(['/api/groups', '/api/live'])).toBe(
      '</api/groups>; rel=preload; as=fetch; crossorigin, </api/live>; rel=preload; as=fetch; crossorigin',
    );
  });
});
