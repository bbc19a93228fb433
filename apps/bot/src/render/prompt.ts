import { announceableClaims, lastAnnouncement, playerView, rankingFor, valueOf, type GameState, type PlayerId, type Value } from '@mia/engine';
import type { Translate } from '../i18n';
import type { Closed } from '../telegram-out/screen';
import { claimLabel } from './claims';
import { diceFaces } from './html';
import { beatPercent, claimIn, deadlineText, livesLine, nameIn, outcomeLines, roundNumbered } from './parts';

/**
 * What the player with dice in hand should know of them: their value, the odds that one roll
 * beats it, whether they beat the standing announcement, and the truthful claim when it is legal.
 */
export interface DiceFacts {
  faces: string;
  value: Value;
  /** The claim that names these dice. */
  truth: Value;
  /** The truth may be announced now (it beats, or equals under `at-least`, the standing one). */
  truthLegal: boolean;
  standing: Value | null;
}

export function diceFacts(state: GameState, player: PlayerId, legalClaims: readonly Value[]): DiceFacts | null {
  const dice = playerView(state, player).myDice;
  if (!dice) return null;
  const ranking = rankingFor(state.settings.ranking);
  const truth = ranking.canonical(valueOf(dice));
  return { faces: diceFaces(dice), value: valueOf(dice), truth, truthLegal: legalClaims.includes(truth), standing: lastAnnouncement(state)?.value ?? null };
}

/** The dice line: value and odds, then whether they beat what stands (plainly when they do not). */
function diceLines(state: GameState, facts: DiceFacts, t: Translate): string[] {
  const s = state.settings;
  const lines = [t('prompt-your-dice', { faces: facts.faces, claim: claimIn(s, facts.truth, t), percent: beatPercent(s, facts.truth) })];
  if (facts.standing === null) lines.push(t('prompt-dice-start', { claim: claimIn(s, facts.truth, t) }));
  else if (facts.truthLegal) lines.push(t('prompt-dice-beat', { claim: claimIn(s, facts.truth, t), standing: claimIn(s, facts.standing, t) }));
  else lines.push(t('prompt-dice-no-beat', { standing: claimIn(s, facts.standing, t) }));
  return lines;
}

/**
 * The private prompt of the player whose turn it is: the round, who passed the cup and what they
 * announced, what must be beaten and its odds, the dice in hand, everyone's lives, the deadline,
 * and what to do. The buttons (keyboards.ts) carry each choice's odds.
 */
export function promptText(state: GameState, player: PlayerId, options: { deadlineAt: Date | null; now: Date; hurry?: number }, t: Translate): string {
  const view = playerView(state, player);
  const round = view.round!;
  const s = view.settings;
  const last = lastAnnouncement(state);
  const lines: string[] = [];
  if (options.hurry) lines.push(t('prompt-hurry', { seconds: options.hurry }));
  lines.push(t(round.announcements.length === 0 ? 'prompt-title-start' : 'prompt-title', { round: round.number }));
  if (last) {
    const key = last.kind === 'blind' ? 'prompt-passed-blind' : last.kind === 'pass' ? 'prompt-passed-unseen' : 'prompt-passed';
    lines.push(t(key, { name: nameIn(view, last.player), claim: claimIn(s, last.value, t) }));
    if (round.stage !== 'mia') lines.push(t('prompt-to-beat', { claim: claimIn(s, last.value, t), percent: beatPercent(s, last.value) }));
  }
  const facts = round.stage === 'announce' ? diceFacts(state, player, announceableClaims(state)) : null;
  if (facts) lines.push(...diceLines(state, facts, t));
  lines.push(livesLine(view, t, { me: player }));
  const until = deadlineText(options.deadlineAt, t, options.now);
  if (until) lines.push(`⏱ ${until}`);
  lines.push('');
  switch (round.stage) {
    case 'respond':
      lines.push(t(s.blindPass && s.announceRule === 'strict' ? 'prompt-respond-pass' : 'prompt-respond'));
      break;
    case 'mia':
      lines.push(t('prompt-mia', { name: nameIn(view, last!.player), looked: s.miaLookedPenalty, lie: s.miaFalsePenalty }));
      break;
    case 'roll':
      lines.push(t('prompt-roll-blind'));
      break;
    case 'announce':
      lines.push(t(last ? 'prompt-announce-higher' : 'prompt-announce-start', { claim: last ? claimIn(s, last.value, t) : '' }));
      break;
  }
  return lines.join('\n');
}

/** A prompt whose turn is over: what became of it, and no buttons. */
export function closedPromptText(state: GameState, player: PlayerId, why: Closed, t: Translate): string {
  const view = playerView(state, player);
  const s = view.settings;
  switch (why.kind) {
    case 'announced': {
      const key = why.how === 'pass' ? 'prompt-closed-passed' : why.how === 'blind' ? 'prompt-closed-announced-blind' : 'prompt-closed-announced';
      return t(key, { claim: claimIn(s, why.value, t), name: why.to ? nameIn(view, why.to) : '?', round: view.round?.number ?? 0 });
    }
    case 'round-over': {
      const round = roundNumbered(view, why.round);
      const outcome = round ? outcomeLines(round, view, t, player) : [];
      return [t('prompt-closed-round', { round: why.round }), ...outcome, livesLine(view, t, { me: player })].join('\n');
    }
    case 'game-over': {
      const round = view.round;
      const place = view.result?.ranking.find((r) => r.player === player)?.place;
      const winner = view.result?.winner;
      return [
        ...(round ? [t('prompt-closed-round', { round: round.number }), ...outcomeLines(round, view, t, player)] : []),
        winner ? t('prompt-closed-game-won', { name: nameIn(view, winner) }) : t('prompt-closed-game'),
        ...(place ? [t('prompt-closed-place', { place, of: view.seats.length })] : []),
      ].join('\n');
    }
    case 'out':
      return t('prompt-out');
    case 'stopped':
      return t('prompt-stopped');
    case 'moved-on':
      return t('prompt-moved-on');
  }
}

/**
 * Group mode's private pop-up (an alert only the presser sees, 200 characters at most): the dice,
 * whether they beat what stands, and where to announce.
 */
export function dicePopupText(state: GameState, player: PlayerId, t: Translate): string {
  const facts = diceFacts(state, player, announceableClaims(state));
  if (!facts) return t('popup-no-dice');
  // Plain text: a pop-up is not parsed as HTML.
  const label = (v: Value) => claimLabel(state.settings.ranking, v, t);
  const claim = label(facts.truth);
  const standing = facts.standing === null ? '' : label(facts.standing);
  const verdict =
    facts.standing === null ? t('popup-dice-start') : facts.truthLegal ? t('popup-dice-beat', { standing }) : t('popup-dice-no-beat', { standing });
  return t('popup-dice', { faces: facts.faces, claim, verdict });
}
