import type { Settings } from '@mia/engine';
import type { PlayMode } from '@mia/game';
import type { BotContext } from '../context';
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, translator, type Locale, type Translate } from '../i18n';
import { presetOf, STEPPED, TURN_ROWS } from './model';

/** What the settings message shows, read once per update. */
export interface SettingsView {
  chatId: bigint;
  settings: Settings;
  /** How dice reach the players (a chat setting beside the engine's, not a game rule). */
  playMode: PlayMode;
  locale: Locale;
  /**
   * The group's language. The menu is the group's message: it is drawn in the group's language
   * whoever pressed (pop-ups use `ctx.t`, the presser's).
   */
  t: Translate;
  /** The game in the chat, if one is open: changes wait for the next one. */
  game: { status: 'LOBBY' | 'PLAYING'; creator: string } | null;
}

// Every button label and the fingerprint need the view: one read per update, dropped after a change.
const views = new WeakMap<BotContext, Promise<SettingsView>>();

export function viewOf(ctx: BotContext): Promise<SettingsView> {
  let view = views.get(ctx);
  if (!view) {
    view = load(ctx);
    views.set(ctx, view);
  }
  return view;
}

/** After a change: the next label or text is drawn from the stored settings. */
export function forgetView(ctx: BotContext): void {
  views.delete(ctx);
}

async function load(ctx: BotContext): Promise<SettingsView> {
  const chatId = BigInt(ctx.chat!.id);
  const { games } = ctx.deps;
  const [profile, game] = await Promise.all([games.chats.profile(chatId), games.currentGame(chatId)]);
  const locale = isLocale(profile.language) ? profile.language : DEFAULT_LOCALE;
  const open = game && (game.status === 'LOBBY' || game.status === 'PLAYING') ? { status: game.status, creator: game.state.creator } : null;
  return { chatId, settings: profile.settings, playMode: profile.playMode, locale, t: translator(locale), game: open };
}

/**
 * The menu's fingerprint: a press is carried out only if the person saw the settings as they are
 * now (another admin may have changed them meanwhile). The layout is part of it, so buttons drawn
 * by an older version of the bot, with other rows, are refreshed instead of pressing the wrong one.
 */
export async function fingerprint(ctx: BotContext): Promise<string> {
  const view = await viewOf(ctx);
  return [LAYOUT, view.locale, view.playMode, JSON.stringify(view.settings)].join('|');
}

// A press names its button by row and column only. The lists below change the layout by
// themselves; bump 'v2' whenever rows of the menu are added, removed or reordered by hand.
const LAYOUT = ['v2', STEPPED.join(), TURN_ROWS.map((row) => row.join()).join('/'), LOCALES.join()].join(';');

/** "90 s", "2 min" or "no limit", in the group's language. */
export function turnLabel(t: Translate, seconds: number | null): string {
  if (seconds === null) return t('settings-choice-no-limit');
  return seconds % 60 === 0 && seconds >= 120 ? t('settings-choice-minutes', { n: seconds / 60 }) : t('settings-choice-seconds', { n: seconds });
}

export function presetLabel(t: Translate, settings: Settings): string {
  return t(`settings-preset-${presetOf(settings.ranking) ?? 'custom'}`);
}

/** The message above the menu: every setting in a sentence, in the group's language (HTML). */
export function settingsText(view: SettingsView): string {
  const { t, settings: s } = view;
  const r = s.ranking;
  const ranking = [
    t(r.doubles === '11-high' ? 'settings-doubles-11-high' : 'settings-doubles-66-high'),
    t(r.littleMia ? 'settings-little-mia-on' : 'settings-little-mia-off'),
    t(r.sum ? 'settings-sum-on' : 'settings-sum-off'),
  ].join(', ');
  return [
    t('settings-title'),
    '',
    t('settings-line-lives', { n: s.lives }),
    t('settings-line-ranking', { preset: presetLabel(t, s), options: ranking }),
    t('settings-line-announce', { rule: s.announceRule }),
    t('settings-line-blind-pass', { on: s.blindPass ? 'on' : 'off' }),
    t('settings-line-mia-looked', { n: s.miaLookedPenalty }),
    t('settings-line-mia-false', { n: s.miaFalsePenalty }),
    t('settings-line-end', { rule: s.endRule }),
    s.turnSeconds === null ? t('settings-line-turn-off') : t('settings-line-turn', { time: turnLabel(t, s.turnSeconds) }),
    t('settings-line-idle', { n: s.idleLimit }),
    t('settings-line-players', { min: s.minPlayers, max: s.maxPlayers }),
    t('settings-line-play-mode', { mode: view.playMode }),
    t('settings-line-language', { name: LOCALE_NAMES[view.locale] }),
    '',
    t('settings-who'),
    t(view.game ? 'settings-next-game-open' : 'settings-next-game'),
  ].join('\n');
}
