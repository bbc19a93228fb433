import { useTranslation } from 'react-i18next';

/** How many pages are watching this table right now (the server counts its open live sockets). */
export function SpectatorCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="spectators" data-count={count}>
      <span aria-hidden="true">👁 </span>
      {t('table.spectators', { count })}
    </span>
  );
}
