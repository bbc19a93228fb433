// @vitest-environment jsdom
// Everything links (players to their page in the group's scope, games to their replay, pages back
// to their group), and the "not found" pages say precisely what is missing.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../web/src/App';
import { groupFixture, playerFixture, renderPage, stubFetch } from './helpers';

vi.mock('react-chartjs-2', () => ({
  Line: (props: { 'aria-label'?: string }) => <canvas role="img" aria-label={props['aria-label']} />,
  Doughnut: (props: { 'aria-label'?: string }) => <canvas role="img" aria-label={props['aria-label']} />,
}));

const hrefs = (links: HTMLElement[]) => links.map((a) => a.getAttribute('href'));

describe('links', () => {
  it('links every player of a game card and of the leaderboard to their page, and each finished game to its replay', async () => {
    stubFetch({ '/api/g/tok': groupFixture() });
    renderPage(<App />, { route: '/g/tok' });
    const games = await screen.findByRole('region', { name: 'Finished games' });
    const cards = within(games)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('card'));
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      const players = within(card).getByRole('list', { name: 'Players' });
      expect(hrefs(within(players).getAllByRole('link'))).toEqual(['/g/tok/players/u1', '/g/tok/players/u2']);
    }
    expect(hrefs(within(games).getAllByRole('link', { name: /^Replay/ }))).toEqual(['/g/tok/games/a', '/g/tok/games/b', '/g/tok/games/c']);
    // The aborted game has no replay.
    expect(within(cards[3]!).queryByRole('link', { name: /^Replay/ })).toBeNull();

    const leaderboard = screen.getByRole('group', { name: 'Rating leaderboard' });
    expect(within(leaderboard).getByRole('link', { name: 'Alice' }).getAttribute('href')).toBe('/g/tok/players/u1');
    expect(within(leaderboard).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/g/tok/players/u2');
  });

  it('links the player page back to its group and to the replays of its recent games', async () => {
    stubFetch({ '/api/g/tok/players/u1': playerFixture() });
    renderPage(<App />, { route: '/g/tok/players/u1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the group' }).getAttribute('href')).toBe('/g/tok');
    const recent = screen.getByRole('region', { name: 'Recent games' });
    expect(hrefs(within(recent).getAllByRole('link'))).toEqual(['/g/tok/games/game-9', '/g/tok/games/game-8']);
  });
});

describe('precise "not found" pages', () => {
  const expectLinkOnlyBackToTheGroup = () => {
    expect(screen.getByRole('link', { name: 'Back to “Dice night”' }).getAttribute('href')).toBe('/g/tok');
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('link', { name: 'Back to the public groups' })).toBeNull();
    expect(within(main).queryByText(/\/dashboard rotate/)).toBeNull();
  };

  it('says an unknown game of a valid group is not in that group, and links back to it', async () => {
    const fetchMock = stubFetch({ '/api/g/tok': groupFixture() });
    renderPage(<App />, { route: '/g/tok/games/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Game not found' })).toBeTruthy();
    expect(screen.getByText(/“Dice night” has no finished game at this address/)).toBeTruthy();
    expectLinkOnlyBackToTheGroup();
    expect(document.title).toBe('Game not found · Mia');
    // The game's answer first, then the group's, which tells which of the two is missing.
    expect(fetchMock.mock.calls.map(([p]) => String(p))).toEqual(['/api/g/tok/games/nope', '/api/g/tok']);
  });

  it('says an unknown player of a valid group has not played there, and links back to it', async () => {
    stubFetch({ '/api/g/tok': groupFixture() });
    renderPage(<App />, { route: '/g/tok/players/999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Player not found' })).toBeTruthy();
    expect(screen.getByText('Nobody at this address has played in “Dice night”.')).toBeTruthy();
    expectLinkOnlyBackToTheGroup();
  });

  it('links an unknown page under a valid group back to the group', async () => {
    stubFetch({ '/api/g/tok': groupFixture() });
    renderPage(<App />, { route: '/g/tok/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByText(/“Dice night” has no page at this address/)).toBeTruthy();
    expectLinkOnlyBackToTheGroup();
  });

  it('says the group’s link may have changed when the group itself is unknown, whatever the address names', async () => {
    for (const route of ['/g/old', '/g/old/live', '/g/old/games/g1', '/g/old/players/1']) {
      stubFetch({});
      const view = renderPage(<App />, { route });
      expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
      expect(screen.getByText(/the group’s link may have changed/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the public groups' }).getAttribute('href')).toBe('/');
      view.unmount();
    }
  });

  it('offers a retry when the group check itself fails on the network', async () => {
    stubFetch({ '/api/g/tok': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage(<App />, { route: '/g/tok/games/nope' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says nothing is at an address outside any group, linking to the index', () => {
    stubFetch({});
    renderPage(<App />, { route: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('Nothing is at this address: the link may be mistyped.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the public groups' }).getAttribute('href')).toBe('/');
  });
});
