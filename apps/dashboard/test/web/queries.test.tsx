// @vitest-environment jsdom
// Data through TanStack Query: the retry policy by failure kind, the group's query invalidated
// when the live channel reports a game's end, and a revoked link (close code 4004) turning the
// page into its "not found".
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../web/src/api/client';
import { MAX_RETRIES, QUERY_DEFAULTS, retryDelay, shouldRetry } from '../../web/src/api/queryClient';
import { App } from '../../web/src/App';
import { fakeSockets, groupFixture, liveGame, playingView, renderPage, stubFetch } from './helpers';

const failure = (kind: ApiFailure['kind'], status: number | null = null) => new ApiFailure(kind, status, kind);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const apiError = (status: number) => json({ statusCode: status, error: 'Error', message: `status ${status}` }, status);
const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) => fetchMock.mock.calls.filter(([p]) => String(p) === path).length;

describe('the retry policy', () => {
  it('retries what may pass (no answer, a server error, a rate limit) at most twice, never a not-found', () => {
    for (const kind of ['network', 'server', 'rate-limited'] as const) {
      expect([0, 1, 2].map((n) => shouldRetry(n, failure(kind)))).toEqual([true, true, false]);
    }
    expect(MAX_RETRIES).toBe(2);
    expect(shouldRetry(0, failure('not-found', 404))).toBe(false);
    // Not an ApiFailure: a cancelled request or a bug, not worth repeating.
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });

  it('waits longer after each failure, and at least 5 s after a rate limit', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(n, failure('server', 503)))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(retryDelay(0, failure('rate-limited', 429))).toBe(5_000);
    expect(retryDelay(3, failure('rate-limited', 429))).toBe(8_000);
  });

  it('does not refetch on window focus, and keeps answers fresh for a while', () => {
    expect(QUERY_DEFAULTS.refetchOnWindowFocus).toBe(false);
    expect(QUERY_DEFAULTS.staleTime).toBeGreaterThanOrEqual(10_000);
  });

  it('loads a page whose first two answers were server errors, without showing an error', async () => {
    let answers = 0;
    const fetchMock = stubFetch({ '/api/g/tok': () => (++answers <= 2 ? apiError(503) : json(groupFixture())) });
    renderPage(<App />, { route: '/g/tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dice night' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/g/tok')).toBe(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives up after three server errors and says so, with a retry', async () => {
    const fetchMock = stubFetch({ '/api/g/tok': () => apiError(500) });
    renderPage(<App />, { route: '/g/tok' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/The server answered with an error \(500\)/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/g/tok')).toBe(1 + MAX_RETRIES);
  });

  it('asks once for a link that leads nowhere', async () => {
    const fetchMock = stubFetch({});
    renderPage(<App />, { route: '/g/old-token' });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/g/old-token')).toBe(1);
  });
});

describe('the group page and the live channel', () => {
  /** The group after its running game ended: one more finished game, Carol on the leaderboard. */
  function afterTheEnd() {
    const fresh = groupFixture();
    fresh.live = [];
    fresh.ratings.people.push({ position: 3, userId: 'u3', name: 'Carol', rating: 950, games: 1, wins: 0, winRate: 0, bluffRate: 0.5, provisional: true });
    fresh.games.unshift({ ...fresh.games[0]!, id: 'g1', players: [...fresh.games[0]!.players, { userId: 'u3', name: 'Carol', ai: false, place: 3 }] });
    return fresh;
  }

  it('fetches the group again when a game ends, and shows the new leaderboard and game, keeping its socket', async () => {
    let ended = false;
    const fetchMock = stubFetch({ '/api/g/tok': () => json(ended ? afterTheEnd() : groupFixture()) });
    const sockets = fakeSockets();
    renderPage(<App />, { route: '/g/tok', socket: sockets.factory });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dice night' })).toBeTruthy();
    await waitFor(() => expect(sockets.last()).toBeDefined());
    act(() => sockets.last().open());
    act(() => sockets.last().receive({ type: 'snapshot', games: [liveGame()] }));
    expect(callsTo(fetchMock, '/api/g/tok')).toBe(1);
    const leaderboard = screen.getByRole('group', { name: 'Rating leaderboard' });
    expect(within(leaderboard).queryByRole('link', { name: 'Carol' })).toBeNull();

    ended = true;
    act(() => sockets.last().receive({ type: 'ended', game: liveGame({ version: 11, status: 'FINISHED', view: playingView({ phase: 'over' }) }) }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Rating leaderboard' }))
          .getByRole('link', { name: 'Carol' })
          .getAttribute('href'),
      ).toBe('/g/tok/players/u3'),
    );
    expect(callsTo(fetchMock, '/api/g/tok')).toBe(1 + 1);
    const games = screen.getByRole('region', { name: 'Finished games' });
    expect(within(games).getAllByRole('link', { name: /^Replay/ })).toHaveLength(4);
    // The live tables stayed: the same socket, not a new one.
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.last().closed).toBe(false);
  });

  it('keeps showing the page when the refetch after a game’s end fails on the network', async () => {
    let ended = false;
    const fetchMock = stubFetch({ '/api/g/tok': () => (ended ? Promise.reject(new TypeError('Failed to fetch')) : json(groupFixture())) });
    const sockets = fakeSockets();
    renderPage(<App />, { route: '/g/tok', socket: sockets.factory });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dice night' })).toBeTruthy();
    await waitFor(() => expect(sockets.last()).toBeDefined());
    act(() => sockets.last().open());
    ended = true;
    act(() => sockets.last().receive({ type: 'ended', game: liveGame({ status: 'FINISHED' }) }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/g/tok')).toBe(1 + 1 + MAX_RETRIES));
    expect(screen.getByRole('heading', { level: 1, name: 'Dice night' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the link no longer works when the channel closes with 4004 (the link was renewed), with a link to the index', async () => {
    let renewed = false;
    const fetchMock = stubFetch({ '/api/g/tok': () => (renewed ? apiError(404) : json(groupFixture())) });
    const sockets = fakeSockets();
    renderPage(<App />, { route: '/g/tok', socket: sockets.factory });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dice night' })).toBeTruthy();
    await waitFor(() => expect(sockets.last()).toBeDefined());
    act(() => sockets.last().open());

    renewed = true;
    act(() => sockets.last().drop(4004));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByText(/An admin renewed this group’s dashboard link while you were watching/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the public groups' }).getAttribute('href')).toBe('/');
    expect(callsTo(fetchMock, '/api/g/tok')).toBe(2);
    expect(sockets.sockets).toHaveLength(1);
  });
});
