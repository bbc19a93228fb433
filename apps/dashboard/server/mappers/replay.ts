import type { GameReplay as StoredReplay } from '@mia/db';
import type { GameReplay } from '../../shared/api';
import { settingsOf } from './settings';

/** A FINISHED game's replay (every roll: the rules allow it once the game has ended) as the API gives it. */
export function toGameReplay(replay: StoredReplay): GameReplay {
  const { game } = replay;
  return {
    id: game.id,
    settings: settingsOf(game.settings),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt.toISOString(),
    winnerId: game.winnerId?.toString() ?? null,
    players: replay.players.map((p) => ({
      userId: p.userId.toString(),
      name: p.firstName,
      ai: p.isAi,
      order: p.order,
      lives: p.lives,
      place: p.place,
      outReason: p.outReason,
    })),
    rounds: replay.rounds.map((r) => ({
      number: r.number,
      starterId: r.starterId.toString(),
      end: r.end,
      loserId: r.loserId?.toString() ?? null,
      livesLost: r.livesLost,
      cause: r.cause,
      announcements: r.announcements.map((a) => ({
        seq: a.seq,
        userId: a.userId.toString(),
        value: a.value,
        dice: [a.dice[0], a.dice[1]],
        kind: a.kind,
        classification: a.classification,
        thinkMs: a.thinkMs,
      })),
      reveal: r.reveal
        ? {
            dice: [r.reveal.dice[0], r.reveal.dice[1]],
            outcome: r.reveal.outcome,
            callerId: r.reveal.callerId.toString(),
            announcerId: r.reveal.announcerId.toString(),
          }
        : null,
    })),
  };
}
