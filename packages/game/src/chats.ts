import { randomBytes } from 'node:crypto';
import { DEFAULT_SETTINGS, resolveSettings, type Settings, type SettingsResult } from '@mia/engine';
import type { Database } from '@mia/db';
import type { ChatChange } from './bus';
import { json, type Tx } from './repository';
import type { ChatInfo } from './requests';

/**
 * How a group's players see their dice and announce (presentation, not a game rule, so not an
 * engine setting): `private`, by private message from the bot; `group`, in pop-ups only the
 * player sees and with buttons on the group's table, so nobody needs a private chat with the bot.
 */
export type PlayMode = 'private' | 'group';

export const PLAY_MODES: readonly PlayMode[] = ['private', 'group'];

export const DEFAULT_PLAY_MODE: PlayMode = 'private';

export const isPlayMode = (value: unknown): value is PlayMode => value === 'private' || value === 'group';

/** A stored value as a play mode: anything unknown (or missing) reads as the default. */
export const playModeOf = (stored: unknown): PlayMode => (isPlayMode(stored) ? stored : DEFAULT_PLAY_MODE);

/** A group as the bot keeps it: its house rules, its language, its play mode and its dashboard link. */
export interface ChatProfile {
  id: bigint;
  title: string | null;
  type: string;
  language: string;
  /** Complete and valid: stored settings are resolved over the defaults on every read. */
  settings: Settings;
  /** How dice reach the players (see `PlayMode`); 'private' unless set. */
  playMode: PlayMode;
  dashboardToken: string;
  listedPublicly: boolean;
}

export const newDashboardToken = (): string => randomBytes(18).toString('base64url');

/**
 * Where a chat's changes are told (the game service's bus): inside the transaction that makes
 * them, so other processes hear of them on commit, and after it, to this process's listeners.
 */
export interface ChatAnnouncer {
  publish(tx: Tx, chatId: bigint, change: ChatChange): Promise<void>;
  committed(chatId: bigint, change: ChatChange): void;
}

/**
 * Per-chat configuration (not game state): read by the bot for every group message and changed
 * by `/settings`, `/lang` and `/dashboard`. Games copy the settings when they are created, so a
 * change applies to the next game. Without an announcer (a tool, a test) changes are told to nobody.
 */
export class ChatDirectory {
  constructor(
    private readonly db: Database,
    private readonly announcer?: ChatAnnouncer,
  ) {}

  private get prisma() {
    return this.db.prisma;
  }

  /** The chat's profile, created with the defaults the first time the bot meets the chat. */
  async profile(chatId: bigint, info: ChatInfo = {}): Promise<ChatProfile> {
    const row = (await this.prisma.chat.findUnique({ where: { id: chatId } })) ?? (await this.create(chatId, info));
    const resolved = resolveSettings(row.settings ?? {});
    return {
      id: row.id,
      title: row.title,
      type: row.type,
      language: row.language,
      // Stored settings were valid when written; should the limits tighten later, the defaults
      // stand in rather than a game refusing to open.
      settings: resolved.ok ? resolved.settings : { ...DEFAULT_SETTINGS },
      playMode: playModeOf(row.playMode),
      dashboardToken: row.dashboardToken,
      listedPublicly: row.listedPublicly,
    };
  }

  /**
   * The chat's row, inserted unless another handler or process did so meanwhile. Not an upsert
   * with nothing to update: Prisma runs that as a read, then an insert, and two first meetings of
   * a chat at once on PostgreSQL (a command and a press, two processes) failed on the key
   * (P2002). INSERT … ON CONFLICT DO NOTHING cannot, and the read after it sees whichever won.
   */
  private async create(chatId: bigint, info: ChatInfo) {
    await this.prisma.chat.createMany({
      data: [{ id: chatId, type: info.type ?? 'group', title: info.title ?? null, dashboardToken: newDashboardToken() }],
      skipDuplicates: true,
    });
    return this.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
  }

  /** The language of the group, without creating it (private messages fall back to it). */
  async language(chatId: bigint): Promise<string | null> {
    const row = await this.prisma.chat.findUnique({ where: { id: chatId }, select: { language: true } });
    return row?.language ?? null;
  }

  /** The group's play mode, without creating it: 'private' for a chat the bot has not met. */
  async playMode(chatId: bigint): Promise<PlayMode> {
    const row = await this.prisma.chat.findUnique({ where: { id: chatId }, select: { playMode: true } });
    return playModeOf(row?.playMode);
  }

  /**
   * Changes some settings of the chat (for its next game). Every value is checked by the engine;
   * nothing is stored unless all of them are valid.
   */
  async updateSettings(chatId: bigint, patch: unknown): Promise<SettingsResult> {
    const current = await this.profile(chatId);
    const result = resolveSettings(patch, current.settings);
    if (!result.ok) return result;
    await this.prisma.chat.update({ where: { id: chatId }, data: { settings: json(result.settings) } });
    return result;
  }

  async setLanguage(chatId: bigint, language: string): Promise<void> {
    await this.profile(chatId);
    await this.announced(chatId, { type: 'settings' }, (tx) => tx.chat.update({ where: { id: chatId }, data: { language } }));
  }

  /** How dice reach the group's players (the settings menu says it applies from the next game). */
  async setPlayMode(chatId: bigint, mode: PlayMode): Promise<void> {
    // Typed, but callers pass what a button or a command decoded: nothing else is ever stored.
    if (!isPlayMode(mode)) throw new RangeError(`unknown play mode ${JSON.stringify(mode)}`);
    await this.profile(chatId);
    await this.announced(chatId, { type: 'settings' }, (tx) => tx.chat.update({ where: { id: chatId }, data: { playMode: mode } }));
  }

  /**
   * A new dashboard link for the group: the old one stops working at once, and live sockets
   * opened with it are closed as soon as the notice arrives (in every process that serves them).
   */
  /**
   * A write other processes cache (the bot's languages and play modes): told on commit, so they
   * drop it at once instead of when their cache expires. Without an announcer, a plain write.
   */
  private async announced(chatId: bigint, change: ChatChange, write: (tx: Tx) => Promise<unknown>): Promise<void> {
    const announcer = this.announcer;
    if (!announcer) {
      await write(this.prisma);
      return;
    }
    await this.prisma.$transaction(async (tx) => {
      await write(tx);
      await announcer.publish(tx, chatId, change);
    });
    announcer.committed(chatId, change);
  }

  async rotateDashboardToken(chatId: bigint): Promise<string> {
    await this.profile(chatId);
    const token = newDashboardToken();
    const change: ChatChange = { type: 'token-rotated' };
    await this.prisma.$transaction(async (tx) => {
      await tx.chat.update({ where: { id: chatId }, data: { dashboardToken: token } });
      await this.announcer?.publish(tx, chatId, change);
    });
    this.announcer?.committed(chatId, change);
    return token;
  }

  async setListedPublicly(chatId: bigint, listed: boolean): Promise<void> {
    await this.profile(chatId);
    await this.prisma.chat.update({ where: { id: chatId }, data: { listedPublicly: listed } });
  }
}
