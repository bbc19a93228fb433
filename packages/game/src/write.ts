import type { GameEvent, GameState } from '@mia/engine';
import { newDashboardToken } from './chats';
import { toUserId } from './ids';
import type { GamePatch, RowWrite } from './projection';
import { rateGameInTransaction } from './ratings';
import { tallyFinishedGame } from './tallies';
import { advanceGame, appendEvents, json, writeRows, type GameRecord, type Tx } from './repository';
import type { ActRequest, UserInfo } from './requests';

/** Another writer committed first: the action is tried again against the new state. */
export class Conflict extends Error {}
/** The request's key was applied before: nothing is written. */
export class Duplicate extends Error {}

/** One action's writes, decided before its transaction (see `GameService.act`). */
export interface Commit {
  request: Pick<ActRequest, 'chatId' | 'key' | 'user' | 'chat'>;
  creating: boolean;
  /** The game after the action; `record.chatId` is where it is now (a `chatMoved` moves it). */
  record: GameRecord;
  /** The version the action was applied to. */
  version: number;
  state: GameState;
  events: readonly GameEvent[];
  patch: GamePatch;
  rows: readonly RowWrite[];
  /** A lobby's closing time is left as stored (an /extend committed since the read must stay). */
  keepDeadline: boolean;
  /** Only a lobby whose closing time is at or before this (an expiry). */
  dueBy?: Date;
  now: Date;
  /** The acting user's profile changed since this process last wrote it. */
  newProfile: boolean;
  /** Statements of the same transaction, before the game's (a chat's migration moves its rows). */
  alongside?: (tx: Tx) => Promise<void>;
  /** The NOTIFY, last: sent on commit, never on rollback. */
  publish: (tx: Tx) => Promise<void>;
}

/**
 * The action's transaction: the key's claim, the game (created, or moved on only if still open
 * and at the version read), its events with gapless seq, the normalized rows, the chat freed when
 * the game ended, and the notice. Throws `Duplicate` or `Conflict`; anything else is an error.
 */
export async function writeCommit(tx: Tx, c: Commit): Promise<void> {
  const { record, request, now } = c;
  const gameId = record.id;
  if (c.alongside) await c.alongside(tx);
  let ref: number;
  if (c.creating) {
    if (request.key) {
      const claimed = await tx.processedUpdate.createMany({ data: [{ key: request.key, gameId }], skipDuplicates: true });
      if (claimed.count === 0) throw new Duplicate();
    }
    await upsertUser(tx, request.user!);
    await tx.chat.upsert({
      where: { id: record.chatId },
      create: {
        id: record.chatId,
        type: request.chat?.type ?? 'group',
        title: request.chat?.title ?? null,
        dashboardToken: newDashboardToken(),
      },
      update: request.chat?.title ? { title: request.chat.title } : {},
    });
    const claim = await tx.chat.updateMany({ where: { id: record.chatId, currentGameId: null }, data: { currentGameId: gameId } });
    if (claim.count === 0) throw new Conflict();
    ({ ref } = await tx.game.create({
      select: { ref: true },
      data: {
        id: gameId,
        chatId: record.chatId,
        threadId: record.threadId,
        status: record.status,
        settings: json(c.state.settings),
        state: json(c.state),
        version: record.version,
        createdById: toUserId(c.state.creator),
        deadlineAt: record.deadlineAt,
        turnStartedAt: record.turnStartedAt,
      },
    }));
    await appendEvents(tx, gameId, c.version + 1, c.events, now);
  } else {
    // Only a game still open: one that ended since it was read keeps its version and is not
    // brought back by this action. The key's claim, the game and its events in one statement.
    const written = await advanceGame(tx, {
      gameId,
      version: c.version,
      record,
      deadlineAt: c.keepDeadline ? 'keep' : record.deadlineAt,
      ...(c.patch.startedAt ? { startedAt: c.patch.startedAt } : {}),
      ...(c.patch.finishedAt ? { finishedAt: c.patch.finishedAt } : {}),
      ...(c.patch.winnerId !== undefined ? { winnerId: c.patch.winnerId } : {}),
      ...(request.key ? { key: request.key } : {}),
      ...(c.dueBy ? { dueBy: c.dueBy } : {}),
      events: c.events,
      now,
    });
    if (!written.claimed) throw new Duplicate();
    if (!written.updated) throw new Conflict();
    ref = written.ref!;
    if (c.newProfile) await upsertUser(tx, request.user!);
  }
  await writeRows(tx, { id: gameId, ref }, c.rows);
  // A result rates its players and joins its chat's tallies in the same transaction: a finished
  // game is never left unrated or uncounted.
  if (c.patch.status === 'FINISHED') {
    await rateGameInTransaction(tx, { id: gameId, chatId: record.chatId, finishedAt: c.patch.finishedAt ?? now });
    await tallyFinishedGame(tx, gameId);
  }
  if (record.status === 'FINISHED' || record.status === 'ABORTED') {
    await tx.chat.updateMany({ where: { id: record.chatId, currentGameId: gameId }, data: { currentGameId: null } });
  }
  await c.publish(tx);
}

/** What `upsertUser` writes for a user, as a comparable string (fields left undefined are not written). */
export function profileKey(user: UserInfo): string {
  return JSON.stringify([user.name, user.username, user.languageCode, user.isAi ?? false]);
}

async function upsertUser(tx: Tx, user: UserInfo): Promise<void> {
  const data = {
    firstName: user.name,
    ...(user.username !== undefined ? { username: user.username } : {}),
    ...(user.languageCode !== undefined ? { languageCode: user.languageCode } : {}),
  };
  await tx.user.upsert({
    where: { id: toUserId(user.id) },
    create: { id: toUserId(user.id), isAi: user.isAi ?? false, ...data },
    update: data,
  });
}

/** Unique violations and serialization failures from a racing writer: retry against the new state. */
export function isWriteConflict(error: unknown): boolean {
  // Raw statements report the database's own code under `meta`.
  const code = (error as { meta?: { code?: string } })?.meta?.code ?? (error as { code?: string })?.code;
  return code === 'P2002' || code === 'P2034' || code === '40001' || code === '23505';
}

/** The game a batch leaves in `chatId`'s place: where its last `chatMoved` took it, if any. */
export function chatAfter(chatId: bigint, events: readonly GameEvent[]): bigint {
  let at = chatId;
  for (const e of events) if (e.type === 'chatMoved') at = BigInt(e.to);
  return at;
}
