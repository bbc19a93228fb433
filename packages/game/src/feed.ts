// Who hears about commits: the service's listeners, told of this process's batches at once and of
// other processes' commits (the bus's notices) once their events are loaded, in commit order.
import type { Logger } from 'pino';
import type { ChatChange, ChatNotice, Committed, EventBus } from './bus';
import type { Listings } from './listings';
import type { GameRecord } from './repository';
import type { ChatChanged, CommittedBatch } from './requests';

export interface FeedDeps {
  bus: EventBus;
  listings: Listings;
  log: Logger;
  /** A remote commit moved a game on: its deadline is armed here too. */
  arm(game: GameRecord): void;
}

export class Feed {
  private readonly listeners = new Set<(batch: CommittedBatch) => void>();
  private readonly chatListeners = new Set<(changed: ChatChanged) => void>();
  /** Per game, the remote notice being loaded: the next one waits for it (see `queueRemote`). */
  private readonly remote = new Map<string, Promise<void>>();
  private readonly unsubscribeBus: (() => void)[];

  constructor(private readonly deps: FeedDeps) {
    this.unsubscribeBus = [
      deps.bus.subscribe((notice) => this.queueRemote(notice)),
      deps.bus.subscribeChats((notice) => this.emitChat({ chatId: BigInt(notice.chatId), change: notice.change, origin: 'remote' })),
    ];
  }

  subscribe(listener: (batch: CommittedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribeChats(listener: (changed: ChatChanged) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  emit(batch: CommittedBatch): void {
    for (const l of this.listeners) {
      try {
        l(batch);
      } catch (error) {
        this.deps.log.error({ err: error }, 'game: a listener failed');
      }
    }
  }

  emitChat(changed: ChatChanged): void {
    for (const l of this.chatListeners) {
      try {
        l(changed);
      } catch (error) {
        this.deps.log.error({ err: error }, 'game: a chat listener failed');
      }
    }
  }

  /** A chat change as the bus carries it to other processes. */
  chatNotice(chatId: bigint, change: ChatChange): ChatNotice {
    return { chatId: chatId.toString(), change, origin: this.deps.bus.origin };
  }

  close(): void {
    for (const unsubscribe of this.unsubscribeBus) unsubscribe();
  }

  /**
   * Notices arrive in commit order, but loading each one's events takes queries that may finish
   * in any order: a game's notices are loaded one after another, so its batches reach listeners
   * in the order they were committed.
   */
  private queueRemote(notice: Committed): void {
    const next = (this.remote.get(notice.gameId) ?? Promise.resolve()).then(() => this.onRemote(notice));
    this.remote.set(notice.gameId, next);
    void next.then(() => {
      if (this.remote.get(notice.gameId) === next) this.remote.delete(notice.gameId);
    });
  }

  private async onRemote(notice: Committed): Promise<void> {
    try {
      const read = await this.deps.listings.gameWithEvents(notice.gameId, notice.fromSeq - 1, notice.toSeq);
      if (!read) return;
      const { game, events } = read;
      this.deps.arm(game);
      this.emit({ game, events, origin: 'remote' });
    } catch (error) {
      this.deps.log.warn({ err: error, gameId: notice.gameId }, 'game: could not load remote events');
    }
  }
}
