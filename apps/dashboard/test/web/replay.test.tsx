// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Replay } from '../../web/src/pages/ReplayPage';
import { renderPage, replayFixture } from './helpers';

function roundSection(n: number): HTMLElement {
  return screen.getByRole('region', { name: `Round ${n}` });
}

function announcementItems(section: HTMLElement): HTMLElement[] {
  return within(section).getAllByRole('listitem');
}

describe('Replay', () => {
  it('marks each announcement truthful, over, under, blind or pass in words and colour, with its dice', () => {
    renderPage(<Replay token="tok" replay={replayFixture()} />);
    const items = announcementItems(roundSection(1));
    const rows = items.map((li) => ({
      text: li.querySelector('.replay-claim')!.textContent,
      dice: within(li).getByRole('img').getAttribute('aria-label'),
      mark: li.querySelector('.mark')!.textContent,
      css: li.querySelector('.mark')!.className,
    }));
    expect(rows).toEqual([
      { text: 'Alice: 53', dice: '5 and 3', mark: '✓ truthful', css: 'mark mark-truthful' },
      { text: 'Bob: 62', dice: '4 and 1', mark: '▲ over (bluff)', css: 'mark mark-over' },
      { text: 'Carol: 63', dice: '6 and 4', mark: '▼ under', css: 'mark mark-under' },
      { text: 'Alice: 64 (blind)', dice: '2 and 2', mark: '◌ blind', css: 'mark mark-blind' },
    ]);
    const pass = announcementItems(roundSection(3))[1]!;
    expect(pass.querySelector('.replay-claim')!.textContent).toBe('Alice: 52 (passed on unseen)');
    expect(pass.querySelector('.mark')!.textContent).toBe('↷ pass');
  });

  it('shows the reveal and who lost, and why', () => {
    renderPage(<Replay token="tok" replay={replayFixture()} />);
    const first = roundSection(1).querySelector('.round-outcome')!;
    expect(first.textContent).toContain('Bob calls liar:');
    expect(within(first as HTMLElement).getByRole('img', { name: '2 and 2' }).textContent).toBe('⚁⚁');
    expect(first.textContent).toContain('the announcement held');
    expect(first.textContent).toContain('Bob loses a life (wrong call)');

    const second = roundSection(2);
    expect(announcementItems(second)[0]!.querySelector('.replay-claim')!.textContent).toBe('Carol: Mia');
    expect(second.textContent).toContain('Alice looks:');
    expect(second.textContent).toContain('it was not Mia');
    expect(second.textContent).toContain('Carol loses 2 lives (caught bluffing)');

    const third = roundSection(3);
    expect(third.textContent).toContain('Carol missed the turn.');
    expect(third.textContent).toContain('Carol loses a life (missed the turn)');
  });

  it('explains the marks once, and lists the players with places and links to their pages', () => {
    renderPage(<Replay token="tok" replay={replayFixture()} />);
    const legend = document.querySelector('.legend')!;
    expect(legend.textContent).toContain('announced more than the dice: a bluff');
    const players = within(screen.getByRole('region', { name: 'Players' })).getAllByRole('row').slice(1);
    expect(players.map((r) => r.textContent)).toEqual(['Alice2❤️ 0out', 'Bob1❤️ 3—', 'Carol AI3❤️ 0idle']);
    // Lives left read as lives: a heart and the count, named for screen readers, never a die face.
    const lives = players.map((r) => within(r).getByRole('img'));
    expect(lives.map((l) => [l.getAttribute('aria-label'), l.textContent])).toEqual([
      ['0 lives', '❤️ 0'],
      ['3 lives', '❤️ 3'],
      ['0 lives', '❤️ 0'],
    ]);
    for (const l of lives) expect(l.textContent).not.toMatch(/[\u2680-\u2685]/);
    // Out of lives: muted, and the Out column says why.
    expect(lives.map((l) => l.classList.contains('lives-none'))).toEqual([true, false, true]);
    expect(screen.getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/g/tok/players/u2');
    expect(screen.getByText(/Bob won/)).toBeTruthy();
  });
});
