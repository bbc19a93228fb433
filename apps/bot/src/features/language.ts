import { Menu, type MenuFlavor } from '@grammyjs/menu';
import { Composer, GrammyError, type Filter } from 'grammy';
import { z } from 'zod';
import type { BotContext } from '../context';
import { LOCALE_NAMES, LOCALES, translator, type Locale } from '../i18n';
import { escapeHtml } from '../render/html';
import { setChatLocale, setUserLocale } from '../settings/languages';
import { isGroup, mayManage } from './lobby';

/**
 * /lang: in a group, the group's language (admins only); in a private chat, the person's own.
 * `/lang ru` (or `/lang русский`) sets it at once; `/lang` alone shows the five languages as
 * buttons. The answer comes in the new language.
 */
export const language = new Composer<BotContext>();

type Press = Filter<BotContext, 'callback_query:data'> & MenuFlavor;

const BY_NAME = new Map<string, Locale>(LOCALES.flatMap((l) => [[l, l] as const, [LOCALE_NAMES[l].toLowerCase(), l] as const]));

/** The argument of `/lang`: a language code or a language's own name, any case. */
export const localeArgument = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) => BY_NAME.get(s) ?? s)
  .pipe(z.enum(LOCALES));

const CHOICES = LOCALES.map((l) => `${l} (${LOCALE_NAMES[l]})`).join(', ');

/** The language spoken where the update came from: the group's, or the person's own. */
async function localeHere(ctx: BotContext): Promise<Locale> {
  if (isGroup(ctx)) return ctx.deps.locales.ofChat(ctx.chat!.id);
  return ctx.deps.locales.ofUser(ctx.from!.id, { telegramCode: ctx.from!.language_code ?? null });
}

async function promptText(ctx: BotContext): Promise<string> {
  const locale = await localeHere(ctx);
  return translator(locale)(isGroup(ctx) ? 'lang-prompt-group' : 'lang-prompt-private', { name: LOCALE_NAMES[locale] });
}

async function store(ctx: BotContext, locale: Locale): Promise<void> {
  if (isGroup(ctx)) return setChatLocale(ctx.deps, BigInt(ctx.chat!.id), locale);
  const from = ctx.from!;
  return setUserLocale(
    ctx.deps,
    { id: String(from.id), name: from.first_name, username: from.username ?? null, languageCode: from.language_code ?? null },
    locale,
  );
}

/** Said in the new language: the first words in it confirm the choice. */
const confirmation = (ctx: BotContext, locale: Locale) => translator(locale)(isGroup(ctx) ? 'lang-set-group' : 'lang-set-private');

async function redraw(ctx: Press, text: string): Promise<void> {
  try {
    await ctx.editMessageText(text, { parse_mode: 'HTML' });
  } catch (error) {
    if (!(error instanceof GrammyError && error.description.includes('message is not modified'))) throw error;
  }
}

async function choose(ctx: Press, locale: Locale): Promise<unknown> {
  if (isGroup(ctx) && !(await mayManage(ctx, undefined))) {
    return ctx.answerCallbackQuery({ text: ctx.t('lang-admins-only'), show_alert: true });
  }
  await store(ctx, locale);
  await redraw(ctx, confirmation(ctx, locale));
  // The pop-up is the presser's: in a private chat that is now the new language.
  const t = isGroup(ctx) ? ctx.t : translator(locale);
  return ctx.answerCallbackQuery({ text: t('lang-chosen', { name: LOCALE_NAMES[locale] }) });
}

/** The five languages by their own names; the one in force is ticked (so it is the fingerprint). */
export const languagePicker = new Menu<BotContext>('lang', {
  autoAnswer: false,
  fingerprint: localeHere,
  onMenuOutdated: async (ctx: Press) => {
    await redraw(ctx, await promptText(ctx));
    await ctx.answerCallbackQuery({ text: ctx.t('lang-outdated') });
  },
});
LOCALES.forEach((locale, i) => {
  languagePicker.text(
    async (ctx) => ((await localeHere(ctx)) === locale ? `✅ ${LOCALE_NAMES[locale]}` : LOCALE_NAMES[locale]),
    (ctx) => choose(ctx, locale),
  );
  if (i % 3 === 2) languagePicker.row();
});

language.use(languagePicker);

language.command('lang', async (ctx) => {
  if (isGroup(ctx)) {
    if (!(await mayManage(ctx, undefined))) return ctx.reply(ctx.t('lang-admins-only'), { parse_mode: 'HTML' });
    await ctx.deps.games.chats.profile(BigInt(ctx.chat.id), { title: 'title' in ctx.chat ? ctx.chat.title : null, type: ctx.chat.type });
  }
  const given = ctx.match.trim();
  if (given === '') return ctx.reply(await promptText(ctx), { parse_mode: 'HTML', reply_markup: languagePicker });
  const parsed = localeArgument.safeParse(given);
  if (!parsed.success) {
    return ctx.reply(ctx.t('lang-unknown', { given: escapeHtml(given.slice(0, 40)), choices: CHOICES }), { parse_mode: 'HTML' });
  }
  await store(ctx, parsed.data);
  return ctx.reply(confirmation(ctx, parsed.data), { parse_mode: 'HTML' });
});
