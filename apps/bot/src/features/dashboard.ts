import { Composer } from 'grammy';
import { z } from 'zod';
import type { BotContext } from '../context';
import { escapeHtml } from '../render/html';
import { isGroup, mayManage } from './lobby';

/**
 * /dashboard: the link to this group's tables on the web dashboard (`PUBLIC_URL/g/<token>`).
 * Anyone in the group may see it; admins may issue a new one (`rotate`: the old link stops
 * working, e.g. after it leaked) and list the group publicly or not (`public on|off`).
 */
export const dashboard = new Composer<BotContext>();

/** The command's words, lower-cased: nothing, `rotate`, or `public on|off`. */
const DashboardArgs = z.union([
  z.tuple([]).transform(() => ({ kind: 'show' as const })),
  z.tuple([z.literal('rotate')]).transform(() => ({ kind: 'rotate' as const })),
  z.tuple([z.literal('public'), z.enum(['on', 'off'])]).transform(([, v]) => ({ kind: 'public' as const, listed: v === 'on' })),
]);

const words = (match: string): string[] => match.trim().toLowerCase().split(/\s+/).filter(Boolean);

dashboard.command('dashboard', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('dashboard-private'));
  const parsed = DashboardArgs.safeParse(words(ctx.match));
  if (!parsed.success) return ctx.reply(ctx.t('dashboard-usage'));
  const args = parsed.data;
  if (args.kind !== 'show' && !(await mayManage(ctx, undefined))) return ctx.reply(ctx.t('dashboard-not-admin'));

  const chatId = BigInt(ctx.chat.id);
  const { chats } = ctx.deps.games;
  const link = (token: string) => escapeHtml(`${ctx.deps.publicUrl}/g/${token}`);
  const options = { parse_mode: 'HTML', link_preview_options: { is_disabled: true } } as const;
  switch (args.kind) {
    case 'show': {
      const profile = await chats.profile(chatId, { title: ctx.chat.title, type: ctx.chat.type });
      const text = [
        ctx.t('dashboard-link', { url: link(profile.dashboardToken) }),
        ctx.t(profile.listedPublicly ? 'dashboard-listed' : 'dashboard-unlisted'),
        ctx.t('dashboard-admin-hint'),
      ].join('\n');
      return ctx.reply(text, options);
    }
    case 'rotate': {
      const token = await chats.rotateDashboardToken(chatId);
      ctx.deps.log.info({ chatId: chatId.toString() }, 'bot: dashboard link rotated');
      return ctx.reply(ctx.t('dashboard-rotated', { url: link(token) }), options);
    }
    case 'public':
      await chats.setListedPublicly(chatId, args.listed);
      return ctx.reply(ctx.t(args.listed ? 'dashboard-public-on' : 'dashboard-public-off'));
  }
});
