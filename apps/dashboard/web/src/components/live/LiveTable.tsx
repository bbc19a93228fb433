import type { RoundView, SpectatorView } from '@mia/engine';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pagePaths } from '../../api/client';
import { claimLabel } from '../../labels/claims';
import { OUT_KEY } from '../../labels/outcomes';
import type { LiveEntry } from '../../live/liveState';
import {
  announcementText,
  endText,
  liveSummary,
  lossTexts,
  nameLookup,
  outcomeRound,
  turnText,
  type NameOf,
} from '../../live/tableText';
import { Countdown } from '../Countdown';
import { AiBadge } from '../AiBadge';
import { DiceFaces } from '../Dice';
import { Lives } from '../Lives';

type Level = 2 | 3;

/** One running game as a table: seats, whose turn, the round's announcements, the last reveal. */
export function LiveTable({ entry, token, level }: { entry: LiveEntry; token: string; level: Level }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { game } = entry;
  const { view } = game;
  const H = `h${level}` as const;
  const lobby = game.status === 'LOBBY' || view.phase === 'lobby';
  const title = entry.ended
    ? t('live.gameOver')
    : lobby
      ? t('live.lobby')
      : t('live.round', { round: view.round?.number ?? 1 });

  return (
    <article className={entry.ended ? 'live-table live-table-ended' : 'live-table'} aria-labelledby={titleId}>
      <div className="live-table-head">
        <H id={titleId}>{title}</H>
        {!entry.ended && <Countdown deadlineAt={game.deadlineAt} clockOffsetMs={entry.clockOffsetMs} />}
      </div>
      {lobby ? <LobbySeats view={view} /> : <PlayingTable view={view} />}
      {/* One polite line per table, so a screen reader hears each change once and briefly. */}
      <p className="visually-hidden" aria-live="polite">
        {lobby ? '' : liveSummary(t, view)}
      </p>
      {entry.ended && game.status === 'FINISHED' && (
        <p>
          <Link to={pagePaths.replay(token, game.id)}>{t('live.replay')}</Link>
        </p>
      )}
    </article>
  );
}

function LobbySeats({ view }: { view: SpectatorView }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('live.lobbyPlayers', { seated: view.seats.length, max: view.settings.maxPlayers })}</p>
      {view.seats.length === 0 ? (
        <p>{t('live.lobbyNobody')}</p>
      ) : (
        <ul className="lobby-seats">
          {view.seats.map((s) => (
            <li key={s.id}>
              {s.name}
              {s.ai && <AiBadge />}
            </li>
          ))}
        </ul>
      )}
      <p className="hint">{t('live.lobbyHint')}</p>
    </>
  );
}

function PlayingTable({ view }: { view: SpectatorView }) {
  const { t } = useTranslation();
  const nameOf = nameLookup(view);
  const turn = turnText(t, view, nameOf);
  const outcome = outcomeRound(view);
  return (
    <>
      <SeatList view={view} />
      {turn && <p className="turn-line">{turn}</p>}
      {view.round && !view.round.ended && <Announcements view={view} round={view.round} nameOf={nameOf} />}
      {outcome && <RoundOutcome view={view} round={outcome.round} current={outcome.current} nameOf={nameOf} />}
    </>
  );
}

function SeatList({ view }: { view: SpectatorView }) {
  const { t } = useTranslation();
  const actor = view.phase === 'playing' && view.round && !view.round.ended ? view.round.actor : null;
  return (
    <ol className="seats" aria-label={t('live.seats')}>
      {view.seats.map((s) => {
        const turn = s.id === actor;
        const classes = ['seat', turn ? 'seat-turn' : '', s.out ? 'seat-out' : ''].filter(Boolean).join(' ');
        return (
          <li key={s.id} className={classes} aria-current={turn ? 'true' : undefined}>
            <span className="turn-marker" aria-hidden="true">
              {turn ? '▶' : ''}
            </span>
            <span className="seat-name">
              {s.out ? <s>{s.name}</s> : s.name}
              {s.ai && <AiBadge />}
              {turn && <span className="visually-hidden"> {t('live.turnMarker')}</span>}
            </span>
            {s.out ? (
              <span className="seat-out-reason">{t(OUT_KEY[s.out])}</span>
            ) : (
              <Lives lives={s.lives} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Announcements({ view, round, nameOf }: { view: SpectatorView; round: RoundView; nameOf: NameOf }) {
  const { t } = useTranslation();
  if (round.announcements.length === 0) {
    return <p className="announcements-empty">{t('live.starts', { name: nameOf(round.starter) })}</p>;
  }
  return (
    <ol className="announcements" aria-label={t('live.announcements')}>
      {round.announcements.map((a, i) => (
        <li key={i}>{announcementText(t, view, nameOf, a)}</li>
      ))}
    </ol>
  );
}

/** The reveal (dice faces) and who lost how many lives, and why. */
function RoundOutcome({
  view,
  round,
  current,
  nameOf,
}: {
  view: SpectatorView;
  round: RoundView;
  current: boolean;
  nameOf: NameOf;
}) {
  const { t } = useTranslation();
  const reveal = round.reveal;
  const end = endText(t, round, nameOf);
  const losses = lossTexts(t, round, nameOf);
  if (!reveal && !end && losses.length === 0) return null;
  return (
    <div className="round-outcome">
      <p className="round-outcome-title">
        {current ? t('live.thisRound', { round: round.number }) : t('live.lastRound', { round: round.number })}
      </p>
      {reveal && (
        <p className="reveal">
          {t(reveal.reason === 'call' ? 'live.call' : 'live.look', { name: nameOf(reveal.by) })}{' '}
          <DiceFaces dice={reveal.dice} />{' '}
          <span className="reveal-claim">
            {t('live.announcedBy', {
              name: nameOf(reveal.announcer),
              claim: claimLabel(t, view.settings.ranking, reveal.announced),
            })}
          </span>
        </p>
      )}
      {end && <p>{end}</p>}
      {losses.map((text, i) => (
        <p key={i} className="loss">
          <span aria-hidden="true">💔 </span>
          {text}
        </p>
      ))}
    </div>
  );
}
