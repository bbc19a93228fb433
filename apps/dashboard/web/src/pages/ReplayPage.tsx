import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { GameReplay } from '../../../shared/api';
import { apiPaths, pagePaths } from '../api/client';
import { useApi } from '../api/useApi';
import { ApiView } from '../components/PageState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { dateTime } from '../labels/format';
import { rulesSummary } from '../labels/rules';
import { ClassLegend } from './replay/ClassLegend';
import { livesSeries } from './replay/livesChartData';
import { LivesSection } from './replay/LivesSection';
import { ReplayBoard } from './replay/ReplayBoard';
import { ResultTable } from './replay/ResultTable';
import { CopyLink, RoundIndex } from './replay/RoundIndex';
import { StepControls } from './replay/StepControls';
import { boardAt, derive, nextRound, previousRound, roundsKnown } from './replay/steps';
import { nameLookup, stepSummary } from './replay/stepText';
import { useAutoPlay } from './replay/useAutoPlay';
import { useReplayView } from './replay/useReplayView';
import { useStepKeys, type StepAction } from './replay/useStepKeys';
import './replay/replay.css';

/** `/g/:token/games/:gameId`: a finished game, step by step. */
export default function ReplayPage() {
  const { token = '', gameId = '' } = useParams();
  const replay = useApi<GameReplay>(apiPaths.replay(token, gameId));
  return <ApiView state={replay}>{(data) => <Replay token={token} replay={data} />}</ApiView>;
}

/**
 * The replay: controls, the board at the current step, an index of the rounds, the lives chart
 * and the result. Everything that would tell the outcome early (the winner line, the places, the
 * chart's later rounds, the dice before a reveal) waits for its step in the spoiler-free mode;
 * the title and headings never tell it.
 */
export function Replay({ token, replay }: { token: string; replay: GameReplay }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('replay.title'));
  const derived = useMemo(() => derive(replay), [replay]);
  const nameOf = useMemo(() => nameLookup(replay), [replay]);
  const { steps } = derived;
  const { index, go, spoilerFree, setSpoilerFree } = useReplayView(steps);
  const auto = useAutoPlay(index, steps.length, go);

  const moves: Record<StepAction, () => void> = {
    first: () => go(0),
    previousRound: () => go((i) => previousRound(steps, i)),
    previous: () => go((i) => i - 1),
    next: () => go((i) => i + 1),
    nextRound: () => go((i) => nextRound(steps, i)),
    last: () => go(steps.length - 1),
  };
  useStepKeys(moves);

  const board = steps.length > 0 ? boardAt(replay, derived, index, { spoilerFree }) : null;
  const showResult = !spoilerFree || !board || board.result !== null;
  const known = roundsKnown(derived, index, spoilerFree);
  const roundNumbers = replay.rounds.map((r) => r.number);
  // The chart's point for this step: lives as the round began, or after it at its end.
  const marker = board ? (board.step.kind === 'end' ? board.step.roundIndex + 1 : board.step.roundIndex) : -1;
  const pick = (point: number) => {
    if (point === 0) go(0);
    else go(steps.findLast((s) => s.roundIndex === point - 1)?.index ?? 0);
  };

  return (
    <>
      <div className="section-head">
        <h1>{t('replay.title')}</h1>
        <Link to={pagePaths.group(token)}>{t('live.backToGroup')}</Link>
      </div>
      <p className="meta">
        {t('replay.finished', { date: dateTime(replay.finishedAt, i18n.language) })}
        {showResult && (
          <>
            {' · '}
            {replay.winnerId ? t('group.winner', { name: nameOf(replay.winnerId) }) : t('group.noWinner')}
          </>
        )}
      </p>
      <p className="rules">
        <span className="rules-label">{t('group.rules')}:</span> {rulesSummary(t, replay.settings).join(' · ')}
      </p>
      {board ? (
        <div className="replay-stage">
          <StepControls
            index={index}
            total={steps.length}
            onStep={(a) => moves[a]()}
            playing={auto.playing}
            onPlay={auto.toggle}
            pace={auto.pace}
            onPace={auto.setPace}
            spoilerFree={spoilerFree}
            onSpoilerFree={setSpoilerFree}
          />
          <ReplayBoard token={token} replay={replay} board={board} nameOf={nameOf} />
          {/* Each step, said once and politely (also while playing by itself). */}
          <p className="visually-hidden" aria-live="polite">
            {stepSummary(t, replay, board, nameOf)}
          </p>
          <CopyLink step={board.step} spoilerFree={spoilerFree} />
          <RoundIndex rounds={roundNumbers} current={board.step.round} spoilerFree={spoilerFree} />
        </div>
      ) : (
        <p className="empty">{t('replay.noRounds')}</p>
      )}
      <ClassLegend />
      {replay.rounds.length > 0 && (
        <LivesSection
          series={livesSeries(derived, known)}
          rounds={roundNumbers}
          maxLives={replay.settings.lives}
          known={known}
          spoilerFree={spoilerFree}
          marker={marker}
          onPick={pick}
        />
      )}
      <section aria-labelledby="replay-players">
        <h2 id="replay-players">{t('replay.players')}</h2>
        {showResult ? <ResultTable token={token} replay={replay} /> : <p className="empty">{t('replay.resultHidden')}</p>}
      </section>
    </>
  );
}
