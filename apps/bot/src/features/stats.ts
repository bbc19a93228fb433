import { Composer } from 'grammy';
import { playerRating, playerStats, type PlayerRating, type PlayerStats } from '@mia/db/queries';
import { PROVISIONAL_GAMES } from '@mia/engine';
import type { BotContext } from '../context';
import type { Translate } from '../i18n';
import { escapeHtml } from '../render/html';
import { isGroup } from './lobby';
import { percent, repliedTo } from './people';
import { ratingNumber, trendText } from './rating-text';

/**
 * /stats: what the finished games say about a player (the statistics queries of @mia/db count
 * FINISHED games only: a running game's dice are still secret), with their skill rating.
 */
export const stats = new Composer<BotContext>();

/**
 * The sender's statistics, or those of the author of the message it replies to. In a group they
 * cover that group's games and rating (what the group saw; no hint of where else someone plays);
 * in a private chat, every group's and the overall rating.
 */
stats.command('stats', async (ctx) => {
  const who = repliedTo(ctx) ?? ctx.from;
  // Bots, and an anonymous admin (Telegram's GroupAnonymousBot), play no games.
  if (!who || who.is_bot) return ctx.reply(ctx.t('stats-bot'));
  const inGroup = isGroup(ctx);
  const scope = inGroup ? 'group' : 'all';
  const chat = inGroup ? { chatId: BigInt(ctx.chat.id) } : {};
  const [found, rating] = await Promise.all([
    playerStats(ctx.deps.games.reads, BigInt(who.id), { ...chat, recent: 0 }),
    playerRating(ctx.deps.games.reads, String(who.id), chat),
  ]);
  const name = escapeHtml(who.first_name);
  const t: Translate = (key, vars) => ctx.t(key, vars);
  if (found.games === 0) {
    return ctx.reply(t('stats-none', { name, scope, self: who.id === ctx.from?.id ? 'yes' : 'no' }), { parse_mode: 'HTML' });
  }
  await ctx.reply(statsText(t, name, scope, found, rating), { parse_mode: 'HTML' });
});

const CAUSES = [
  ['caughtBluffing', 'stats-cause-caught-bluffing'],
  ['wrongCall', 'stats-cause-wrong-call'],
  ['miaLooked', 'stats-cause-mia-looked'],
  ['miaGivenUp', 'stats-cause-mia-given-up'],
  ['timeout', 'stats-cause-timeout'],
] as const;

/** The rating line: its value, place on the board, recent trend, and whether it is provisional. */
export function ratingLine(t: Translate, r: PlayerRating): string {
  return t('stats-rating', {
    rating: String(ratingNumber(r.rating)),
    position: r.position,
    of: r.ratedPlayers,
    trend: trendText(r.trend),
    trendGames: r.trendGames,
    provisional: r.provisional ? 'yes' : 'no',
    games: r.games,
    needed: PROVISIONAL_GAMES,
  });
}

/** One player's statistics as a message; `name` is already escaped. */
export function statsText(t: Translate, name: string, scope: 'group' | 'all', s: PlayerStats, rating: PlayerRating | null): string {
  const a = s.announcements;
  const looked = a.truthful + a.over + a.under;
  const causes = CAUSES.filter(([k]) => s.livesLost[k] > 0).map(([k, key]) => t(key, { n: s.livesLost[k] }));
  return [
    t('stats-title', { name, scope }),
    ...(rating ? [ratingLine(t, rating)] : []),
    t('stats-games', { games: s.games, wins: s.wins, winRate: percent(s.winRate) }),
    s.bluffRate === null ? t('stats-bluff-rate-none') : t('stats-bluff-rate', { rate: percent(s.bluffRate), bluffs: a.over, looked }),
    t('stats-bluffs-called', { called: s.calledOn.bluffsCalled, caught: s.calls.bluffsCaught }),
    s.calls.total === 0 ? t('stats-calls-none') : t('stats-calls', { right: s.calls.right, total: s.calls.total, accuracy: percent(s.calls.accuracy) }),
    causes.length === 0 ? t('stats-lives', { total: s.livesLost.total }) : t('stats-lives-detail', { total: s.livesLost.total, causes: causes.join(', ') }),
  ].join('\n');
}
