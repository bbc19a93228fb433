import { randomUUID } from 'node:crypto';
import type { GameEvent, GameState } from '@mia/engine';
import type { Committed } from './bus';
import type { LobbyTimes } from './lobby-times';
import { project } from './projection';
import type { GameRecord } from './repository';
import type { ActRequest } from './requests';
import { chatAfter, type Commit } from './write';

export interface CommitInput {
  request: ActRequest;
  /** The game the action was applied to (null: it creates one). */
  current: GameRecord | null;
  state: GameState;
  events: GameEvent[];
  now: Date;
  lobbyTimes: Readonly<LobbyTimes>;
  /** The bus's origin, for the notice. */
  origin: string;
  newProfile: boolean;
}

/**
 * What one applied action writes, decided before its transaction (pure): the game's new record
 * with its deadline, the rows its events imply, and the notice. In play the deadline is the
 * turn's; in the lobby it is the closing time, set when it opens and moved only by `extendLobby`
 * (so joins and leaves never write it).
 */
export function planCommit(input: CommitInput): { commit: Omit<Commit, 'publish'>; notice: Committed } {
  const { request, current, state, events, now } = input;
  const gameId = current?.id ?? randomUUID();
  const before: GameState | null = current?.state ?? null;
  const version = current?.version ?? 0;
  const moved = before === null || state.move !== before.move;
  const turnSeconds = state.settings.turnSeconds;
  const inLobby = state.phase === 'lobby';
  const deadlineAt = inLobby
    ? current === null
      ? new Date(now.getTime() + input.lobbyTimes.openMs)
      : current.deadlineAt
    : state.phase === 'playing' && turnSeconds !== null
      ? moved
        ? new Date(now.getTime() + turnSeconds * 1000)
        : (current?.deadlineAt ?? null)
      : null;
  const turnStartedAt = state.phase === 'playing' ? (moved ? now : (current?.turnStartedAt ?? now)) : null;
  const { rows, game: patch } = project({ gameId, before, events, firstSeq: version + 1, now, turnStartedAt: current?.turnStartedAt ?? null });
  const record: GameRecord = {
    id: gameId,
    chatId: chatAfter(request.chatId, events),
    threadId: current?.threadId ?? request.threadId ?? null,
    status: patch.status ?? current?.status ?? 'LOBBY',
    version: version + events.length,
    state,
    deadlineAt,
    turnStartedAt,
  };
  const notice: Committed = { gameId, chatId: record.chatId.toString(), fromSeq: version + 1, toSeq: record.version, origin: input.origin };
  return {
    commit: {
      request,
      creating: current === null,
      record,
      version,
      state,
      events,
      patch,
      rows,
      keepDeadline: inLobby,
      now,
      newProfile: input.newProfile,
    },
    notice,
  };
}
