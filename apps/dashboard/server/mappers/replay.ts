import type { GameReplay as StoredReplay, ReplayEvent } from '@mia/db/queries';
import type { GameReplay } from '../../shared/api';
import { settingsOf } from './settings';

/** A FINISHED game's replay (every roll: the rules allow it once the game has ended) as the API gives it. */
export function toGameReplay(replay: StoredReplay): GameReplay {
  const { game } = replay;
  const outRound = outRounds(replay.events);
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
      outRound: outRound.get(p.userId.toString()) ?? null,
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

/**
 * The round in which each player went out, read from the event log: the seat row keeps only the
 * time, and a player who left or idled out still has lives, so the replay could not tell from
 * the rounds alone when they stopped playing.
 */
export function outRounds(events: readonly Pick<ReplayEvent, 'payload'>[]): Map<string, number> {
  const out = new Map<string, number>();
  let round = 0;
  for (const { payload } of events) {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) continue;
    if (payload.type === 'roundStarted' && typeof payload.round === 'number') round = payload.round;
    if (payload.type === 'playerOut' && typeof payload.player === 'string' && round > 0) out.set(payload.player, round);
  }
  return out;
}
