import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RevokedLinks } from './api/RevokedLinks';
import { Layout } from './components/Layout';
import { Loading } from './components/PageState';
import { GroupPage } from './pages/GroupPage';
import { IndexPage } from './pages/IndexPage';
import { LivePage } from './pages/LivePage';
import { NotFoundPage } from './pages/NotFoundPage';

/*
 * The pages people open from a group's link (the group, its live tables) are in the main
 * bundle. The others load on demand: the player page brings chart.js, the largest dependency,
 * and the replay and odds pages are visited from within the app, once it is already running.
 */
const PlayerPage = lazy(() => import('./pages/PlayerPage'));
const ReplayPage = lazy(() => import('./pages/ReplayPage'));
const OddsPage = lazy(() => import('./pages/OddsPage'));

export function App() {
  return (
    <Layout>
      <RevokedLinks>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/" element={<IndexPage />} />
            <Route path="/odds" element={<OddsPage />} />
            <Route path="/g/:token" element={<GroupPage />} />
            <Route path="/g/:token/live" element={<LivePage />} />
            <Route path="/g/:token/games/:gameId" element={<ReplayPage />} />
            <Route path="/g/:token/players/:userId" element={<PlayerPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </RevokedLinks>
    </Layout>
  );
}
