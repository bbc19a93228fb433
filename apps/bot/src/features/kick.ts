import { Composer } from 'grammy';
import type { GameRecord } from '@mia/game';
import { usernames } from '@mia/db/queries';
import { z } from 'zod';
import type { BotContext } from '../context';
import { escapeHtml } from '../render/html';
import { isGroup, mayManage } from './lobby';
import { repliedTo } from './people';

/**
 * /kick (group admins): removes a player from the lobby or the running game, e.g. one who walked
 * away, through the engine's `kick` action. The engine takes any seated player who is not out
 * yet: from a lobby the seat goes; in play the player is out, and a round that hinged on them is
 * void. Who is meant: the author of the message the command replies to, else `@username` or the
 * player's name after the command.
 */
export const kick = new Composer<BotContext>();

/** What follows /kick: `@username` or a player's name as the table shows it. */
const KickArg = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((s) => (s.startsWith('@') ? { username: s.slice(1).toLowerCase() } : { name: s.toLocaleLowerCase() }));

type Target = { ok: true; player: string; name: string } | { ok: false; key: string; name?: string };

kick.command('kick', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('kick-private'));
  if (!(await mayManage(ctx, undefined))) return ctx.reply(ctx.t('kick-not-admin'));
  const chatId = BigInt(ctx.chat.id);
  const game = await ctx.deps.games.currentGame(chatId);
  if (!game) return ctx.reply(ctx.t('kick-no-game'));

  const target = await targetOf(ctx, game);
  if (!target.ok) {
    return ctx.reply(ctx.t(target.key, { name: escapeHtml(target.name ?? '') }), { parse_mode: 'HTML' });
  }
  const name = escapeHtml(target.name);
  const result = await ctx.deps.games.act({
    chatId,
    gameId: game.id,
    key: `update:${ctx.update.update_id}`,
    action: { type: 'kick', player: target.player },
  });
  if (result.status === 'rejected') {
    const key =
      result.rejection.code === 'player-unknown'
        ? 'kick-no-player'
        : result.rejection.code === 'player-out'
          ? 'kick-already-out'
          : result.rejection.code === 'not-playing' || result.rejection.code === 'other-game'
            ? 'kick-game-over'
            : 'kick-refused';
    return ctx.reply(ctx.t(key, { name }), { parse_mode: 'HTML' });
  }
  // Applied (or a repeat of this very update): the lobby or table shows the rest.
  await ctx.reply(ctx.t('kick-done', { name }), { parse_mode: 'HTML' });
});

/** The seated player the command means, or why there is none. */
async function targetOf(ctx: BotContext, game: GameRecord): Promise<Target> {
  const seats = game.state.seats;
  const replied = repliedTo(ctx);
  if (replied) {
    const seat = seats.find((s) => s.id === String(replied.id));
    return seat ? { ok: true, player: seat.id, name: seat.name } : { ok: false, key: 'kick-no-player', name: replied.first_name };
  }
  // A mention of someone without a username (Telegram's text_mention) names the user directly.
  const mentioned = ctx.entities('text_mention')[0]?.user;
  if (mentioned) {
    const seat = seats.find((s) => s.id === String(mentioned.id));
    return seat ? { ok: true, player: seat.id, name: seat.name } : { ok: false, key: 'kick-no-player', name: mentioned.first_name };
  }
  const parsed = KickArg.safeParse(typeof ctx.match === 'string' ? ctx.match : '');
  if (!parsed.success) return { ok: false, key: 'kick-usage' };
  const arg = parsed.data;
  let matches: typeof seats;
  if ('username' in arg) {
    // Seats keep names only; usernames are in the users table, as last seen.
    const known = await usernames(
      ctx.deps.games.reads,
      seats.filter((s) => /^\d+$/.test(s.id)).map((s) => BigInt(s.id)),
    );
    matches = seats.filter((s) => /^\d+$/.test(s.id) && known.get(BigInt(s.id))?.toLowerCase() === arg.username);
  } else {
    matches = seats.filter((s) => s.name.toLocaleLowerCase() === arg.name);
  }
  const typed = (typeof ctx.match === 'string' ? ctx.match : '').trim();
  if (matches.length === 0) return { ok: false, key: 'kick-no-player', name: typed };
  if (matches.length > 1) return { ok: false, key: 'kick-ambiguous', name: typed };
  return { ok: true, player: matches[0]!.id, name: matches[0]!.name };
}
