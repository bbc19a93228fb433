import { NotFound } from '../components/PageState';

/** Any address the SPA does not know. */
export function NotFoundPage() {
  return <NotFound />;
}
