import type { GameService, PlayMode } from '@mia/game';
import { DEFAULT_LOCALE, isLocale, localeOfTelegram, type Locale } from './i18n';

/**
 * How long a chat's or user's language is remembered. A /lang or play-mode change anywhere drops
 * it at once (the game service's chat notices, NOTIFY on PostgreSQL); the time only bounds a
 * notice lost while the listening connection was down. It was 10 s, which cost most actions a
 * database read (0.8 per action at 100 groups).
 */
const TTL_MS = 5 * 60_000;

/**
 * Which language to speak where. In a group, the group's setting; to a person (private chat,
 * pop-up, private prompt), their /lang choice, else their Telegram language when it is one of
 * ours, else the group's. Lookups are cached briefly: every update needs one.
 */
export class LocaleResolver {
  private readonly cache = new Map<string, { value: unknown; until: number }>();

  constructor(private readonly games: GameService) {
    // Another process's change; this process's own setters call `forget` themselves.
    games.subscribeChats(({ chatId, change, origin }) => {
      if (origin !== 'remote') return;
      if (change.type === 'settings') this.forget('chat', chatId);
      else if (change.type === 'user-language') this.forget('user', chatId);
    });
  }

  async ofChat(chatId: bigint | number | string): Promise<Locale> {
    const key = `c:${chatId}`;
    return (
      (await this.cached(key, async () => {
        const language = await this.games.chats.language(BigInt(chatId));
        return isLocale(language) ? language : null;
      })) ?? DEFAULT_LOCALE
    );
  }

  /**
   * The group's play mode (how dice reach its players, see `PlayMode`), cached like its language
   * for whatever draws a game's messages. 'private' for a chat the bot has not met.
   */
  async playModeOf(chatId: bigint | number | string): Promise<PlayMode> {
    return this.cached(`m:${chatId}`, () => this.games.chats.playMode(BigInt(chatId)));
  }

  /**
   * A person's language. `telegramCode` is the update's `language_code` when there is an update;
   * `groupId` the group to fall back to.
   */
  async ofUser(userId: string | number, options: { telegramCode?: string | null; groupId?: bigint | number | string } = {}): Promise<Locale> {
    const known = await this.cached(`u:${userId}`, async () => {
      const user = await this.games.user(String(userId));
      return { chosen: isLocale(user?.language) ? user.language : null, recorded: user?.languageCode ?? null };
    });
    // The update's own code is the freshest: remember it for the private prompts that follow.
    if (options.telegramCode !== undefined) known.recorded = options.telegramCode;
    if (known.chosen) return known.chosen;
    // Without an update in hand (the notifier), Telegram's code as last recorded.
    const own = localeOfTelegram(options.telegramCode === undefined ? known.recorded : options.telegramCode);
    if (own) return own;
    return options.groupId !== undefined ? this.ofChat(options.groupId) : DEFAULT_LOCALE;
  }

  /** After /lang or /settings changed a language (or a chat's play mode) here. */
  forget(kind: 'chat' | 'user', id: bigint | number | string): void {
    if (kind === 'chat') {
      this.cache.delete(`c:${id}`);
      this.cache.delete(`m:${id}`);
    } else {
      this.cache.delete(`u:${id}`);
    }
  }

  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.value as T;
    const value = await load();
    this.cache.set(key, { value, until: now + TTL_MS });
    if (this.cache.size > 50_000) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }
}
