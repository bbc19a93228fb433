import { Composer } from 'grammy';
import { DEFAULT_SETTINGS, oddsTable, rankingFor, type Settings } from '@mia/engine';
import type { BotContext } from '../context';
import { claimLabel } from '../render/claims';
import { escapeHtml } from '../render/html';
import { rulesLine } from '../render/table';

/** /rules, /odds and /help: what the table plays by, and the chances behind every call. */
export const info = new Composer<BotContext>();

/** The settings of the chat's game, else the defaults (per-chat house rules come with /settings). */
async function settingsInForce(ctx: BotContext): Promise<{ settings: Settings; ofGame: boolean }> {
  if (ctx.chat && ctx.chat.type !== 'private') {
    const game = await ctx.deps.games.currentGame(BigInt(ctx.chat.id));
    if (game) return { settings: game.state.settings, ofGame: true };
  }
  return { settings: DEFAULT_SETTINGS, ofGame: false };
}

info.command('rules', async (ctx) => {
  const { settings, ofGame } = await settingsInForce(ctx);
  const ranking = rankingFor(settings.ranking);
  const order = ranking.claims.map((c) => claimLabel(settings.ranking, c)).join(' › ');
  await ctx.reply(
    [
      `🎲 <b>Mia — the rules ${ofGame ? 'of this game' : 'by default'}</b>`,
      escapeHtml(rulesLine(settings)),
      '',
      'Roll two dice under the cup and announce a value: the truth, higher or lower. The next player believes you and must beat it, or calls “liar!”: the dice are shown, and whoever was wrong loses a life. Nothing beats Mia: facing one, give up (−1) or look.',
      '',
      `<b>Ranking, best first</b>: ${escapeHtml(order)}`,
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
});

info.command('odds', async (ctx) => {
  const { settings } = await settingsInForce(ctx);
  const rows = oddsTable(rankingFor(settings.ranking)).map(
    (r) => `${claimLabel(settings.ranking, r.claim).padEnd(10)} ${String(r.percent).padStart(3)}%`,
  );
  await ctx.reply(['🎲 <b>The chance that one roll beats each value</b>', `<pre>${escapeHtml(rows.join('\n'))}</pre>`].join('\n'), {
    parse_mode: 'HTML',
  });
});

info.command('help', async (ctx) => {
  await ctx.reply(
    [
      '🎲 <b>Mia</b>, the bluffing dice game, played in this group.',
      '/newgame — open a game (alias /mia); players press Join, the creator or an admin presses Start',
      '/stop — stop the game (creator or admin)',
      '/rules — the rules in force and the ranking',
      '/odds — the chance that one roll beats each value',
      'Your dice come by private message: press Start in a private chat with me once.',
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
});
