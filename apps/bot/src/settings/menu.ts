import { Menu, type MenuFlavor } from '@grammyjs/menu';
import { GrammyError, type Filter } from 'grammy';
import { RANKING_PRESETS, SETTING_LIMITS, type RankingPreset, type SettingsInput } from '@mia/engine';
import type { PlayMode } from '@mia/game';
import type { BotContext } from '../context';
import { mayManage } from '../features/lobby';
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n';
import { setChatLocale } from './languages';
import { setChatPlayMode } from './play-mode';
import { checkChange, presetOf, PRESETS, TURN_ROWS, unchanged, type NumericSetting, type Refusal, type SteppedSetting } from './model';
import { fingerprint, forgetView, presetLabel, settingsText, turnLabel, viewOf, type SettingsView } from './view';

/**
 * The /settings menu (@grammyjs/menu): a root page with every setting (the engine's house rules,
 * and the group's play mode beside them) and three sub-pages
 * (ranking, turn time, language). Menus are stateless: a button's callback data names its menu
 * and position, and the fingerprint (the stored settings) tells whether the person saw them as
 * they are now; so buttons keep working after a restart, and a stale one refreshes the message.
 * Anyone may look and move between pages; changes need an admin or the lobby's creator.
 */

type Press = Filter<BotContext, 'callback_query:data'> & MenuFlavor;

const options = {
  // Every press is answered by its handler: with the result, a refusal or nothing.
  autoAnswer: false,
  fingerprint,
  onMenuOutdated: async (ctx: Press) => {
    await redraw(ctx);
    await ctx.answerCallbackQuery({ text: ctx.t('settings-outdated'), show_alert: true });
  },
};

// Short ids: callback data is "<id>/<row>/<col>//f<hash>", well inside Telegram's 64 bytes.
export const settingsMenu = new Menu<BotContext>('st', options);
const rankingMenu = new Menu<BotContext>('st-r', options);
const turnMenu = new Menu<BotContext>('st-t', options);
const languageMenu = new Menu<BotContext>('st-l', options);

/** A label drawn from the chat's settings, in the group's language. */
const label =
  (draw: (view: SettingsView) => string) =>
  async (ctx: BotContext): Promise<string> =>
    draw(await viewOf(ctx));

const mark = (chosen: boolean, text: string) => (chosen ? `✅ ${text}` : text);

/** The text and buttons as stored now; the menu plugin puts the current page's buttons on the edit. */
async function redraw(ctx: Press): Promise<void> {
  try {
    await ctx.editMessageText(settingsText(await viewOf(ctx)), { parse_mode: 'HTML' });
  } catch (error) {
    // A press that changed nothing visible (e.g. the same page drawn again) is not a failure.
    if (!(error instanceof GrammyError && error.description.includes('message is not modified'))) throw error;
  }
}

/** Admins, and the creator of the game waiting in its lobby (their table, their rules). */
async function mayChange(ctx: Press, view: SettingsView): Promise<boolean> {
  return mayManage(ctx, view.game?.status === 'LOBBY' ? view.game.creator : undefined);
}

function refusalText(ctx: Press, refusal: Refusal): string {
  switch (refusal.kind) {
    case 'range':
      return ctx.t('settings-refused-range', { setting: ctx.t(`settings-name-${refusal.setting}`), min: refusal.min, max: refusal.max });
    case 'players':
      return ctx.t('settings-refused-players', { min: refusal.min, max: refusal.max });
    case 'blind-pass':
      return ctx.t('settings-refused-blind-pass');
    case 'invalid':
      return ctx.t('settings-refused-invalid', { reason: refusal.reason }).slice(0, 200);
  }
}

/**
 * One change from a press: permission, then the check (a refusal names the range or the rule and
 * stores nothing), then the store, the message redrawn and a pop-up saying it is saved.
 */
