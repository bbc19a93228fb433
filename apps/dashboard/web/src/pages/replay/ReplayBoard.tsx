import { useTranslation } from 'react-i18next';
import type { GameReplay } from '../../../../shared/api';
import { ClassMark } from '../../components/ClassMark';
import { DiceFaces } from '../../components/Dice';
import { PlayerLink } from '../../components/PlayerLink';
import { claimLabel } from '../../labels/claims';
import { TableView } from '../../components/table/TableView';
import { replayScene } from './scene';
import type { AnnouncementAt, Board, ResultAt } from './steps';
import { endingLead, kindSuffix, lossText, outcomeText, stepLabel, type NameOf } from './stepText';

interface Props {
  token: string;
  replay: GameReplay;
  board: Board;
  nameOf: NameOf;
}

/**
 * One step of the replay: the table as it stood (the live table's TableView: seats with their
 * lives, the cup, the newest claims, the reveal), then in words the round so far with every
 * announcement's dice and verdict, and its end.
 */
export function ReplayBoard({ token, replay, board, nameOf }: Props) {
  const { t } = useTranslation();
  const { step } = board;
  return (
    <section className="replay-board" aria-labelledby="replay-board-title" data-round={step.round} data-step={step.step}>
      <div className="replay-board-head">
        <h2 id="replay-board-title">{t('live.round', { round: step.round })}</h2>
        <p className="replay-board-step">
          {stepLabel(t, board)}
          <span className="replay-board-count"> · {t('replay.stepOf', { n: step.index + 1, total: board.total })}</span>
        </p>
      </div>
      <div className="replay-table">
        <TableView scene={replayScene(replay, board)} token={token} size="full" />
      </div>
      <div className="replay-play">
        {/* Who starts is the news in the middle of the table. */}
        {board.announcements.length > 0 && (
          <ol className="replay-calls" aria-label={t('live.announcements')}>
            {board.announcements.map((a) => (
              <Announcement key={a.seq} token={token} replay={replay} a={a} nameOf={nameOf} />
            ))}
          </ol>
        )}
        {step.kind === 'announcement' && board.cupHolder && <p className="replay-line">{t('replay.cupWith', { name: nameOf(board.cupHolder) })}</p>}
        {board.ending && <Ending board={board} nameOf={nameOf} />}
        {board.result && <Result token={token} result={board.result} replay={replay} nameOf={nameOf} />}
      </div>
    </section>
  );
}

function Announcement({ token, replay, a, nameOf }: { token: string; replay: GameReplay; a: AnnouncementAt; nameOf: NameOf }) {
  const { t } = useTranslation();
  const suffix = kindSuffix(t, a.kind);
  return (
    <li className={a.latest ? 'replay-call replay-call-latest' : 'replay-call'}>
      <span className="replay-claim">
        <PlayerLink token={token} userId={a.userId} name={nameOf(a.userId)} />: {claimLabel(t, replay.settings.ranking, a.value)}
        {suffix && ` ${suffix}`}
      </span>
      {a.dice ? (
        <span className="replay-dice">
          {t('replay.dice')} <DiceFaces dice={a.dice} />
        </span>
      ) : (
        <span className="replay-dice replay-dice-hidden" role="img" aria-label={t('replay.diceHidden')}>
          <span aria-hidden="true">? ?</span>
        </span>
      )}
      {a.classification && <ClassMark classification={a.classification} />}
    </li>
  );
}

function Ending({ board, nameOf }: { board: Board; nameOf: NameOf }) {
  const { t } = useTranslation();
  const ending = board.ending!;
  const lead = endingLead(t, ending, nameOf);
  const loss = lossText(t, ending, nameOf);
  return (
    <div className="round-outcome">
      {lead && (
        <p className={ending.reveal ? 'reveal' : undefined}>
          {lead}
          {ending.reveal && (
            <>
              {' '}
              <DiceFaces dice={ending.reveal.dice} /> — {outcomeText(t, ending.reveal.outcome)}
            </>
          )}
        </p>
      )}
      {loss && (
        <p className="loss">
          <span aria-hidden="true">💔 </span>
          {loss}
        </p>
      )}
    </div>
  );
}

function Result({ token, result, replay, nameOf }: { token: string; result: ResultAt; replay: GameReplay; nameOf: NameOf }) {
  const { t } = useTranslation();
  const ai = new Map(replay.players.map((p) => [p.userId, p.ai]));
  return (
    <div className="replay-result">
      <p className="replay-winner">
        <span aria-hidden="true">🏆 </span>
        {result.winnerId ? t('live.winner', { name: nameOf(result.winnerId) }) : t('group.noWinner')}
      </p>
      <ol className="replay-places" aria-label={t('replay.places')}>
        {result.places.map((p) => (
          <li key={p.userId}>
            <span className="replay-place">{p.place ?? '—'}</span>{' '}
            <PlayerLink token={token} userId={p.userId} name={nameOf(p.userId)} ai={ai.get(p.userId) ?? false} />
          </li>
        ))}
      </ol>
    </div>
  );
}
