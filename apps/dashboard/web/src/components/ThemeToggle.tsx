import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme/theme';

/** A toggle button: pressed means dark. Its name stays the same; aria-pressed tells the state. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  return (
    <button type="button" className="theme-toggle" aria-pressed={theme === 'dark'} onClick={toggle}>
      <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span> {t('app.darkTheme')}
    </button>
  );
}
