import { Composer } from 'grammy';
import { joinRefusal, STRATEGY_NAMES } from '@mia/engine';
import { DEFAULT_AI_STRATEGY, isStrategyName, nextAiPlayer, type ServiceRejection } from '@mia/game';
import type { BotContext } from '../context';
import { isGroup, mayManage } from './lobby';

/**
 * `/addai [strategy]`: a computer player takes a seat in the group's lobby. It is a user of its own
 * (negative id, marked AI, its strategy part of the id: see @mia/game's ai-players), seated with
 * the engine's `join … ai: true`, so the lobby and the table show it with 🤖. `AiSeats` plays it
 * once a person starts the game.
 */
export const ai = new Composer<BotContext>();

/** Longest strategy name echoed back when it is not one: the rest of a long message is not. */
const ECHO_MAX = 32;

ai.command('addai', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('ai-group-only'));
  const { games } = ctx.deps;
  const chatId = BigInt(ctx.chat.id);
  const game = await games.currentGame(chatId);
  if (!game) return ctx.reply(ctx.t('ai-no-game'));
  // Whether the lobby is open is the engine's to say (the join rule), asked before the permission
  // so a started game is explained as such to everyone; a full table is the join's own refusal.
  const closed = joinRefusal(game.state);
  if (closed?.code === 'not-in-lobby') return ctx.reply(refusal(ctx, closed));
  if (!(await mayManage(ctx, game.state.creator))) return ctx.reply(ctx.t('ai-not-allowed'));

  const asked = ctx.match.trim().toLowerCase() || DEFAULT_AI_STRATEGY;
  if (!isStrategyName(asked)) {
    const strategies = STRATEGY_NAMES.map((name) => `• ${ctx.t(`ai-strategy-${name}`)}`).join('\n');
    return ctx.reply(ctx.t('ai-unknown-strategy', { name: asked.slice(0, ECHO_MAX), strategies }));
  }

  // Named unlike anyone seated, and unlike the person asking (who may sit down next).
  const player = nextAiPlayer(asked, [...game.state.seats, { id: String(ctx.from!.id), name: ctx.from!.first_name }]);
  const result = await games.act({
    chatId,
    gameId: game.id,
    key: `update:${ctx.update.update_id}`,
    // The AI's user row, marked AI (kept off the leaderboard), written in the same commit.
    user: { id: player.id, name: player.name, isAi: true },
    action: { type: 'join', player: player.id, name: player.name, ai: true },
  });
  if (result.status === 'duplicate') return;
  if (result.status === 'rejected') return ctx.reply(refusal(ctx, result.rejection));
  const { seats, settings } = result.game.state;
  return ctx.reply(ctx.t('ai-joined', { name: player.name, strategy: asked, seats: seats.length, max: settings.maxPlayers }));
});

/** The engine's refusal of a seat (asked in advance, or of the join: the game moved meanwhile). */
function refusal(ctx: BotContext, rejection: ServiceRejection): string {
  switch (rejection.code) {
    case 'table-full':
      // The engine names the table's size.
      return rejection.players === undefined ? ctx.t('ai-failed') : ctx.t('ai-table-full', { max: rejection.players });
    case 'not-in-lobby':
    case 'other-game':
      return ctx.t('ai-not-in-lobby');
    default:
      return ctx.t('ai-failed');
  }
}
