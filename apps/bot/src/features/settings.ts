import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { settingsMenu } from '../settings/menu';
import { settingsText, viewOf } from '../settings/view';
import { isGroup } from './lobby';

/**
 * /settings: the group's house rules and language in a menu (see `settings/menu.ts`). Installed
 * before `play`, which answers every callback it does not know as invalid.
 */
export const settings = new Composer<BotContext>();

// The menu is only ever drawn in groups; a settings button anywhere else is no button of ours.
settings.filter(isGroup).use(settingsMenu);

settings.command('settings', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('settings-private'), { parse_mode: 'HTML' });
  // The first /settings in a group records it, with its title, before the menu reads it.
  await ctx.deps.games.chats.profile(BigInt(ctx.chat.id), { title: 'title' in ctx.chat ? ctx.chat.title : null, type: ctx.chat.type });
  return ctx.reply(settingsText(await viewOf(ctx)), { parse_mode: 'HTML', reply_markup: settingsMenu });
});
