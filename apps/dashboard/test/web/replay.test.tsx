// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Replay } from '../../web/src/pages/ReplayPage';
import { STEP_MS } from '../../web/src/pages/replay/useAutoPlay';
import { renderPage } from './helpers';
import { replayGame } from './replayGame';

/* chart.js needs a real canvas, which jsdom lacks: the chart is a stub that records its props. */
const charts = vi.hoisted(() => ({ line: [] as Record<string, unknown>[] }));
vi.mock('react-chartjs-2', () => ({
  Line: (props: Record<string, unknown> & { fallbackContent?: ReactNode }) => {
    charts.line.push(props);
    return (
      <canvas role="img" aria-label={props['aria-label'] as string}>
        {props.fallbackContent}
      </canvas>
    );
  },
}));

/** The address as the router holds it, so a test sees what a copied link would be. */
function Address() {
  const { search } = useLocation();
  return <div data-testid="address">{search}</div>;
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const position = () => `${address().get('round')}/${address().get('step')}`;

function open(search = '') {
  return renderPage(
    <>
      <Replay token="tok" replay={replayGame()} />
      <Address />
    </>,
    { route: `/g/tok/games/game-9${search}` },
  );
}

const board = () => screen.getByRole('region', { name: /^Round \d+$/ });
const boardTitle = () => within(board()).getByRole('heading', { level: 2 }).textContent;
const calls = () =>
  within(board())
    .queryAllByRole('listitem')
    .filter((li) => li.classList.contains('replay-call'));
const key = (k: string, init: KeyboardEventInit = {}, target: Element = document.body) => fireEvent.keyDown(target, { key: k, ...init });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const liveText = () => document.querySelector('[aria-live="polite"]')!.textContent;

describe('Replay', () => {
  it('marks each announcement truthful, over, under, blind or pass in words and colour, with its dice', () => {
    open('?round=1&step=5');
    const rows = calls().map((li) => ({
      text: li.querySelector('.replay-claim')!.textContent,
      dice: li.querySelector('.dice')!.getAttribute('aria-label'),
      mark: li.querySelector('.mark')!.textContent,
      css: li.querySelector('.mark')!.className,
    }));
    expect(rows).toEqual([
      { text: 'Alice: 53', dice: '5 and 3', mark: '✓ truthful', css: 'mark mark-truthful' },
      { text: 'Bob: 62', dice: '4 and 1', mark: '▲ over (bluff)', css: 'mark mark-over' },
      { text: 'Carol: 63', dice: '6 and 4', mark: '▼ under', css: 'mark mark-under' },
      { text: 'Alice: 64 (blind)', dice: '2 and 2', mark: '◌ blind', css: 'mark mark-blind' },
    ]);
    // Every name links to the player's page in the group.
    expect(within(calls()[1]!).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/g/tok/players/u2');
    key('ArrowRight', { shiftKey: true });
    key('ArrowRight', { shiftKey: true });
    key('ArrowRight');
    key('ArrowRight');
    const pass = calls()[1]!;
    expect(pass.querySelector('.replay-claim')!.textContent).toBe('Carol: 52 (passed on unseen)');
    expect(pass.querySelector('.mark')!.textContent).toBe('↷ pass');
  });

  it('shows each step as a board: the seats with their lives, the cup, the round so far', () => {
    open('?round=1&step=2');
    expect(boardTitle()).toBe('Round 1');
    expect(within(board()).getByText('Announcement 2 of 4')).toBeTruthy();
    // The table as it stood (the live table's drawing): names, lives, the cup, the newest claims.
    const seats = within(within(board()).getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(seats.map((s) => [within(s).getAllByRole('link')[0]!.textContent, within(s).getByRole('img').getAttribute('aria-label')])).toEqual([
      ['Alice', '3 lives'],
      ['Bob', '3 lives'],
      ['Carol', '3 lives'],
    ]);
    expect(seats.map((s) => s.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    expect(seats[2]!.textContent).toContain('(their turn)');
    expect(seats.map((s) => s.querySelector('.bubble')?.textContent ?? null)).toEqual([expect.stringContaining('53'), expect.stringContaining('62'), null]);
    expect(within(seats[0]!).getByRole('link', { name: 'Alice' }).getAttribute('href')).toBe('/g/tok/players/u1');
    // In the middle, the claim to beat and the odds of one roll beating it.
    expect(board().querySelector('.table-standing-claim')!.textContent).toBe('62');
    expect(calls().map((li) => li.classList.contains('replay-call-latest'))).toEqual([false, true]);
    expect(within(board()).getByText('Carol has the cup.')).toBeTruthy();
  });

  it('shows the reveal and who lost, and why, with the lives after it', () => {
    open('?round=1&step=5');
    const outcome = board().querySelector('.replay-play .round-outcome')!;
    expect(outcome.textContent).toContain('Bob calls liar:');
    expect(within(outcome as HTMLElement).getByRole('img', { name: '2 and 2' }).textContent).toBe('⚁⚁');
    expect(outcome.textContent).toContain('the announcement held');
    expect(outcome.textContent).toContain('Bob loses a life (wrong call)');
    const bob = within(within(board()).getByRole('list', { name: 'Players' })).getAllByRole('listitem')[1]!;
    expect(bob.querySelector('.seat-loss')!.textContent).toBe('−1 ❤️');
    expect(within(bob).getByRole('img', { name: '2 lives' })).toBeTruthy();
    // The reveal's dice in the middle of the table, and nobody to act.
    expect(board().querySelector('.table-dice')!.textContent).toBe('⚁⚁');
    expect(board().querySelector('[aria-current="true"]')).toBeNull();

    // Round 2: Carol's false Mia, looked at.
    fireEvent.click(screen.getByRole('link', { name: 'Round 2' }));
    key('ArrowRight');
    key('ArrowRight');
    expect(board().textContent).toContain('Alice looks:');
    expect(board().textContent).toContain('it was not Mia');
    expect(board().textContent).toContain('Carol loses a life (caught bluffing)');
    fireEvent.click(screen.getByRole('link', { name: 'Round 3' }));
    key('ArrowRight', { shiftKey: true });
    key('ArrowLeft');
    expect(position()).toBe('3/3');
    expect(board().textContent).toContain('Alice missed the turn.');
    expect(board().textContent).toContain('Alice loses a life (missed the turn)');
  });

  it('steps with the arrow keys, by round with Shift, to the ends with Home and End, and keeps the step in the address', () => {
    open();
    expect(boardTitle()).toBe('Round 1');
    expect(within(board()).getByText('Round start')).toBeTruthy();
    key('ArrowRight');
    expect(position()).toBe('1/1');
    expect(calls().map((li) => li.querySelector('.replay-claim')!.textContent)).toEqual(['Alice: 53']);
    key('ArrowRight');
    key('ArrowLeft');
    expect(position()).toBe('1/1');
    key('ArrowRight', { shiftKey: true });
    expect(position()).toBe('2/0');
    key('ArrowRight', { shiftKey: true });
    key('ArrowLeft', { shiftKey: true });
    expect(position()).toBe('2/0');
    key('End');
    expect(position()).toBe('7/2');
    expect(board().textContent).toContain('Bob wins!');
    key('ArrowRight'); // nothing after the last step
    expect(position()).toBe('7/2');
    key('Home');
    expect(position()).toBe('1/0');
    key('ArrowLeft');
    expect(position()).toBe('1/0');
    // Not the browser's shortcuts (Alt+← is Back), nor keys typed into a form control.
    key('ArrowRight', { altKey: true });
    expect(position()).toBe('1/0');
    const speed = screen.getByRole('combobox', { name: 'Speed' });
    speed.focus();
    key('ArrowRight', {}, speed);
    key('End', {}, speed);
    const spoilers = screen.getByRole('checkbox', { name: /Spoiler-free/ });
    key('ArrowRight', {}, spoilers);
    expect(position()).toBe('1/0');
    // From a button it does step (arrows do nothing else there).
    key('ArrowRight', {}, button('Next step'));
    expect(position()).toBe('1/1');
  });

  it('has named buttons with their keys; one that cannot move says so and keeps focus', () => {
    open();
    const names = within(screen.getByRole('group', { name: 'Replay controls' }))
      .getAllByRole('button')
      .map((b) => [b.textContent, b.getAttribute('aria-keyshortcuts')]);
    expect(names).toEqual([
      ['⇤First step', 'Home'],
      ['«Previous round', 'Shift+ArrowLeft'],
      ['‹Previous step', 'ArrowLeft'],
      ['›Next step', 'ArrowRight'],
      ['»Next round', 'Shift+ArrowRight'],
      ['⇥Last step', 'End'],
      ['▶ Play', null],
    ]);
    const previous = button('Previous step');
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    previous.focus();
    fireEvent.click(previous);
    expect(position()).toBe('null/null');
    expect(document.activeElement).toBe(previous);
    fireEvent.click(button('Next round'));
    fireEvent.click(button('Next step'));
    expect(position()).toBe('2/1');
    expect(previous.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button('Last step'));
    expect(button('Next step').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button('First step'));
    expect(position()).toBe('1/0');
  });

  it('tells a screen reader each step, politely', () => {
    open('?round=1&step=1');
    expect(liveText()).toBe('Round 1, Announcement 1 of 4. Alice: 53.');
    key('ArrowRight', { shiftKey: true });
    expect(liveText()).toBe('Round 2, Round start. Carol starts the round.');
    key('ArrowRight');
    key('ArrowRight');
    expect(liveText()).toBe('Round 2, End of the round. Alice looks: 3 and 1, it was not Mia. Carol loses a life (caught bluffing).');
  });

  it('opens where a link points, and links every round', () => {
    const first = open('?round=4&step=2');
    expect(boardTitle()).toBe('Round 4');
    expect(calls().map((li) => li.querySelector('.replay-claim')!.textContent)).toEqual(['Bob: 65', 'Carol: Mia']);
    const index = screen.getByRole('navigation', { name: 'Round by round' });
    const links = within(index).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual([null, null, null, 'true', null, null, null]);
    expect(links[5]!.getAttribute('href')).toBe('/g/tok/games/game-9?round=6');
    fireEvent.click(links[5]!);
    expect(boardTitle()).toBe('Round 6');
    expect(within(board()).getByText('Round start')).toBeTruthy();
    // Out of range: the round's last step, or the first step of the game.
    first.unmount();
    const second = open('?round=2&step=40');
    expect(within(board()).getByText('End of the round')).toBeTruthy();
    second.unmount();
    open('?round=99&step=1');
    expect(boardTitle()).toBe('Round 1');
    expect(within(board()).getByText('Round start')).toBeTruthy();
  });

  it('copies a link to the step on screen', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open('?round=3&step=1');
    await act(async () => fireEvent.click(button('Copy a link to this step')));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/g/tok/games/game-9?round=3&step=1`);
    expect(screen.getByRole('status').textContent).toBe('Link copied.');
    key('ArrowRight');
    expect(screen.getByRole('status').textContent).toBe('');
    writeText.mockRejectedValueOnce(new Error('denied'));
    await act(async () => fireEvent.click(button('Copy a link to this step')));
    expect(screen.getByRole('status').textContent).toBe('Could not copy: the address bar holds the link.');
  });

  it('plays by itself at the chosen pace, pauses, and stops at the end', () => {
    vi.useFakeTimers();
    open('?round=7&step=0');
    fireEvent.click(button('Play'));
    expect(button('Pause').getAttribute('aria-pressed')).toBe('true');
    act(() => vi.advanceTimersByTime(STEP_MS - 1));
    expect(position()).toBe('7/0');
    act(() => vi.advanceTimersByTime(1));
    expect(position()).toBe('7/1');
    fireEvent.click(button('Pause'));
    act(() => vi.advanceTimersByTime(STEP_MS * 5));
    expect(position()).toBe('7/1');
    // Twice as fast; the last step stops it.
    fireEvent.change(screen.getByRole('combobox', { name: 'Speed' }), { target: { value: '2' } });
    fireEvent.click(button('Play'));
    act(() => vi.advanceTimersByTime(STEP_MS / 2));
    expect(position()).toBe('7/2');
    expect(button('Play').getAttribute('aria-pressed')).toBe('false');
    act(() => vi.advanceTimersByTime(STEP_MS * 5));
    expect(position()).toBe('7/2');
    // Play at the end starts over.
    fireEvent.click(button('Play'));
    expect(position()).toBe('1/0');
    act(() => vi.advanceTimersByTime(STEP_MS / 2));
    expect(position()).toBe('1/1');
    // A step by hand restarts the wait from there.
    act(() => vi.advanceTimersByTime(STEP_MS / 4));
    key('ArrowRight');
    act(() => vi.advanceTimersByTime(STEP_MS / 4));
    expect(position()).toBe('1/2');
    act(() => vi.advanceTimersByTime(STEP_MS / 4));
    expect(position()).toBe('1/3');
  });

  it('in the spoiler-free mode hides the dice until each reveal and the winner until the last step', async () => {
    open('?round=1&step=5');
    await screen.findByRole('img', { name: /Every player’s lives/ });
    expect(screen.getByText(/Bob won/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Spoiler-free/ }));
    expect(address().get('spoilers')).toBe('hidden');
    expect(localStorage.getItem('mia.replay.spoilerFree')).toBe('1');
    // The reveal shows every die of the round…
    expect(calls().map((li) => li.querySelector('.dice')?.getAttribute('aria-label'))).toEqual(['5 and 3', '4 and 1', '6 and 4', '2 and 2']);
    key('ArrowLeft');
    // …but before it, no die and no verdict is on the page.
    expect(calls()).toHaveLength(4);
    for (const li of calls()) {
      expect(within(li).getByRole('img', { name: 'dice hidden until the reveal' })).toBeTruthy();
      expect(li.querySelector('.dice, .mark')).toBeNull();
    }
    expect(board().textContent).not.toMatch(/[\u2680-\u2685]/);
    // Neither the winner nor the places, nor the title.
    expect(screen.queryByText(/Bob won/)).toBeNull();
    expect(screen.queryByText(/wins!/)).toBeNull();
    expect(screen.getByText('Spoiler-free: the places show at the last step.')).toBeTruthy();
    expect(document.title).toBe('Game replay · Mia');
    expect(
      screen
        .getAllByRole('heading')
        .map((h) => h.textContent)
        .join(' '),
    ).not.toMatch(/Bob|won|wins/);
    // The lives chart and its table stop at the rounds already over.
    const table = within(screen.getByText('Show the lives as a table').closest('details')!).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RoundAliceBobCarol', 'Start333']);
    expect((charts.line.at(-1) as { data: { datasets: { data: unknown[] }[] } }).data.datasets[1]!.data).toEqual([3, null, null, null, null, null, null, null]);
    key('End');
    expect(screen.getByText(/Bob won/)).toBeTruthy();
    expect(board().textContent).toContain('Bob wins!');
    expect(within(screen.getByRole('region', { name: 'Players' })).getAllByRole('row')).toHaveLength(4);
  });

  it('remembers the spoiler-free mode, and a link can ask for it', () => {
    localStorage.setItem('mia.replay.spoilerFree', '1');
    const first = open('?round=1&step=1');
    expect(calls()[0]!.querySelector('.dice')).toBeNull();
    first.unmount();
    localStorage.clear();
    open('?round=1&step=1&spoilers=hidden');
    expect(screen.getByRole('checkbox', { name: /Spoiler-free/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Spoiler-free/ }));
    expect(address().get('spoilers')).toBeNull();
    expect(localStorage.getItem('mia.replay.spoilerFree')).toBe('0');
    expect(calls()[0]!.querySelector('.dice')!.getAttribute('aria-label')).toBe('5 and 3');
  });

  it('draws every player’s lives over the rounds, with a table as text, and jumps to a round clicked on it', async () => {
    charts.line.length = 0;
    open();
    const canvas = await screen.findByRole('img', { name: /Every player’s lives, from 3 at the start through 7 rounds/ });
    expect(canvas.tagName).toBe('CANVAS');
    const props = charts.line.at(-1) as {
      data: { labels: string[]; datasets: { label: string; data: (number | null)[]; borderColor: string; borderDash: number[] }[] };
      options: { onClick: (e: unknown, els: unknown[], chart: unknown) => void };
    };
    expect(props.data.labels).toEqual(['Start', '1', '2', '3', '4', '5', '6', '7']);
    expect(props.data.datasets.map((d) => [d.label, d.data])).toEqual([
      ['Alice', [3, 3, 3, 2, 1, 1, 1, 0]],
      ['Bob', [3, 2, 2, 2, 2, 2, 1, 1]],
      ['Carol', [3, 3, 2, 2, 2, 2, 2, 2]],
    ]);
    // Told apart by dash as well as colour.
    expect(new Set(props.data.datasets.map((d) => JSON.stringify(d.borderDash))).size).toBe(3);
    const table = within(screen.getByText('Show the lives as a table').closest('details')!).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RoundAliceBobCarol', 'Start333', '1323', '2322', '3222', '4122', '5122', '6112', '7012']);
    // A click on round 4's point: the end of round 4.
    const chart = { getElementsAtEventForMode: () => [{ index: 4 }] };
    act(() => props.options.onClick({ native: new MouseEvent('click') }, [], chart));
    expect(position()).toBe('4/3');
  });

  it('explains the marks once, and lists the players with places and links to their pages', () => {
    open();
    const legend = document.querySelector('.legend')!;
    expect(legend.textContent).toContain('announced more than the dice: a bluff');
    const players = within(screen.getByRole('region', { name: 'Players' }))
      .getAllByRole('row')
      .slice(1);
    expect(players.map((r) => r.textContent)).toEqual(['Alice2❤️ 0out (Round 7)', 'Bob1❤️ 1—', 'Carol AI3❤️ 2left (Round 5)']);
    const lives = players.map((r) => within(r).getByRole('img'));
    expect(lives.map((l) => [l.getAttribute('aria-label'), l.textContent])).toEqual([
      ['0 lives', '❤️ 0'],
      ['1 life', '❤️ 1'],
      ['2 lives', '❤️ 2'],
    ]);
    for (const l of lives) expect(l.textContent).not.toMatch(/[\u2680-\u2685]/);
    expect(lives.map((l) => l.classList.contains('lives-none'))).toEqual([true, false, false]);
    expect(within(players[1]!).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/g/tok/players/u2');
    expect(screen.getByText(/Bob won/)).toBeTruthy();
  });
});