async function change(ctx: Press, patchOf: (view: SettingsView) => SettingsInput): Promise<unknown> {
  const view = await viewOf(ctx);
  if (!(await mayChange(ctx, view))) return ctx.answerCallbackQuery({ text: ctx.t('settings-not-allowed'), show_alert: true });
  const patch = patchOf(view);
  const checked = checkChange(view.settings, patch);
  if (!checked.ok) return ctx.answerCallbackQuery({ text: refusalText(ctx, checked.refusal), show_alert: true });
  if (unchanged(checked.settings, view.settings)) return ctx.answerCallbackQuery();
  const stored = await ctx.deps.games.chats.updateSettings(view.chatId, patch);
  if (!stored.ok) {
    const reason = stored.errors.map((e) => e.message).join('; ');
    return ctx.answerCallbackQuery({ text: refusalText(ctx, { kind: 'invalid', reason }), show_alert: true });
  }
  forgetView(ctx);
  await redraw(ctx);
  // Games copy the settings when they are created: the one open now keeps its own.
  return ctx.answerCallbackQuery({ text: ctx.t(view.game ? 'settings-saved-next-game' : 'settings-saved') });
}

async function chooseLanguage(ctx: Press, locale: Locale): Promise<unknown> {
  const view = await viewOf(ctx);
  if (!(await mayChange(ctx, view))) return ctx.answerCallbackQuery({ text: ctx.t('settings-not-allowed'), show_alert: true });
  if (view.locale === locale) return ctx.answerCallbackQuery();
  await setChatLocale(ctx.deps, view.chatId, locale);
  forgetView(ctx);
  await redraw(ctx);
  return ctx.answerCallbackQuery({ text: ctx.t('settings-language-changed', { name: LOCALE_NAMES[locale] }) });
}

/**
 * The play mode is the chat's, not an engine setting: stored on its own, with the same permission
 * and the same pop-ups. The fingerprint holds the mode, so a press drawn before someone else
 * switched it is refused as outdated rather than switching it back.
 */
async function choosePlayMode(ctx: Press, mode: PlayMode): Promise<unknown> {
  const view = await viewOf(ctx);
  if (!(await mayChange(ctx, view))) return ctx.answerCallbackQuery({ text: ctx.t('settings-not-allowed'), show_alert: true });
  if (view.playMode === mode) return ctx.answerCallbackQuery();
  await setChatPlayMode(ctx.deps, view.chatId, mode);
  forgetView(ctx);
  await redraw(ctx);
  // Like the house rules: the game open now is played as it began.
  return ctx.answerCallbackQuery({ text: ctx.t(view.game ? 'settings-saved-next-game' : 'settings-saved') });
}

/** The middle button of a ➖/➕ row says what the setting is and its range. */
function explain(ctx: Press, key: NumericSetting) {
  const { min, max } = SETTING_LIMITS[key];
  return ctx.answerCallbackQuery({ text: ctx.t('settings-range', { setting: ctx.t(`settings-name-${key}`), min, max }) });
}

function stepper(menu: Menu<BotContext>, key: SteppedSetting, draw: (view: SettingsView) => string): void {
  menu
    .text('➖', (ctx) => change(ctx, (v) => ({ [key]: v.settings[key] - 1 })))
    .text(label(draw), (ctx) => explain(ctx, key))
    .text('➕', (ctx) => change(ctx, (v) => ({ [key]: v.settings[key] + 1 })))
    .row();
}

/** Page changes redraw the buttons first, then answer, so the press ends with the page shown. */
const goTo = (id: string) => async (ctx: Press) => {
  await ctx.menu.nav(id, { immediate: true });
  await ctx.answerCallbackQuery();
};
const back = async (ctx: Press) => {
  await ctx.menu.back({ immediate: true });
  await ctx.answerCallbackQuery();
};
const backButton = label((v) => v.t('settings-btn-back'));

stepper(settingsMenu, 'lives', (v) => v.t('settings-btn-lives', { n: v.settings.lives }));
settingsMenu
  .text(
    label((v) => v.t('settings-btn-ranking', { preset: presetLabel(v.t, v.settings) })),
    goTo('st-r'),
  )
  .row();
settingsMenu
  .text(
    label((v) => v.t('settings-btn-announce', { rule: v.settings.announceRule })),
    (ctx) => change(ctx, (v) => ({ announceRule: v.settings.announceRule === 'strict' ? 'at-least' : 'strict' })),
  )
  .row();
settingsMenu
  .text(
    label((v) => v.t('settings-btn-blind-pass', { on: v.settings.blindPass ? 'on' : 'off' })),
    (ctx) => change(ctx, (v) => ({ blindPass: !v.settings.blindPass })),
  )
  .row();
