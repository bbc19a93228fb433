import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme/theme';

/**
 * Says what a press does: "Dark theme" in the light theme, "Light theme" in the dark one, with
 * that theme's symbol. (A name that changes with the state is an action, so no aria-pressed.)
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  const toDark = theme === 'light';
  return (
    <button type="button" className="theme-toggle" onClick={toggle}>
      <span aria-hidden="true">{toDark ? '☾' : '☀'}</span> {toDark ? t('app.darkTheme') : t('app.lightTheme')}
    </button>
  );
}
