import { useTranslation } from 'react-i18next';

/** Marks an AI seat; the abbreviation is expanded for screen readers and on hover. */
export function AiBadge() {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <abbr className="badge badge-ai" title={t('common.aiPlayer')}>
        {t('common.ai')}
      </abbr>
    </>
  );
}
