import { useTranslation } from 'react-i18next';

/**
 * A player's lives as lives, never as a die face (a face would read as a roll): a heart and the
 * count ("❤️ 5"), named for screen readers ("5 lives"). Zero shows as "❤️ 0", muted.
 */
export function Lives({ lives }: { lives: number }) {
  const { t } = useTranslation();
  return (
    <span className={lives > 0 ? 'lives' : 'lives lives-none'} role="img" aria-label={t('live.lives', { count: lives })}>
      <span aria-hidden="true">
        <span className="lives-heart">❤️</span> {lives}
      </span>
    </span>
  );
}
