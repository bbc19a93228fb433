import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../../live/useLiveGames';

/** A dot and a word: live, connecting, or reconnecting after a lost connection. */
export function ConnectionIndicator({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  return (
    <p className={`connection connection-${status}`} role="status">
      <span className="connection-dot" aria-hidden="true" />
      {t(`live.connection.${status}`)}
    </p>
  );
}
