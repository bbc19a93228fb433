import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AnnouncementClass, GameReplay } from '../../../shared/api';
import { apiPaths, pagePaths } from '../api/client';
import { useApi } from '../api/useApi';
import { AiBadge } from '../components/AiBadge';
import { ClassMark } from '../components/ClassMark';
import { DiceFaces } from '../components/Dice';
import { Lives } from '../components/Lives';
import { ApiView } from '../components/PageState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { claimLabel } from '../labels/claims';
import { dateTime } from '../labels/format';
import { outReasonKey, REPLAY_CAUSE_KEY } from '../labels/outcomes';
import { rulesSummary } from '../labels/rules';

type Round = GameReplay['rounds'][number];
type NameOf = (id: string) => string;

/** `/g/:token/games/:gameId`: a finished game round by round, every roll revealed. */
export default function ReplayPage() {
  const { token = '', gameId = '' } = useParams();
  const replay = useApi<GameReplay>(apiPaths.replay(token, gameId));
  return <ApiView state={replay}>{(data) => <Replay token={token} replay={data} />}</ApiView>;
}

export function Replay({ token, replay }: { token: string; replay: GameReplay }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('replay.title'));
  const names = new Map(replay.players.map((p) => [p.userId, p.name]));
  const nameOf: NameOf = (id) => names.get(id) ?? id;
  return (
    <>
      <div className="section-head">
        <h1>{t('replay.title')}</h1>
        <Link to={pagePaths.group(token)}>{t('live.backToGroup')}</Link>
      </div>
      <p className="meta">
        {t('replay.finished', { date: dateTime(replay.finishedAt, i18n.language) })}
        {' · '}
        {replay.winnerId ? t('group.winner', { name: nameOf(replay.winnerId) }) : t('group.noWinner')}
      </p>
      <p className="rules">
        <span className="rules-label">{t('group.rules')}:</span> {rulesSummary(t, replay.settings).join(' · ')}
      </p>
      <section aria-labelledby="replay-players">
        <h2 id="replay-players">{t('replay.players')}</h2>
        <ReplayPlayers token={token} replay={replay} />
      </section>
      <section aria-labelledby="replay-rounds">
        <h2 id="replay-rounds">{t('replay.rounds')}</h2>
        <ClassLegend />
        {replay.rounds.map((r) => (
          <ReplayRound key={r.number} round={r} replay={replay} nameOf={nameOf} />
        ))}
      </section>
    </>
  );
}

function ReplayPlayers({ token, replay }: { token: string; replay: GameReplay }) {
  const { t } = useTranslation();
  const players = [...replay.players].sort((a, b) => a.order - b.order);
  return (
    <div className="table-scroll" role="group" aria-labelledby="replay-players" tabIndex={0}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('replay.col.player')}</th>
            <th scope="col" className="num">{t('replay.col.place')}</th>
            <th scope="col" className="num">{t('replay.col.lives')}</th>
            <th scope="col">{t('replay.col.out')}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => {
            const out = outReasonKey(p.outReason);
            return (
              <tr key={p.userId}>
                <th scope="row">
                  <Link to={pagePaths.player(token, p.userId)}>{p.name}</Link>
                  {p.ai && <AiBadge />}
                </th>
                <td className="num">{p.place ?? '—'}</td>
                <td className="num">
                  <Lives lives={p.lives} />
                </td>
                <td>{out ? t(out) : (p.outReason ?? '—')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const CLASSES: AnnouncementClass[] = ['TRUTHFUL', 'OVER', 'UNDER', 'BLIND', 'PASS'];

/** What the marks mean, once above the rounds. */
function ClassLegend() {
  const { t } = useTranslation();
  return (
    <dl className="legend">
      {CLASSES.map((c) => (
        <div key={c}>
          <dt>
            <ClassMark classification={c} />
          </dt>
          <dd>{t(`replay.legend.${c.toLowerCase()}`)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ReplayRound({ round, replay, nameOf }: { round: Round; replay: GameReplay; nameOf: NameOf }) {
  const { t } = useTranslation();
  const headingId = `round-${round.number}`;
  return (
    <section className="replay-round" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('live.round', { round: round.number })}</h3>
      <p className="meta">{t('live.starts', { name: nameOf(round.starterId) })}</p>
      <ol className="replay-announcements">
        {round.announcements.map((a) => (
          <li key={a.seq} className="replay-announcement">
            <span className="replay-claim">
              {announcedText(t, replay, nameOf, a)}
            </span>{' '}
            <span className="replay-dice">
              {t('replay.dice')} <DiceFaces dice={a.dice} />
            </span>{' '}
            <ClassMark classification={a.classification} />
          </li>
        ))}
      </ol>
      <RoundEnd round={round} nameOf={nameOf} />
    </section>
  );
}

function announcedText(t: TFunction, replay: GameReplay, nameOf: NameOf, a: Round['announcements'][number]): string {
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

/** The reveal (or how the round ended without one) and who lost. */
function RoundEnd({ round, nameOf }: { round: Round; nameOf: NameOf }) {
  const { t } = useTranslation();
  const { reveal } = round;
  const looked = reveal?.outcome === 'MIA_TRUE' || reveal?.outcome === 'MIA_FALSE';
  return (
    <div className="round-outcome">
      {reveal && (
        <p className="reveal">
          {t(looked ? 'live.look' : 'live.call', { name: nameOf(reveal.callerId) })} <DiceFaces dice={reveal.dice} />{' '}
          — {t(OUTCOME_KEY[reveal.outcome])}
        </p>
      )}
      {!reveal && round.end === 'MIA_GIVE_UP' && round.loserId && <p>{t('live.gaveUp', { name: nameOf(round.loserId) })}</p>}
      {!reveal && round.end === 'TIMEOUT' && round.loserId && <p>{t('live.missed', { name: nameOf(round.loserId) })}</p>}
      {round.end === 'ABORTED' && <p>{t('live.void')}</p>}
      {round.loserId && round.livesLost !== null && (
        <p className="loss">
          <span aria-hidden="true">💔 </span>
          {t('live.loss', {
            count: round.livesLost,
            name: nameOf(round.loserId),
            cause: round.cause ? t(REPLAY_CAUSE_KEY[round.cause]) : '—',
          })}
        </p>
      )}
    </div>
  );
}
