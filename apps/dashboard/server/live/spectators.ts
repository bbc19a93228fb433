// How many pages watch each group's tables: the live sockets open on the group's channel, plus
// the TV's (the public channel's) while it features one of the group's games. Counted per
// dashboard process, from sockets opening and closing; a change is sent to the group's sockets
// (and told to the public feed) at most once per `throttleMs`, so a crowd arriving at once costs
// one message, not one per arrival.
import type { TObject } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import { LiveMessages } from '../schemas';
import type { Watcher } from './hub';

const stringify = fastJson(LiveMessages.spectators as TObject as Parameters<typeof fastJson>[0]);

/** The group channel's `spectators` message. */
export const encodeSpectators = (watching: number): string => stringify({ type: 'spectators', watching }) as string;

export interface SpectatorsOptions {
  /** The shortest time between two counts sent for a group (default 500 ms). */
  throttleMs?: number;
}

export class Spectators {
  private readonly groups = new Map<string, Set<Watcher>>();
  private feedSockets = 0;
  private featuredChat: string | null = null;
  private dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(chats: ReadonlySet<string>) => void>();
  private readonly throttleMs: number;

  constructor(
    /** Delivers a message to one group socket (the hub's `send`: after its snapshot). */
    private readonly send: (watcher: Watcher, message: string) => void,
    options: SpectatorsOptions = {},
  ) {
    this.throttleMs = options.throttleMs ?? 500;
  }

  /** Pages watching this group's tables now. */
  watching(chatKey: string): number {
    return this.groupSockets(chatKey) + (this.featuredChat === chatKey ? this.feedSockets : 0);
  }

  /** Sockets on the group's own channel (the TV's not counted). */
  groupSockets(chatKey: string): number {
    return this.groups.get(chatKey)?.size ?? 0;
  }

  joinGroup(watcher: Watcher): void {
    let set = this.groups.get(watcher.chatKey);
    if (!set) this.groups.set(watcher.chatKey, (set = new Set()));
    set.add(watcher);
    this.changed(watcher.chatKey);
  }

  leaveGroup(watcher: Watcher): void {
    const set = this.groups.get(watcher.chatKey);
    if (!set?.delete(watcher)) return;
    if (set.size === 0) this.groups.delete(watcher.chatKey);
    this.changed(watcher.chatKey);
  }

  /** A watcher whose group moved to a supergroup (the hub's `onMove`): it counts for the new id. */
  moveGroup(watcher: Watcher, from: string): void {
    const set = this.groups.get(from);
    if (!set?.delete(watcher)) return;
    if (set.size === 0) this.groups.delete(from);
    this.changed(from);
    this.joinGroup(watcher);
  }

  joinFeed(): void {
    this.feedSockets++;
    if (this.featuredChat !== null) this.changed(this.featuredChat);
  }

  leaveFeed(): void {
    this.feedSockets = Math.max(0, this.feedSockets - 1);
    if (this.featuredChat !== null) this.changed(this.featuredChat);
  }

  /** The TV now shows a game of this chat (or none): its watchers count for that group. */
  feature(chatKey: string | null): void {
    if (chatKey === this.featuredChat) return;
    const before = this.featuredChat;
    this.featuredChat = chatKey;
    if (this.feedSockets === 0) return;
    if (before !== null) this.changed(before);
    if (chatKey !== null) this.changed(chatKey);
  }

  /** Called (throttled) with the chats whose count changed, after their sockets were told. */
  onChange(listener: (chats: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(chatKey: string): void {
    this.dirty.add(chatKey);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.throttleMs);
    this.timer.unref();
  }

  /** Sends the counts that changed since the last flush (the timer's job; tests may call it). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.dirty.size === 0) return;
    const chats = this.dirty;
    this.dirty = new Set();
    for (const chatKey of chats) {
      const message = encodeSpectators(this.watching(chatKey));
      for (const watcher of [...(this.groups.get(chatKey) ?? [])]) this.send(watcher, message);
    }
    for (const listener of this.listeners) listener(chats);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dirty.clear();
    this.listeners.clear();
  }
}
