import { useTranslation } from 'react-i18next';
import type { LiveGame } from '../../../../shared/api';
import { useLiveOptions } from '../../live/LiveContext';
import { useLiveGames } from '../../live/useLiveGames';
import { ConnectionIndicator } from './ConnectionIndicator';
import { LiveTable } from './LiveTable';
import './live.css';

/**
 * The group's running games, live. `initial` are the games the page fetched over HTTP, shown
 * at once; the socket's snapshot and updates take over from there.
 */
export function LiveTables({ token, initial, level, onEnded }: { token: string; initial: LiveGame[]; level: 2 | 3; onEnded?: (game: LiveGame) => void }) {
  const { t } = useTranslation();
  const options = useLiveOptions();
  const { games, status, watching } = useLiveGames(token, { ...options, initial, ...(onEnded ? { onEnded } : {}) });
  return (
    <div className="live-tables">
      <ConnectionIndicator status={status} />
      {games.length === 0 ? (
        <p className="empty">{t('live.empty')}</p>
      ) : (
        <div className="live-list">
          {games.map((entry) => (
            <LiveTable key={entry.game.id} entry={entry} token={token} level={level} spectators={entry.ended ? undefined : (watching ?? undefined)} />
          ))}
        </div>
      )}
    </div>
  );
}
