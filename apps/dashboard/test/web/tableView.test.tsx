// @vitest-environment jsdom
// The table as drawn (TableView, through LiveTable): seats with links, bubbles by their player,
// the cup following the turn as one element (so its move is a CSS transition), the reveal.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveTable } from '../../web/src/components/live/LiveTable';
import { tableScene } from '../../web/src/components/table/scene';
import { TableView } from '../../web/src/components/table/TableView';
import { EMPTY_LIVE_STATE, liveReducer, type LiveEntry } from '../../web/src/live/liveState';
import type { LiveGame } from '../../shared/api';
import { liveGame, lobbyGame, playingView, renderPage, SERVER_NOW } from './helpers';

const entryOf = (game: LiveGame): LiveEntry => liveReducer(EMPTY_LIVE_STATE, { type: 'game', game, receivedAt: SERVER_NOW }).byId[game.id]!;
const seatOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Players' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))!;

describe('TableView', () => {
  it('links every player’s name to their page in the group, all reachable by keyboard', () => {
    renderPage(<LiveTable entry={entryOf(liveGame())} token="tok" level={2} />);
    for (const [name, id] of [
      ['Alice', '1'],
      ['Bob', '2'],
      ['Carol', '3'],
      ['Dave', '4'],
    ] as const) {
      const link = within(seatOf(name)).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(`/g/tok/players/${id}`);
      expect(link.getAttribute('tabindex')).toBeNull();
    }
    // Nothing else on the table takes focus or hides a control: the cup and the felt are decoration.
    expect(document.querySelector('.table-cup')!.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('.table-felt')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('puts each announcement in a bubble by its player’s seat, in the ranking’s words, blind and unseen marked', () => {
    const view = playingView();
    view.settings = { ...view.settings, ranking: { doubles: '66-high', littleMia: true, sum: false } };
    view.round!.announcements = [
      { player: '4', value: 42, kind: 'looked' },
      { player: '1', value: 31, kind: 'blind' },
      { player: '2', value: 21, kind: 'pass' },
    ];
    view.round!.actor = '4';
    renderPage(<LiveTable entry={entryOf(liveGame({ view }))} token="tok" level={2} />);
    const bubble = (name: string) => seatOf(name).querySelector('.bubble');
    expect(bubble('Dave')?.textContent).toBe('announced 42');
    expect(bubble('Alice')?.textContent).toBe('announced little Mia blind');
    expect(bubble('Bob')?.textContent).toBe('announced Mia passed unseen');
    expect(bubble('Carol')).toBeNull();
    // The newest stands (and is the middle's claim, with its odds: nothing beats Mia).
    expect(bubble('Bob')!.classList.contains('bubble-standing')).toBe(true);
    expect(bubble('Dave')!.classList.contains('bubble-earlier')).toBe(true);
    expect(document.querySelector('.table-standing-claim')?.textContent).toBe('Mia');
    expect(document.querySelector('.table-odds')?.textContent).toBe('one roll beats it: 0%');
  });

  it('moves the one cup to the next player (a transition, not a new cup) and pops a new bubble in', () => {
    const first = liveGame();
    const { rerender } = renderPage(<LiveTable entry={entryOf(first)} token="tok" level={2} />);
    const cup = document.querySelector<HTMLElement>('.table-cup')!;
    const aliceBubble = seatOf('Alice').querySelector('.bubble')!;
    expect(cup.dataset.seat).toBe('2');
    // Bob announces 63; Dave must answer.
    const view = playingView();
    view.round = { ...view.round!, actor: '4', announcements: [...view.round!.announcements, { player: '2', value: 63, kind: 'looked' }] };
    rerender(<LiveTable entry={entryOf(liveGame({ version: 11, view }))} token="tok" level={2} />);
    const moved = document.querySelector<HTMLElement>('.table-cup')!;
    expect(moved).toBe(cup); // the same element, so CSS animates its position
    expect(moved.dataset.seat).toBe('4');
    expect(moved.style.getPropertyValue('--x')).toBe(seatOf('Dave').style.getPropertyValue('--x'));
    expect(seatOf('Bob').querySelector('.bubble')?.textContent).toBe('announced 63');
    // Alice's bubble is the same element (unchanged); a new announcement is a new element (its pop-in).
    expect(seatOf('Alice').querySelector('.bubble')).toBe(aliceBubble);
    expect(aliceBubble.classList.contains('bubble-earlier')).toBe(true);
  });

  it('shows a reveal in the middle (the dice, how it came out) and the lives lost by the seat', () => {
    const view = playingView();
    view.round = { ...view.round!, announcements: [], actor: '3', stage: 'announce', starter: '3' };
    renderPage(<LiveTable entry={entryOf(liveGame({ view }))} token="tok" level={2} />);
    const middle = document.querySelector('.table-reveal')!;
    expect(middle.querySelector('.table-dice')?.textContent).toBe('⚄⚂');
    expect(middle.querySelector('.table-dice')?.getAttribute('aria-hidden')).toBe('true'); // in words under the table
    expect(middle.querySelector('.table-outcome')?.textContent).toBe('bluff caught');
    expect(seatOf('Carol').querySelector('.seat-loss')?.textContent).toBe('−1 ❤️');
    expect(seatOf('Carol').classList.contains('seat-hit')).toBe(true);
    expect(document.querySelectorAll('.seat-loss')).toHaveLength(1);
    // The same in words, for everyone.
    const outcome = document.querySelector('.round-outcome')!;
    expect(outcome.textContent).toContain('Alice calls liar:');
    expect(outcome.textContent).toContain('Carol loses a life (caught bluffing)');
    // Once someone announces, the reveal is history: no dice in the middle, no loss mark.
    const later = playingView();
    renderPage(<TableView scene={tableScene(later)} token="tok" />);
    expect(document.querySelectorAll('.table-reveal')).toHaveLength(1); // the first render's only
  });

  it('draws a lobby with the players who joined and a free chair', () => {
    renderPage(<LiveTable entry={entryOf(lobbyGame())} token="tok" level={2} />);
    const seats = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(seats.map((li) => li.textContent)).toEqual(['Eve❤️ 6', 'Frank❤️ 6', 'free seat']);
    expect(within(seats[0]!).getByRole('link', { name: 'Eve' }).getAttribute('href')).toBe('/g/tok/players/7');
    expect(document.querySelector('.table-news')?.textContent).toBe('Players (2/10)');
    expect(document.querySelector('.table-cup')!.classList.contains('table-cup-away')).toBe(true);
  });

  it('a miniature: seats, lives, the cup and the standing claim, without the notes', () => {
    renderPage(<TableView scene={tableScene(playingView())} token="tok" size="mini" />);
    expect(document.querySelector('.table-view')!.classList.contains('table-mini')).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem')).toHaveLength(4);
    expect(document.querySelector('.table-cup')!.getAttribute('data-seat')).toBe('2');
    expect(document.querySelector('.table-standing-claim')?.textContent).toBe('62');
    expect(document.querySelector('.turn-line')).toBeNull();
    expect(document.querySelector('ol.announcements')).toBeNull();
  });

  it('says how many are watching, in every language’s plural', () => {
    const { unmount } = renderPage(<LiveTable entry={entryOf(liveGame())} token="tok" level={2} spectators={3} />);
    expect(document.querySelector('.spectators')?.textContent).toBe('👁 3 watching');
    unmount();
    renderPage(<LiveTable entry={entryOf(liveGame())} token="tok" level={2} spectators={5} />, { language: 'ru' });
    expect(document.querySelector('.spectators')?.textContent).toBe('👁 5 зрителей');
  });
});
