import { Composer } from 'grammy';
import { leaderboard, playerStats, type PlayerStats } from '@mia/db';
import type { BotContext } from '../context';
import type { Translate } from '../i18n';
import { escapeHtml } from '../render/html';
import { isGroup } from './lobby';
import { percent, repliedTo } from './people';

/**
 * /stats and /top: what the finished games say about a player and about a group. Both read the
 * statistics queries of @mia/db, which count FINISHED games only (a running game's dice are
 * still secret).
 */
export const stats = new Composer<BotContext>();

/**
 * /stats: the sender's statistics, or those of the author of the message it replies to. In a group
 * they cover that group's games (what the group saw; no hint of where else someone plays); in a
 * private chat, every group's.
 */
stats.command('stats', async (ctx) => {
  const who = repliedTo(ctx) ?? ctx.from;
  // Bots, and an anonymous admin (Telegram's GroupAnonymousBot), play no games.
  if (!who || who.is_bot) return ctx.reply(ctx.t('stats-bot'));
  const inGroup = isGroup(ctx);
  const scope = inGroup ? 'group' : 'all';
  const found = await playerStats(ctx.deps.games.prisma, BigInt(who.id), {
    ...(inGroup ? { chatId: BigInt(ctx.chat.id) } : {}),
    recent: 0,
  });
  const name = escapeHtml(who.first_name);
  const t: Translate = (key, vars) => ctx.t(key, vars);
  if (found.games === 0) {
    return ctx.reply(t('stats-none', { name, scope, self: who.id === ctx.from?.id ? 'yes' : 'no' }), { parse_mode: 'HTML' });
  }
  await ctx.reply(statsText(t, name, scope, found), { parse_mode: 'HTML' });
});

const CAUSES = [
  ['caughtBluffing', 'stats-cause-caught-bluffing'],
  ['wrongCall', 'stats-cause-wrong-call'],
  ['miaLooked', 'stats-cause-mia-looked'],
  ['miaGivenUp', 'stats-cause-mia-given-up'],
  ['timeout', 'stats-cause-timeout'],
] as const;

/** One player's statistics as a message; `name` is already escaped. */
export function statsText(t: Translate, name: string, scope: 'group' | 'all', s: PlayerStats): string {
  const a = s.announcements;
  const looked = a.truthful + a.over + a.under;
  const causes = CAUSES.filter(([k]) => s.livesLost[k] > 0).map(([k, key]) => t(key, { n: s.livesLost[k] }));
  return [
    t('stats-title', { name, scope }),
    t('stats-games', { games: s.games, wins: s.wins, winRate: percent(s.winRate) }),
    s.bluffRate === null
      ? t('stats-bluff-rate-none')
      : t('stats-bluff-rate', { rate: percent(s.bluffRate), bluffs: a.over, looked }),
    t('stats-bluffs-called', { called: s.calledOn.bluffsCalled, caught: s.calls.bluffsCaught }),
    s.calls.total === 0
      ? t('stats-calls-none')
      : t('stats-calls', { right: s.calls.right, total: s.calls.total, accuracy: percent(s.calls.accuracy) }),
    causes.length === 0
      ? t('stats-lives', { total: s.livesLost.total })
      : t('stats-lives-detail', { total: s.livesLost.total, causes: causes.join(', ') }),
  ].join('\n');
}

const MEDALS = ['🥇', '🥈', '🥉'];

/** /top: the group's leaderboard over its finished games, people only (AI seats are not ranked). */
stats.command('top', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('top-private'));
  const rows = await leaderboard(ctx.deps.games.prisma, BigInt(ctx.chat.id), { limit: 10 });
  if (rows.length === 0) return ctx.reply(ctx.t('top-empty'));
  const lines = rows.map((r) =>
    ctx.t('top-row', {
      rank: MEDALS[r.position - 1] ?? `${r.position}.`,
      name: escapeHtml(r.firstName),
      wins: r.wins,
      games: r.games,
      bluff: r.bluffRate === null ? '—' : `${percent(r.bluffRate)}%`,
    }),
  );
  await ctx.reply([ctx.t('top-title', { chat: escapeHtml(ctx.chat.title ?? '') }), ...lines, '', ctx.t('top-footer')].join('\n'), {
    parse_mode: 'HTML',
  });
});
