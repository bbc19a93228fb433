import { matchPath, useLocation } from 'react-router';
import { NotFound } from '../components/PageState';

/**
 * Any address the SPA does not know. One under a group's address (/g/<token>/…) links back to
 * that group when its token still opens it.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const token = matchPath('/g/:token/*', pathname)?.params.token;
  return <NotFound missing={token ? { kind: 'page', token } : { kind: 'address' }} />;
}
