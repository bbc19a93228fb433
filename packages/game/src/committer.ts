import { apply } from '@mia/engine';
import type { PrismaClient } from '@mia/db';
import type { Logger } from 'pino';
import { poolOf } from '@mia/db';
import { CHANNEL, LocalBus, PgNotifyBus, type EventBus } from './bus';
import { advanceInOneStatement, fitsOneStatement } from './fast-write';
import { planCommit } from './commit-plan';
import type { LobbyTimes } from './lobby-times';
import type { GameRecord, StoredEvent, Tx } from './repository';
import type { ActRequest, ActResult, ServiceRejectionCode, UserInfo } from './requests';
import { rngFor, type DiceSource } from './rng';
import { Conflict, Duplicate, isWriteConflict, profileKey, writeCommit } from './write';

/** What the service's own callers (expiry, migration) add to an action's commit. */
export interface CommitExtras {
  /**
   * Only a lobby whose closing time is at or before this (a lobby's expiry): checked on every read
   * and again in the write, so an /extend or a start committed meanwhile wins.
   */
  dueBy?: Date;
  /** Statements of the same transaction (a chat's migration moves its rows). */
  alongside?: (tx: Tx) => Promise<void>;
}

/**
 * An action's transaction may wait this long for one of the pool's connections, and run this long.
 * Under load, actions queue for the connections: Prisma's default 2 s wait failed them (the press
 * then got no answer at all) once a hundred groups played at once.
 */
export const ACT_TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

export interface CommitterDeps {
  prisma: PrismaClient;
  bus: EventBus;
  rng: DiceSource;
  now: () => Date;
  log: Logger;
  lobbyTimes: Readonly<LobbyTimes>;
  maxRetries: number;
  closed(): boolean;
  /** The chat's open game, read fresh (every attempt starts here). */
  currentGame(chatId: bigint): Promise<GameRecord | null>;
  /** After the commit: arm the deadline, tell the listeners. */
  applied(record: GameRecord, events: StoredEvent[]): void;
}

/**
 * `GameService.act`'s pipeline, the one path of every change of a game: read the chat's game,
 * apply the engine, write it all in one transaction (optimistic: retried against the new state
 * when another writer committed first), then tell the service.
 */
export class Committer {
  /**
   * The profile (name, username, language code) this process last wrote per user: an action by
   * the same person with the same profile skips the upsert (a round trip on every action).
   */
  private readonly profiles = new Map<string, string>();

  constructor(private readonly deps: CommitterDeps) {}

  /** The user's profile may have changed elsewhere: the next action writes it. */
  forgetProfile(id: string): void {
    this.profiles.delete(id);
  }

