import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/PageState';

// chart.js and the statistics' own request come only when the section reaches the screen: the
// group page's first load (the budget of test/e2e/perf.test.ts) stays without them.
const GroupStatsView = lazy(() => import('./GroupStatsView'));

/** Starts true where there is no IntersectionObserver (then the charts load at once). */
function useNearScreen(margin = '0px'): [React.RefObject<HTMLElement | null>, boolean] {
  const ref = useRef<HTMLElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}

/** The group's own statistics: bluff rate and calls over time, lives lost, values, games per week. */
export function LazyGroupStats({ token, finishedGames }: { token: string; finishedGames: number }) {
  const { t } = useTranslation();
  const [ref, near] = useNearScreen();
  return (
    <section aria-labelledby="group-stats-title" ref={ref} className="group-stats">
      <h2 id="group-stats-title">{t('groupStats.title')}</h2>
      {finishedGames === 0 ? (
        <p className="empty">{t('group.gamesEmpty')}</p>
      ) : near ? (
        <Suspense fallback={<Loading />}>
          <GroupStatsView token={token} />
        </Suspense>
      ) : (
        // Room for the charts, so the page does not jump when they come; not "loading" yet.
        <div className="stats-placeholder" />
      )}
    </section>
  );
}
