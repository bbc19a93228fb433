import { Composer } from 'grammy';
import { DEFAULT_SETTINGS, oddsTable, rankingFor, type Settings } from '@mia/engine';
import type { BotContext } from '../context';
import { claimLabel } from '../render/claims';
import { escapeHtml } from '../render/html';
import { rulesLine } from '../render/table';

/** /rules, /odds and /help: what the table plays by, and the chances behind every call. */
export const info = new Composer<BotContext>();

type Source = 'game' | 'group' | 'default';

/** The settings of the chat's game, else the group's house rules, else the defaults. */
async function settingsInForce(ctx: BotContext): Promise<{ settings: Settings; source: Source }> {
  if (ctx.chat && ctx.chat.type !== 'private') {
    const chatId = BigInt(ctx.chat.id);
    const game = await ctx.deps.games.currentGame(chatId);
    if (game) return { settings: game.state.settings, source: 'game' };
    const profile = await ctx.deps.games.chats.profile(chatId, { title: 'title' in ctx.chat ? ctx.chat.title : null, type: ctx.chat.type });
    return { settings: profile.settings, source: 'group' };
  }
  return { settings: DEFAULT_SETTINGS, source: 'default' };
}

info.command('rules', async (ctx) => {
  const { settings, source } = await settingsInForce(ctx);
  const ranking = rankingFor(settings.ranking);
  const order = ranking.claims.map((c) => claimLabel(settings.ranking, c, ctx.t)).join(' › ');
  await ctx.reply(
    [
      ctx.t(`rules-title-${source}`),
      escapeHtml(rulesLine(settings, ctx.t)),
      '',
      ctx.t('rules-summary'),
      '',
      ctx.t('rules-ranking', { order: escapeHtml(order) }),
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
});

info.command('odds', async (ctx) => {
  const { settings } = await settingsInForce(ctx);
  const labels = oddsTable(rankingFor(settings.ranking)).map((r) => ({ label: claimLabel(settings.ranking, r.claim, ctx.t), percent: r.percent }));
  const width = Math.max(10, ...labels.map((l) => l.label.length + 1));
  const rows = labels.map((r) => `${r.label.padEnd(width)} ${String(r.percent).padStart(3)}%`);
  await ctx.reply([ctx.t('odds-title'), `<pre>${escapeHtml(rows.join('\n'))}</pre>`].join('\n'), { parse_mode: 'HTML' });
});

info.command('help', async (ctx) => {
  // Where the dice come depends on the group's play mode (/settings); in private, by message.
  const group = ctx.chat.type !== 'private' ? await ctx.deps.games.chats.playMode(BigInt(ctx.chat.id)) : 'private';
  await ctx.reply(`${ctx.t('help-text')}\n${ctx.t(group === 'group' ? 'help-dice-group' : 'help-dice-private')}`, { parse_mode: 'HTML' });
});