  /** `GameService.act`, with what the service's own callers add (see `CommitExtras`). */
  async commit(request: ActRequest, extras: CommitExtras): Promise<ActResult> {
    const { chatId, action, key } = request;
    if (this.deps.closed()) return rejected('busy', 'the service is shutting down', null);
    if (action.type === 'create' && !request.user) throw new Error('creating a game needs the creator as `user`');
    let hint = request.current?.chatId === chatId && action.type !== 'create' ? request.current : undefined;
    for (let attempt = 0; attempt <= this.deps.maxRetries; attempt++) {
      const hinted = hint !== undefined;
      const current = hint ?? (await this.deps.currentGame(chatId));
      hint = undefined;
      // A refusal is decided on a fresh read (the caller's copy may be old), and only then is the
      // key looked up: checked after the state was read, a racing writer with the same key that
      // committed in between is seen as a duplicate, not refused by the state it left. An action
      // that applies needs no lookup: the claim in its transaction catches a duplicate.
      const refuse = async (refusal: ActResult): Promise<ActResult | null> => {
        if (hinted) return null;
        if (key && (await this.deps.prisma.processedUpdate.findUnique({ where: { key }, select: { key: true } }))) {
          return { status: 'duplicate', game: await this.deps.currentGame(chatId) };
        }
        return refusal;
      };
      const refusal =
        request.gameId !== undefined && current?.id !== request.gameId
          ? rejected('other-game', 'that game is no longer running', current)
          : action.type === 'create' && current
            ? rejected('game-exists', 'this chat already has a game', current)
            : extras.dueBy && !(current?.status === 'LOBBY' && current.deadlineAt && current.deadlineAt <= extras.dueBy)
              ? rejected('not-due', 'the lobby stays open longer (extended, started or closed meanwhile)', current)
              : null;
      const rng = rngFor(this.deps.rng, chatId, current?.version ?? 0);
      let result = refusal ? null : apply(action.type === 'create' ? null : (current?.state ?? null), action, rng);
      if (!result?.ok) {
        const answer = await refuse(result ? { status: 'rejected', rejection: result.rejection, game: current } : refusal!);
        if (!answer) {
          attempt--;
          continue;
        }
        return answer;
      }
      for (let next = request.followUp?.(result.state), n = 0; next && n < 4; next = request.followUp?.(result.state), n++) {
        const more = apply(result.state, next, rng);
        if (!more.ok) break; // a follow-up is a convenience: the action itself stands
        result = { ok: true, state: more.state, events: [...result.events, ...more.events] };
      }

      const now = this.deps.now();
      const { commit, notice } = planCommit({
        request,
        current,
        state: result.state,
        events: result.events,
        now,
        lobbyTimes: this.deps.lobbyTimes,
        origin: this.deps.bus.origin,
        newProfile: request.user !== undefined && this.profiles.get(request.user.id) !== profileKey(request.user),
      });
      const record = commit.record;
      const full = { ...commit, ...(extras.dueBy ? { dueBy: extras.dueBy } : {}), ...(extras.alongside ? { alongside: extras.alongside } : {}) };
      const pool = poolOf(this.deps.prisma);
      // The bus's NOTIFY goes into the statement: only the two buses whose publish is known.
      const bus = this.deps.bus.constructor;
      const channel = bus === PgNotifyBus ? CHANNEL : bus === LocalBus ? null : undefined;
      const rows = pool && channel !== undefined ? fitsOneStatement(full) : null;
      try {
        if (pool && rows) {
          const written = await advanceInOneStatement(pool, full, rows, channel ? { channel, notice } : null);
          if (!written.claimed) throw new Duplicate();
          if (!written.updated) throw new Conflict();
        } else {
          const publish = (t: Tx) => this.deps.bus.publish(t, notice);
          await this.deps.prisma.$transaction((tx) => writeCommit(tx, { ...full, publish }), ACT_TRANSACTION);
        }
      } catch (error) {
        if (error instanceof Duplicate) return { status: 'duplicate', game: await this.deps.currentGame(chatId) };
        if (error instanceof Conflict || isWriteConflict(error)) {
          this.deps.log.debug({ gameId: record.id, attempt }, 'act: another writer committed first; retrying');
          continue;
        }
        throw error;
      }

      if (request.user) this.rememberProfile(request.user);
      const events = result.events.map((event, i) => ({ seq: commit.version + 1 + i, event, createdAt: now }));
      this.deps.log.info({ chatId: record.chatId.toString(), gameId: record.id, action: action.type, version: record.version }, 'game: action applied');
      this.deps.applied(record, events);
      return { status: 'applied', game: record, events };
    }
    return rejected('busy', 'the game is busy; try again', await this.deps.currentGame(chatId));
  }

  private rememberProfile(user: UserInfo): void {
    this.profiles.delete(user.id); // re-inserted last: the oldest entries go first
    this.profiles.set(user.id, profileKey(user));
    if (this.profiles.size > 100_000) this.profiles.delete(this.profiles.keys().next().value!);
  }
}

export function rejected(code: ServiceRejectionCode, message: string, game: GameRecord | null): ActResult {
  return { status: 'rejected', rejection: { code, message }, game };
}
