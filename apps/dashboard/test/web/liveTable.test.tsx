// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LiveTable } from '../../web/src/components/live/LiveTable';
import { liveReducer, EMPTY_LIVE_STATE, type LiveEntry } from '../../web/src/live/liveState';
import { liveGame, lobbyGame, playingView, renderPage, SERVER_NOW } from './helpers';
import type { LiveGame } from '../../shared/api';

/** An entry as the reducer makes it, received at the client's `clientNow`. */
function entryOf(game: LiveGame, clientNow: number): LiveEntry {
  return liveReducer(EMPTY_LIVE_STATE, { type: 'game', game, receivedAt: clientNow }).byId[game.id]!;
}

/** Any die face, ⚀…⚅ (U+2680…2685). */
const DIE_FACE = /[\u2680-\u2685]/;

describe('LiveTable', () => {
  it('shows each seat in order with lives as a heart and the count, never a die face, and who is out struck through', () => {
    renderPage(<LiveTable entry={entryOf(liveGame(), SERVER_NOW)} token="tok" level={2} />);
    const seats = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(seats.map((li) => li.querySelector('.seat-name')?.textContent?.replace(/\s*\(their turn\)/, ''))).toEqual(['Alice', 'Bob', 'Carol', 'Dave AI']);
    // Alice: 4 lives as ❤️ 4, named for screen readers.
    const alice = within(seats[0]!).getByRole('img', { name: '4 lives' });
    expect(alice.textContent).toBe('❤️ 4');
    // Bob: 8 lives, more than a die shows: the same heart and count.
    expect(within(seats[1]!).getByRole('img', { name: '8 lives' }).textContent).toBe('❤️ 8');
    // Dave: 6 lives: a heart, not ⚅.
    expect(within(seats[3]!).getByRole('img', { name: '6 lives' }).textContent).toBe('❤️ 6');
    // No die face anywhere in the seats: lives never read as dice.
    for (const li of seats) expect(li.textContent).not.toMatch(DIE_FACE);
    // Carol is out: her name struck through and the reason in words, no lives shown.
    expect(seats[2]!.querySelector('s')?.textContent).toBe('Carol');
    expect(seats[2]!.textContent).toContain('out');
    expect(within(seats[2]!).queryByRole('img')).toBeNull();
    expect(seats[2]!.querySelector('.lives')).toBeNull();
  });

  it('shows lives as a heart and the count for every count a game can have, one life singular', () => {
    const view = playingView();
    view.seats = [1, 2, 3, 5, 6, 12].map((lives, i) => ({ id: String(i + 1), name: `P${i + 1}`, ai: false, lives, out: null, missedTurns: 0 }));
    renderPage(<LiveTable entry={entryOf(liveGame({ view }), SERVER_NOW)} token="tok" level={2} />);
    const lives = [...document.querySelectorAll<HTMLElement>('ol.seats .lives')];
    expect(lives.map((l) => [l.getAttribute('aria-label'), l.textContent])).toEqual([
      ['1 life', '❤️ 1'],
      ['2 lives', '❤️ 2'],
      ['3 lives', '❤️ 3'],
      ['5 lives', '❤️ 5'],
      ['6 lives', '❤️ 6'],
      ['12 lives', '❤️ 12'],
    ]);
    for (const l of lives) {
      expect(l.getAttribute('role')).toBe('img');
      expect(l.textContent).not.toMatch(DIE_FACE);
      expect(l.classList.contains('dice')).toBe(false);
    }
  });

  it('marks whose turn it is, in the seat list, by the cup and in words', () => {
    renderPage(<LiveTable entry={entryOf(liveGame(), SERVER_NOW)} token="tok" level={2} />);
    const seats = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    const current = seats.filter((li) => li.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(current[0]!.textContent).toContain('Bob');
    expect(current[0]!.classList.contains('seat-turn')).toBe(true);
    expect(current[0]!.textContent).toContain('(their turn)');
    // The cup stands at Bob's seat (seat 2 of 4: the right-hand side of the ring), off its card toward the centre.
    const cup = document.querySelector<HTMLElement>('.table-cup')!;
    expect(cup.dataset.seat).toBe('2');
    expect([cup.style.getPropertyValue('--x'), cup.style.getPropertyValue('--y')]).toEqual([
      current[0]!.style.getPropertyValue('--x'),
      current[0]!.style.getPropertyValue('--y'),
    ]);
    expect(cup.style.getPropertyValue('--fx')).toBe('-1');
    expect(screen.getByText('Bob’s turn to believe or call')).toBeTruthy();
  });

  it('counts down to the deadline by the server clock, whatever the client clock says', () => {
    // The client clock is 5 minutes behind the server: 42 s are still 42 s.
    const clientNow = SERVER_NOW - 5 * 60_000;
    vi.useFakeTimers({ now: clientNow, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    renderPage(<LiveTable entry={entryOf(liveGame(), clientNow)} token="tok" level={2} />);
    expect(screen.getByRole('timer').textContent).toContain('0:42 left');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('timer').textContent).toContain('0:40 left');
    act(() => vi.advanceTimersByTime(40_000));
    expect(screen.getByRole('timer').textContent).toContain('time is up');
  });

  it('starts a new deadline from a fresh reading of the clock: a 90 s turn shows 1:30, not 1:31', () => {
    vi.useFakeTimers({ now: SERVER_NOW, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const first = liveGame();
    const { rerender } = renderPage(<LiveTable entry={entryOf(first, SERVER_NOW)} token="tok" level={2} />);
    // 900 ms after the last tick a new turn arrives, its deadline 90 s after the server's now.
    act(() => vi.advanceTimersByTime(900));
    const now = SERVER_NOW + 900;
    const next = liveGame({ version: first.version + 1, serverTime: new Date(now).toISOString(), deadlineAt: new Date(now + 90_000).toISOString() });
    rerender(<LiveTable entry={entryOf(next, now)} token="tok" level={2} />);
    expect(screen.getByRole('timer').textContent).toContain('1:30 left');
    vi.useRealTimers();
  });

  it('has no countdown without a deadline', () => {
    renderPage(<LiveTable entry={entryOf(liveGame({ deadlineAt: null }), SERVER_NOW)} token="tok" level={2} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('lists the round’s announcements with claim labels, blind marked', () => {
    renderPage(<LiveTable entry={entryOf(liveGame(), SERVER_NOW)} token="tok" level={2} />);
    const items = within(screen.getByRole('list', { name: 'Announcements' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Dave: 42', 'Alice: 62 (blind)']);
  });

  it('labels Mia, little Mia, doubles and sums the way the ranking names them', () => {
    const view = playingView();
    view.settings = { ...view.settings, ranking: { doubles: '66-high', littleMia: true, sum: true } };
    view.round!.announcements = [
      { player: '4', value: 53, kind: 'looked' },
      { player: '1', value: 55, kind: 'looked' },
      { player: '2', value: 31, kind: 'looked' },
      { player: '4', value: 21, kind: 'pass' },
    ];
    renderPage(<LiveTable entry={entryOf(liveGame({ view }), SERVER_NOW)} token="tok" level={2} />);
    const items = within(screen.getByRole('list', { name: 'Announcements' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Dave: 8 points', 'Alice: 55', 'Bob: little Mia', 'Dave: Mia (passed on unseen)']);
  });

  it('shows the last reveal as dice faces and who lost a life and why', () => {
    renderPage(<LiveTable entry={entryOf(liveGame(), SERVER_NOW)} token="tok" level={2} />);
    const outcome = document.querySelector('.round-outcome') as HTMLElement;
    expect(outcome.textContent).toContain('Last round (2)');
    expect(outcome.textContent).toContain('Alice calls liar:');
    const dice = within(outcome).getByRole('img', { name: '5 and 3' });
    expect(dice.textContent).toBe('⚄⚂');
    expect(outcome.textContent).toContain('(Carol announced 64)');
    expect(outcome.textContent).toContain('Carol loses a life (caught bluffing)');
  });

  it('tells screen readers the newest announcement and whose turn, in a polite live region', () => {
    renderPage(<LiveTable entry={entryOf(liveGame(), SERVER_NOW)} token="tok" level={2} />);
    const region = document.querySelector('[aria-live="polite"]');
    expect(region?.textContent).toBe('Alice: 62 (blind) Bob’s turn to believe or call');
  });

  it('shows a lobby’s seated players', () => {
    renderPage(<LiveTable entry={entryOf(lobbyGame(), SERVER_NOW)} token="tok" level={2} />);
    expect(screen.getByRole('heading', { name: 'New game: lobby' })).toBeTruthy();
    expect(screen.getByText('Players (2/10)')).toBeTruthy();
    expect(screen.getByText('Eve')).toBeTruthy();
    expect(screen.getByText('Frank')).toBeTruthy();
  });

  it('once over, names the winner and links to the replay', () => {
    const view = playingView({
      phase: 'over',
      result: { winner: '1', ranking: [] },
      round: { ...playingView().lastRound!, number: 9 },
    });
    const entry = liveReducer(EMPTY_LIVE_STATE, {
      type: 'ended',
      game: liveGame({ status: 'FINISHED', view, deadlineAt: null }),
      receivedAt: SERVER_NOW,
    }).byId.g1!;
    renderPage(<LiveTable entry={entry} token="tok" level={2} />);
    expect(screen.getByRole('heading', { name: 'Game over' })).toBeTruthy();
    // Under the table in words, and in its middle (hidden there from screen readers: said once).
    expect(document.querySelector('.turn-line')?.textContent).toBe('Alice wins!');
    expect(document.querySelector('.table-winner')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('.seat-winner')?.textContent).toContain('Alice');
    expect(document.querySelector<HTMLElement>('.table-cup')!.classList.contains('table-cup-away')).toBe(true);
    expect(screen.getByRole('link', { name: 'Watch the replay' }).getAttribute('href')).toBe('/g/tok/games/g1');
  });
});