stepper(settingsMenu, 'miaLookedPenalty', (v) => v.t('settings-btn-mia-looked', { n: v.settings.miaLookedPenalty }));
stepper(settingsMenu, 'miaFalsePenalty', (v) => v.t('settings-btn-mia-false', { n: v.settings.miaFalsePenalty }));
settingsMenu
  .text(
    label((v) => v.t('settings-btn-end', { rule: v.settings.endRule })),
    (ctx) => change(ctx, (v) => ({ endRule: v.settings.endRule === 'last-standing' ? 'first-out' : 'last-standing' })),
  )
  .row();
settingsMenu
  .text(
    label((v) => v.t('settings-btn-turn', { time: turnLabel(v.t, v.settings.turnSeconds) })),
    goTo('st-t'),
  )
  .row();
stepper(settingsMenu, 'idleLimit', (v) => v.t('settings-btn-idle', { n: v.settings.idleLimit }));
stepper(settingsMenu, 'minPlayers', (v) => v.t('settings-btn-min-players', { n: v.settings.minPlayers }));
stepper(settingsMenu, 'maxPlayers', (v) => v.t('settings-btn-max-players', { n: v.settings.maxPlayers }));
settingsMenu
  .text(
    label((v) => v.t('settings-btn-play-mode', { mode: v.playMode })),
    async (ctx) => choosePlayMode(ctx, (await viewOf(ctx)).playMode === 'group' ? 'private' : 'group'),
  )
  .row();
settingsMenu
  .text(
    label((v) => v.t('settings-btn-language', { name: LOCALE_NAMES[v.locale] })),
    goTo('st-l'),
  )
  .text(
    label((v) => v.t('settings-btn-close')),
    async (ctx) => {
      if (!(await mayChange(ctx, await viewOf(ctx)))) return ctx.answerCallbackQuery({ text: ctx.t('settings-not-allowed'), show_alert: true });
      await ctx.menu.close({ immediate: true });
      return ctx.answerCallbackQuery();
    },
  );

// Ranking: a preset sets all three options at once; each option can then be changed on its own.
PRESETS.forEach((preset: RankingPreset) => {
  rankingMenu.text(
    label((v) => mark(presetOf(v.settings.ranking) === preset, v.t(`settings-preset-${preset}`))),
    (ctx) => change(ctx, () => ({ ranking: RANKING_PRESETS[preset] })),
  );
});
rankingMenu.row();
rankingMenu
  .text(
    label((v) => v.t('settings-btn-doubles', { best: v.settings.ranking.doubles === '11-high' ? 'ones' : 'sixes' })),
    (ctx) => change(ctx, (v) => ({ ranking: { doubles: v.settings.ranking.doubles === '66-high' ? '11-high' : '66-high' } })),
  )
  .row()
  .text(
    label((v) => v.t('settings-btn-little-mia', { on: v.settings.ranking.littleMia ? 'on' : 'off' })),
    (ctx) => change(ctx, (v) => ({ ranking: { littleMia: !v.settings.ranking.littleMia } })),
  )
  .row()
  .text(
    label((v) => v.t('settings-btn-sum', { on: v.settings.ranking.sum ? 'on' : 'off' })),
    (ctx) => change(ctx, (v) => ({ ranking: { sum: !v.settings.ranking.sum } })),
  )
  .row()
  .text(backButton, back);

for (const row of TURN_ROWS) {
  for (const seconds of row) {
    turnMenu.text(
      label((v) => mark(v.settings.turnSeconds === seconds, turnLabel(v.t, seconds))),
      (ctx) => change(ctx, () => ({ turnSeconds: seconds })),
    );
  }
  turnMenu.row();
}
turnMenu.text(backButton, back);

LOCALES.forEach((locale, i) => {
  languageMenu.text(
    label((v) => mark(v.locale === locale, LOCALE_NAMES[locale])),
    (ctx) => chooseLanguage(ctx, locale),
  );
  if (i % 3 === 2) languageMenu.row();
});
languageMenu.row().text(backButton, back);

settingsMenu.register([rankingMenu, turnMenu, languageMenu]);
