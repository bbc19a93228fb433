import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameSummary } from '../../../../shared/api';
import { pagePaths } from '../../api/client';
import { PlayerLink } from '../../components/PlayerLink';
import { dateTime } from '../../labels/format';

/**
 * The group's finished games, newest first: each finished one links to its replay (an aborted
 * one has none), and every player to their page in the group.
 */
export function GameList({ token, games }: { token: string; games: GameSummary[] }) {
  const { t } = useTranslation();
  if (games.length === 0) return <p className="empty">{t('group.gamesEmpty')}</p>;
  return (
    <ul className="card-list">
      {games.map((g) => (
        <GameCard key={g.id} token={token} game={g} />
      ))}
    </ul>
  );
}

function GameCard({ token, game }: { token: string; game: GameSummary }) {
  const { t, i18n } = useTranslation();
  const winner = game.players.find((p) => p.userId === game.winnerId);
  const players = [...game.players].sort((a, b) => (a.place ?? 99) - (b.place ?? 99));
  return (
    <li className="card">
      <p className="meta">
        <time dateTime={game.finishedAt ?? undefined}>{dateTime(game.finishedAt, i18n.language)}</time>
        {' · '}
        {t('group.rounds', { count: game.rounds })}
      </p>
      <p>
        {game.status === 'ABORTED' ? (
          <span className="badge">{t('group.aborted')}</span>
        ) : winner ? (
          <>
            <span aria-hidden="true">🏆 </span>
            {t('group.winner', { name: winner.name })}
          </>
        ) : (
          t('group.noWinner')
        )}
      </p>
      <ul className="inline-list" aria-label={t('group.players')}>
        {players.map((p) => (
          <li key={p.userId}>
            <PlayerLink token={token} userId={p.userId} name={p.name} ai={p.ai} />
          </li>
        ))}
      </ul>
      {game.status === 'FINISHED' && (
        <p>
          <Link to={pagePaths.replay(token, game.id)}>
            {t('group.replay')}
            {/* Many links read "Replay": the hidden date tells them apart in a links list. */}
            <span className="visually-hidden"> — {dateTime(game.finishedAt, i18n.language)}</span>
          </Link>
        </p>
      )}
    </li>
  );
}
