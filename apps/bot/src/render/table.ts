import { spectatorView, valueOf, type GameState, type RoundView, type Settings, type SpectatorView } from '@mia/engine';
import { claimLabel } from './claims';
import { diceFaces, escapeHtml, lifeDie } from './html';

const CAUSES: Record<string, string> = {
  'caught-bluffing': 'caught bluffing',
  'wrong-call': 'wrong call',
  'mia-looked': 'looked at a real Mia',
  'mia-given-up': 'gave up on Mia',
  timeout: 'missed the turn',
};

const STAGE: Record<string, string> = {
  roll: 'to roll',
  announce: 'to announce',
  respond: 'to believe or call',
  mia: 'Mia! give up or look',
};

/** The lobby message: who is in, the rules in force, what to press. */
export function lobbyText(view: SpectatorView, creatorName: string): string {
  const s = view.settings;
  const players = view.seats.map((p) => `• ${escapeHtml(p.name)}${p.ai ? ' 🤖' : ''}`).join('\n') || '• (nobody yet)';
  return [
    `🎲 <b>Mia</b> — a new game by ${escapeHtml(creatorName)}`,
    '',
    `<b>Players (${view.seats.length}/${s.maxPlayers})</b>`,
    players,
    '',
    `<b>Rules</b>: ${rulesLine(view.settings)}`,
    'Press Join to play (your dice come by private message). The creator or an admin starts.',
  ].join('\n');
}

/** The settings in one line: what the lobby shows and /rules opens with. */
export function rulesLine(s: Settings): string {
  const r = s.ranking;
  const ranking = [
    r.doubles === '11-high' ? '11-high doubles' : '66-high doubles',
    r.littleMia ? 'little Mia' : '',
    r.sum ? 'sum mode' : '',
  ].filter(Boolean);
  return [
    `${s.lives} lives`,
    ranking.join(', '),
    s.announceRule === 'at-least' ? 'equal announcements allowed' : 'each announcement higher',
    s.blindPass ? 'blind pass on' : '',
    s.turnSeconds ? `${s.turnSeconds} s a turn` : 'no turn limit',
    s.endRule === 'first-out' ? 'ends at the first player out' : 'last player standing wins',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One round's table: seats in order with lives as die faces, whose turn and until when, the
 * announcements so far, and how the round ended. Built from the spectator view only, so it can
 * never show dice that were not revealed.
 */
export function tableText(state: GameState, deadlineAt: Date | null): string {
  const view = spectatorView(state);
  const round = view.round;
  const name = (id: string) => escapeHtml(view.seats.find((p) => p.id === id)?.name ?? id);
  const lines: string[] = [];
  lines.push(`🎲 <b>Mia — round ${round?.number ?? 0}</b>`);
  for (const p of view.seats) {
    const turn = round && !round.ended && view.phase === 'playing' && round.actor === p.id ? '▶️ ' : '';
    const status = p.out ? ` ✖ (${p.out === 'lives' ? 'out' : p.out})` : ` ${lifeDie(p.lives)}`;
    lines.push(`${turn}${p.out ? `<s>${escapeHtml(p.name)}</s>` : escapeHtml(p.name)}${p.ai ? ' 🤖' : ''}${status}`);
  }
  const last = view.lastRound;
  if (last && round && !round.ended && round.announcements.length === 0) {
    lines.push('', `<i>Last round:</i>`, ...roundOutcome(last, view, name));
  }
  if (round) {
    lines.push('');
    if (round.announcements.length === 0 && !round.ended) lines.push(`${name(round.starter)} starts the round.`);
    for (const a of round.announcements) {
      const how = a.kind === 'blind' ? ' (blind)' : a.kind === 'pass' ? ' (passed on unseen)' : '';
      lines.push(`📣 ${name(a.player)}: <b>${escapeHtml(claimLabel(view.settings.ranking, a.value))}</b>${how}`);
    }
    lines.push(...roundOutcome(round, view, name));
    if (!round.ended && view.phase === 'playing') {
      const until = deadlineAt ? ` — until ${deadlineAt.toISOString().slice(11, 19)} UTC` : '';
      lines.push('', `⏳ ${name(round.actor)}'s turn ${STAGE[round.stage]}${until}`);
    }
  }
  if (view.phase === 'over' && view.result) {
    lines.push('', view.result.winner ? `🏆 <b>${name(view.result.winner)} wins!</b>` : '🏁 The game is over.');
    for (const r of view.result.ranking) lines.push(`${r.place}. ${name(r.player)}`);
  }
  return lines.join('\n');
}

/** How a round ended: the reveal (dice are public from here), a give-up, the lives lost. */
function roundOutcome(round: RoundView, view: SpectatorView, name: (id: string) => string): string[] {
  const lines: string[] = [];
  if (round.reveal) {
    const r = round.reveal;
    const shown = `${diceFaces(r.dice)} ${escapeHtml(claimLabel(view.settings.ranking, valueOf(r.dice)))}`;
    lines.push(r.reason === 'call' ? `❗ ${name(r.by)} calls liar: ${shown}` : `👀 ${name(r.by)} looks: ${shown}`);
  }
  if (round.ended === 'mia-give-up') lines.push(`🏳️ ${name(round.actor)} gives up on the Mia.`);
  if (round.ended === 'timeout') lines.push(`⌛ ${name(round.actor)} missed the turn.`);
  if (round.ended === 'aborted') lines.push('The round is void: a player left.');
  for (const loss of round.losses) {
    lines.push(`💔 ${name(loss.player)} loses ${loss.amount === 1 ? 'a life' : `${loss.amount} lives`} (${CAUSES[loss.cause]})`);
  }
  return lines;
}
