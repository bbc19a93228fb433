// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../web/src/App';
import { fakeSockets, groupFixture, liveGame, playerFixture, playingView, renderPage, replayFixture, stubFetch } from './helpers';

vi.mock('react-chartjs-2', () => ({
  Line: (props: { 'aria-label'?: string }) => <canvas role="img" aria-label={props['aria-label']} />,
  Doughnut: (props: { 'aria-label'?: string }) => <canvas role="img" aria-label={props['aria-label']} />,
}));

describe('pages and their states', () => {
  it('lists the public groups on the index, with links, and says how private groups are reached', async () => {
    stubFetch({
      '/api/groups': {
        groups: [
          { token: 'abc', title: 'Dice night', language: 'ru', runningGames: 2, finishedGames: 1 },
          { token: 'def', title: null, language: 'en', runningGames: 0, finishedGames: 0 },
        ],
      },
    });
    renderPage(<App />, { route: '/' });
    const link = await screen.findByRole('link', { name: 'Dice night' });
    expect(link.getAttribute('href')).toBe('/g/abc');
    expect(screen.getByRole('link', { name: 'Unnamed group' }).getAttribute('href')).toBe('/g/def');
    expect(screen.getByText('2 games running')).toBeTruthy();
    expect(screen.getByText(/send \/dashboard in your group/)).toBeTruthy();
    // Landmarks: banner with navigation, main, footer.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('says a bad or rotated group link leads nowhere (404), with no retry', async () => {
    const fetchMock = stubFetch({});
    renderPage(<App />, { route: '/g/old-token' });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByText(/\/dashboard rotate/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/g/old-token', expect.anything());
  });

  it('shows "not found" for an address the app does not know', () => {
    stubFetch({});
    renderPage(<App />, { route: '/no/such/page' });
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
  });

  it('retries a network error twice on its own, then offers a retry, and the retry loads the page', async () => {
    let online = false;
    const fetchMock = stubFetch({
      '/api/g/tok': () => {
        if (!online) return Promise.reject(new TypeError('Failed to fetch'));
        return new Response(JSON.stringify(groupFixture()), { status: 200 });
      },
    });
    renderPage(<App />, { route: '/g/tok' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/connection failed/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    online = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dice night' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('tells a busy server (429) apart from a lost connection', async () => {
    stubFetch({
      '/api/odds': () => new Response(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' }), { status: 429 }),
    });
    renderPage(<App />, { route: '/odds' });
    expect(await screen.findByText(/Too many requests/)).toBeTruthy();
  });

  it('keeps the group page’s live tables current from the socket, without a reload', async () => {
    stubFetch({ '/api/g/tok': groupFixture() });
    const sockets = fakeSockets();
    renderPage(<App />, { route: '/g/tok', socket: sockets.factory });
    expect(await screen.findByText('Bob’s turn to believe or call')).toBeTruthy();
    expect(screen.getByText('Connecting…')).toBeTruthy();
    // The socket is opened by an effect, which a loaded machine may run after the text shows.
    await waitFor(() => expect(sockets.last()).toBeDefined());

    act(() => sockets.last().open());
    expect(screen.getByText('Live')).toBeTruthy();
    const next = playingView();
    // A new round: its starter, Dave, holds the dice the engine dealt him and is to announce.
    next.round!.actor = '4';
    next.round!.starter = '4';
    next.round!.stage = 'announce';
    next.round!.announcements = [];
    next.round!.number = 4;
    act(() => sockets.last().receive({ type: 'snapshot', games: [liveGame({ version: 12, view: next })] }));
    expect(screen.getByText('Dave’s turn to announce')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Round 4' })).toBeTruthy();

    act(() => sockets.last().drop());
    expect(screen.getByText('Connection lost — reconnecting…')).toBeTruthy();
    // Still showing the last state while away.
    expect(screen.getByText('Dave’s turn to announce')).toBeTruthy();
  });

  it('loads the replay page on demand and shows the game', async () => {
    stubFetch({ '/api/g/tok/games/game-7': replayFixture() });
    renderPage(<App />, { route: '/g/tok/games/game-7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Game replay' })).toBeTruthy();
    // The board at the first step: round 1 as it began.
    expect(screen.getByRole('heading', { level: 2, name: 'Round 1' })).toBeTruthy();
    expect(screen.getByText('Alice starts the round.')).toBeTruthy();
  });

  it('loads the player page (and chart.js) on demand', async () => {
    stubFetch({ '/api/g/tok/players/u1': playerFixture() });
    renderPage(<App />, { route: '/g/tok/players/u1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Bluff rate by week from/ })).toBeTruthy();
  });

  it('lists each preset’s ranking best first with the chance each value is beaten', async () => {
    stubFetch({
      '/api/odds': {
        presets: [
          {
            preset: 'meyer',
            ranking: { doubles: '66-high', littleMia: true, sum: false },
            rows: [
              { claim: 21, percent: 0 },
              { claim: 31, percent: 6 },
              { claim: 66, percent: 11 },
            ],
          },
        ],
      },
    });
    renderPage(<App />, { route: '/odds' });
    const section = await screen.findByRole('region', { name: 'Meyer' });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1Mia ⚁⚀0%', '2little Mia ⚂⚀6%', '366 ⚅⚅11%']);
    expect(within(rows[1]!).getByRole('img', { name: '3 and 1' })).toBeTruthy();
  });

  it('toggles the dark theme and remembers it; the button names the theme a press gives', () => {
    stubFetch({ '/api/groups': { groups: [] } });
    renderPage(<App />, { route: '/' });
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle.getAttribute('aria-pressed')).toBeNull();
    fireEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('mia.theme')).toBe('dark');
    expect(toggle.textContent).toContain('Light theme');
    expect(screen.queryByRole('button', { name: 'Dark theme' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: 'Dark theme' })).toBe(toggle);
  });
});
