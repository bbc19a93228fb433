// @vitest-environment jsdom
// The index's "playing now": the TV follows the featured game (and the tab's title with it), the
// other public games in miniature, all kept live by the public channel.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicLive, PublicLiveGame, PublicLiveMessage } from '../../shared/api';
import { IndexPage } from '../../web/src/pages/IndexPage';
import { tvTitle } from '../../web/src/components/live/tvTitle';
import { createI18n } from '../../web/src/i18n/i18n';
import { fakeSockets, liveGame, lobbyGame, LOCALES, playingView, renderPage, stubFetch, type FakeSocket } from './helpers';

const dice: PublicLiveGame = { group: { token: 'dicetoken', title: 'Dice night' }, game: liveGame({ id: 'g1' }) };
const lobby: PublicLiveGame = { group: { token: 'lobbytoken', title: null }, game: lobbyGame('g2') };
const answer: PublicLive = {
  games: [dice, lobby],
  featured: 'g1',
  spectators: [
    { game: 'g1', watching: 4 },
    { game: 'g2', watching: 1 },
  ],
};

const send = (socket: FakeSocket, message: PublicLiveMessage) => act(() => socket.onmessage?.({ data: JSON.stringify(message) }));

async function openIndex(live: PublicLive = answer) {
  stubFetch({ '/api/groups': { groups: [] }, '/api/live': live });
  const sockets = fakeSockets();
  renderPage(<IndexPage />, { socket: sockets.factory });
  await screen.findByRole('heading', { name: 'Mia TV' });
  const socket = sockets.sockets.find((s) => s.url.endsWith('/api/live/ws'))!;
  act(() => socket.open());
  return socket;
}

describe('the index plays now', () => {
  it('shows the featured game full size on the TV, the others in miniature, with who watches', async () => {
    await openIndex();
    const tv = screen.getByRole('region', { name: 'Mia TV' });
    expect(within(tv).getByRole('link', { name: 'Dice night: the group’s tables' }).getAttribute('href')).toBe('/g/dicetoken/live');
    expect(within(tv).getByRole('heading', { name: 'Round 3' })).toBeTruthy();
    expect(within(tv).getByText('4 watching')).toBeTruthy();
    expect(tv.querySelector('.table-full')).not.toBeNull();
    expect(within(tv).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/g/dicetoken/players/2');
    const previews = screen.getByRole('region', { name: 'More tables' });
    const card = within(previews)
      .getAllByRole('listitem')
      .find((li) => li.classList.contains('preview-card'))!;
    expect(within(card).getByRole('link', { name: 'Unnamed group' }).getAttribute('href')).toBe('/g/lobbytoken/live');
    expect(within(card).getByText('1 watching')).toBeTruthy();
    expect(within(card).getByText('New game: lobby')).toBeTruthy();
    expect(card.querySelector('.table-mini')).not.toBeNull();
    expect(document.title).toBe('Bob to play · round 3 — Mia TV');
  });

  it('follows the channel: a new turn on the TV, a switch of the featured game, counts, and the title with them', async () => {
    const socket = await openIndex();
    send(socket, { type: 'snapshot', games: [dice, lobby], featured: 'g1' });
    // Bob calls... no: Bob believes and Dave is to roll (a new version of g1).
    const view = playingView();
    view.round = { ...view.round!, actor: '4', stage: 'roll' };
    send(socket, { type: 'game', game: { ...dice, game: liveGame({ id: 'g1', version: 11, view }) } });
    expect(document.title).toBe('Dave to play · round 3 — Mia TV');
    expect(document.querySelector('.tv .table-cup')?.getAttribute('data-seat')).toBe('4');
    // The TV moves to the lobby's game: the previews now hold Dice night.
    send(socket, { type: 'featured', featured: 'g2' });
    expect(document.title).toBe('New game in Unnamed group — Mia TV');
    expect(within(screen.getByRole('region', { name: 'Mia TV' })).getByRole('heading', { name: 'New game: lobby' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'More tables' })).getByRole('link', { name: 'Dice night' })).toBeTruthy();
    send(socket, {
      type: 'spectators',
      counts: [
        { game: 'g1', watching: 2 },
        { game: 'g2', watching: 7 },
      ],
    });
    expect(within(screen.getByRole('region', { name: 'Mia TV' })).getByText('7 watching')).toBeTruthy();
    // Nothing featured: the page's own title again, and the TV says so.
    send(socket, { type: 'featured', featured: null });
    expect(document.title).toBe('Mia tables · Mia');
    expect(screen.queryByRole('region', { name: 'Mia TV' })).toBeNull();
  });

  it('without the HTTP answer, the channel’s snapshot brings the games', async () => {
    stubFetch({ '/api/groups': { groups: [] } }); // /api/live answers 404
    const sockets = fakeSockets();
    renderPage(<IndexPage />, { socket: sockets.factory });
    expect(await screen.findByText(/No public game is running right now/)).toBeTruthy();
    const socket = sockets.sockets.find((s) => s.url.endsWith('/api/live/ws'))!;
    act(() => socket.open());
    send(socket, { type: 'snapshot', games: [dice], featured: 'g1' });
    expect(screen.getByRole('region', { name: 'Mia TV' })).toBeTruthy();
    expect(document.title).toBe('Bob to play · round 3 — Mia TV');
  });
});

describe('tvTitle', () => {
  const t = createI18n('en', { en: LOCALES.en }).t;
  const entry = (game = liveGame(), ended = false) => ({ game, clockOffsetMs: 0, ended, group: { token: 'x', title: 'Dice night' }, watching: undefined });
  it('names whose turn and the round, a lobby, a round just over, and the winner', () => {
    expect(tvTitle(t, null)).toBeNull();
    expect(tvTitle(t, entry())).toBe('Bob to play · round 3 — Mia TV');
    expect(tvTitle(t, entry(lobbyGame()))).toBe('New game in Dice night — Mia TV');
    const over = playingView({ phase: 'over', result: { winner: '1', ranking: [] } });
    expect(tvTitle(t, entry(liveGame({ status: 'FINISHED', view: over }), true))).toBe('Alice wins in Dice night — Mia TV');
    const ended = playingView();
    ended.round = { ...ended.round!, ended: 'call' };
    expect(tvTitle(t, entry(liveGame({ view: ended })))).toBe('Round 3 is over · Dice night — Mia TV');
    expect(tvTitle(t, entry(liveGame(), true))).toBe('Game over in Dice night — Mia TV');
  });
});
