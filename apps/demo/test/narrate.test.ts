import { describe, expect, it } from 'vitest';
import { aiSeats, playGame, publicEvent, rankingFor, RANKING_PRESETS, seededRng } from '@mia/engine';
import { lifeDie, narrate, replayLines } from '../src/narrate';

describe('narration', () => {
  const game = playGame({ seats: aiSeats(['bluffer', 'calculator', 'honest']), rng: seededRng(11) });
  const ranking = rankingFor(RANKING_PRESETS.classic);

  it('shows lives as die faces', () => {
    expect([6, 5, 1].map(lifeDie)).toEqual(['⚅', '⚄', '⚀']);
    expect(lifeDie(9)).toBe('9♥');
  });

  it('names every announcement without its dice', () => {
    const announced = game.events.filter((e) => e.type === 'announced');
    expect(announced.length).toBeGreaterThan(0);
    for (const e of announced) {
      const line = narrate(publicEvent(e), game.state, ranking)!;
      expect(line).toMatch(/ announces /);
      expect(line).not.toMatch(/[⚀⚁⚂⚃⚄⚅]/);
    }
  });

  it('lists each announcement with its dice and class in the replay', () => {
    const lines = replayLines(game.events, game.state, ranking);
    const announcements = game.events.filter((e) => e.type === 'announced').length;
    expect(lines.filter((l) => /→ (truthful|over|under|blind|pass)$/.test(l))).toHaveLength(announcements);
  });
});
