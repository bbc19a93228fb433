import type { Screen } from './screen';

/** What is kept in the database (the bot's `BotMessages` table): the screen, and the version whose messages all went out. */
export type StoredScreen = Screen & { sent?: number };

/**
 * The bot's own storage of the messages that show each game (a table of its own, not the game's
 * row): what survives a restart, so the new process edits them instead of posting again.
 */
export interface MessageStore {
  get(gameId: string): Promise<unknown>;
  save(gameId: string, refs: unknown): Promise<void>;
}

/**
 * The notifier's screens as saved in the MessageStore: a save that would write what was written
 * last is skipped, and a screen that changed only by edits may be left for later (`defer`; see
 * NotifierOptions.sharedScreens), to be saved with the game's next save or by `pending()` at a stop.
 */
export class SavedScreens {
  /** The text last written per game. */
  private readonly written = new Map<string, string>();
  /** Games whose screen in memory is newer than the saved one, with their chat. */
  private readonly deferred = new Map<string, string>();

  constructor(private readonly store: MessageStore) {}

  /** The stored screen of a game, as the MessageStore keeps it (null: none). */
  async read(gameId: string): Promise<StoredScreen | null> {
    return (await this.store.get(gameId)) as StoredScreen | null;
  }

  async save(gameId: string, screen: Screen, sent: number): Promise<void> {
    const stored: StoredScreen = { ...screen, sent };
    const text = JSON.stringify(stored);
    this.deferred.delete(gameId);
    if (this.written.get(gameId) === text) return;
    await this.store.save(gameId, stored);
    this.written.set(gameId, text);
  }

  /** The game's screen changed by edits only: saved with its next save, or by `pending()`. */
  defer(gameId: string, chatKey: string): void {
    this.deferred.set(gameId, chatKey);
  }

  isDeferred(gameId: string): boolean {
    return this.deferred.has(gameId);
  }

  /** The games whose screen waits to be saved, with their chat. */
  pending(): [gameId: string, chatKey: string][] {
    return [...this.deferred];
  }

  /** Nothing of the game is kept here any more (its messages changed elsewhere, or it is over). */
  forget(gameId: string): void {
    this.written.delete(gameId);
    this.deferred.delete(gameId);
  }
}
