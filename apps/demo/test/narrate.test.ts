import { describe, expect, it } from 'vitest';
import { playGame, publicEvent, rankingFor, RANKING_PRESETS, seededRng, strategyFor, type AiSeat } from '@mia/engine';
import { aiPlayerId } from '@mia/game';
import { livesText, narrate } from '../src/narrate';

describe('narration', () => {
  const seats: AiSeat[] = (['bluffer', 'calculator', 'honest'] as const).map((s, i) => ({
    id: aiPlayerId(s, i),
    name: ['Ada', 'Alan', 'Grace'][i]!,
    strategy: strategyFor(s),
  }));
  const game = playGame({ seats, rng: seededRng(11) });
  const ranking = rankingFor(RANKING_PRESETS.classic);
  const lines = game.events.map((e) => narrate(publicEvent(e), game.state, ranking)).filter((l) => l !== null);

  it('shows lives as a heart and the count, never as die faces', () => {
    expect([6, 5, 1, 0, 9].map(livesText)).toEqual(['❤️6', '❤️5', '❤️1', '✖', '❤️9']);
  });

  it('seats computer players with their strategy and ends with the winner', () => {
    expect(lines.slice(0, 3)).toEqual(['Ada 🤖 (bluffer) sits down.', 'Alan 🤖 (calculator) sits down.', 'Grace 🤖 (honest) sits down.']);
    expect(lines.at(-1)).toMatch(/^🏆 (Ada|Alan|Grace) wins! {2}1\. /);
  });

  it('names every announcement without its dice: dice appear only in reveals', () => {
    expect(lines.filter((l) => / announces /.test(l))).toHaveLength(game.events.filter((e) => e.type === 'announced').length);
    const withDice = lines.filter((l) => /[⚀⚁⚂⚃⚄⚅]{2}/.test(l));
    expect(withDice.length).toBeGreaterThan(0);
    for (const line of withDice) expect(line).toMatch(/calls "liar!"|looks under the cup/);
  });
});
