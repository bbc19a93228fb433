import { Composer } from 'grammy';
import { ratingBoard, type RatingBoardRow } from '@mia/db/queries';
import { PROVISIONAL_GAMES } from '@mia/engine';
import type { BotContext } from '../context';
import { escapeHtml } from '../render/html';
import { isGroup } from './lobby';
import { percent } from './people';
import { ratingNumber } from './rating-text';

/**
 * /top: the group's board by skill rating (OpenSkill; see @mia/engine rating.ts), people first,
 * then the ladder of the computer strategies that played here, which are rated apart.
 */
export const top = new Composer<BotContext>();

const MEDALS = ['🥇', '🥈', '🥉'];
const TOP_PEOPLE = 10;

top.command('top', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('top-private'));
  const chatId = BigInt(ctx.chat.id);
  const prisma = ctx.deps.games.reads;
  const [people, computers] = await Promise.all([
    ratingBoard(prisma, { chatId, kind: 'people', limit: TOP_PEOPLE }),
    ratingBoard(prisma, { chatId, kind: 'computers', limit: 4 }),
  ]);
  if (people.length === 0 && computers.length === 0) return ctx.reply(ctx.t('top-empty'));
  const row = (r: RatingBoardRow) =>
    ctx.t('top-row', {
      rank: MEDALS[r.position - 1] ?? `${r.position}.`,
      name: escapeHtml(r.firstName ?? '?'),
      rating: String(ratingNumber(r.rating)),
      provisional: r.provisional ? 'yes' : 'no',
      games: r.games,
      wins: r.wins,
      winRate: percent(r.winRate),
      bluff: r.bluffRate === null ? '—' : `${percent(r.bluffRate)}%`,
    });
  const ladder = computers.map((r) =>
    ctx.t('top-computer', {
      strategy: ctx.t(`top-strategy-${r.strategy ?? 'calculator'}`),
      rating: String(ratingNumber(r.rating)),
      provisional: r.provisional ? 'yes' : 'no',
      games: r.games,
    }),
  );
  const lines = [
    ctx.t('top-title', { chat: escapeHtml(ctx.chat.title ?? '') }),
    ...(people.length ? people.map(row) : [ctx.t('top-no-people')]),
    ...(ladder.length ? ['', ctx.t('top-computers-title'), ...ladder] : []),
    '',
    ctx.t('top-footer', { needed: PROVISIONAL_GAMES }),
  ];
  await ctx.reply(lines.join('\n'), { parse_mode: 'HTML' });
});
