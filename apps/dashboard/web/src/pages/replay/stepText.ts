import type { TFunction } from 'i18next';
import type { GameReplay } from '../../../../shared/api';
import { claimLabel } from '../../labels/claims';
import { REPLAY_CAUSE_KEY } from '../../labels/outcomes';
import type { AnnouncementAt, Board, EndingAt } from './steps';

export type NameOf = (id: string) => string;

export function nameLookup(replay: GameReplay): NameOf {
  const names = new Map(replay.players.map((p) => [p.userId, p.name]));
  return (id) => names.get(id) ?? id;
}

/** "Round start", "Announcement 2 of 4", "End of the round". */
export function stepLabel(t: TFunction, board: Board): string {
  const { step } = board;
  if (step.kind === 'start') return t('replay.step.start');
  if (step.kind === 'end') return t('replay.step.end');
  return t('replay.step.announcement', { n: step.step, count: board.roundSteps - 2 });
}

/** "(blind)", "(passed on unseen)" or nothing, after the claim. */
export function kindSuffix(t: TFunction, kind: AnnouncementAt['kind']): string {
  if (kind === 'BLIND') return t('replay.blind');
  if (kind === 'PASS') return t('replay.passed');
  return '';
}

export function announcementSentence(t: TFunction, replay: GameReplay, nameOf: NameOf, a: AnnouncementAt): string {
  const args = { name: nameOf(a.userId), claim: claimLabel(t, replay.settings.ranking, a.value) };
  if (a.kind === 'BLIND') return t('live.announcedBlind', args);
  if (a.kind === 'PASS') return t('live.announcedPass', args);
  return t('live.announced', args);
}

const OUTCOME_KEY = {
  BLUFF_CAUGHT: 'replay.outcome.bluffCaught',
  CLAIM_HELD: 'replay.outcome.claimHeld',
  MIA_TRUE: 'replay.outcome.miaTrue',
  MIA_FALSE: 'replay.outcome.miaFalse',
} as const;

export function outcomeText(t: TFunction, outcome: NonNullable<EndingAt['reveal']>['outcome']): string {
  return t(OUTCOME_KEY[outcome]);
}

/** Who lifted the cup ("Bo calls liar:"), or how the round ended without a reveal. */
export function endingLead(t: TFunction, ending: EndingAt, nameOf: NameOf): string | null {
  const { reveal } = ending;
  if (reveal) {
    const looked = reveal.outcome === 'MIA_TRUE' || reveal.outcome === 'MIA_FALSE';
    return t(looked ? 'live.look' : 'live.call', { name: nameOf(reveal.callerId) });
  }
  if (ending.end === 'MIA_GIVE_UP' && ending.loserId) return t('live.gaveUp', { name: nameOf(ending.loserId) });
  if (ending.end === 'TIMEOUT' && ending.loserId) return t('live.missed', { name: nameOf(ending.loserId) });
  if (ending.end === 'ABORTED') return t('live.void');
  return null;
}

export function lossText(t: TFunction, ending: EndingAt, nameOf: NameOf): string | null {
  if (!ending.loserId || ending.livesLost === null) return null;
  return t('live.loss', {
    count: ending.livesLost,
    name: nameOf(ending.loserId),
    cause: ending.cause ? t(REPLAY_CAUSE_KEY[ending.cause]) : '—',
  });
}

/**
 * What a screen reader hears when the step changes (a polite live region): where the replay is
 * and what this step did, briefly. Dice only where the board shows them.
 */
export function stepSummary(t: TFunction, replay: GameReplay, board: Board, nameOf: NameOf): string {
  const parts = [`${t('live.round', { round: board.step.round })}, ${stepLabel(t, board)}.`];
  if (board.step.kind === 'start') parts.push(t('live.starts', { name: nameOf(board.starterId) }));
  const latest = board.announcements.find((a) => a.latest);
  if (latest) parts.push(`${announcementSentence(t, replay, nameOf, latest)}.`);
  if (board.ending) {
    const { reveal } = board.ending;
    const lead = endingLead(t, board.ending, nameOf);
    if (lead) parts.push(reveal ? `${lead} ${t('dice.pair', { high: reveal.dice[0], low: reveal.dice[1] })}, ${outcomeText(t, reveal.outcome)}.` : lead);
    const loss = lossText(t, board.ending, nameOf);
    if (loss) parts.push(`${loss}.`);
  }
  if (board.result?.winnerId) parts.push(t('live.winner', { name: nameOf(board.result.winnerId) }));
  return parts.join(' ');
}
