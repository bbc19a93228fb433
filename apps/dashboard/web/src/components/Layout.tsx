import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { pagePaths } from '../api/client';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeToggle } from './ThemeToggle';

/** Landmarks every page shares: a skip link, the banner with navigation, main, and the footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const main = useMoveFocusOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="site-header">
        <Link to={pagePaths.home()} className="brand">
          <span aria-hidden="true">⚅⚀</span> {t('app.title')}
        </Link>
        <nav aria-label={t('app.nav.label')}>
          <ul className="nav-list">
            <li>
              <NavLink to={pagePaths.home()} end>
                {t('app.nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to={pagePaths.odds()}>{t('app.nav.odds')}</NavLink>
            </li>
          </ul>
        </nav>
        <div className="header-tools">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t('app.footer')}</p>
      </footer>
    </>
  );
}

/**
 * After a client-side navigation, focus moves to <main> so keyboard and screen-reader users
 * start reading the new page, as they would after a full page load. Not on the first render.
 */
function useMoveFocusOnNavigation() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger (focus moves on each navigation), not an input
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [pathname]);
  return ref;
}
