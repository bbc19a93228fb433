import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pagePaths, type ApiFailure } from '../api/client';
import type { ApiState } from '../api/useApi';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/** A bad or rotated link: say so and how to get the current one. Nothing to retry. */
export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="page-state" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>{t('notFound.rotated')}</p>
      <p>
        <Link to={pagePaths.home()}>{t('notFound.home')}</Link>
      </p>
    </section>
  );
}

/** A failure that may pass: a network error, a busy server. Offers to try again. */
export function LoadError({ failure, onRetry }: { failure: ApiFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason =
    failure.kind === 'network'
      ? t('error.network')
      : failure.kind === 'rate-limited'
        ? t('error.rateLimited')
        : t('error.server', { status: failure.status ?? '?' });
  return (
    <section className="page-state" role="alert" aria-labelledby="load-error-title">
      <h1 id="load-error-title">{t('error.title')}</h1>
      <p>{reason}</p>
      <button type="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}

/** Renders a loaded route: loading, the error states, or `children(data)`. */
export function ApiView<T>({
  state,
  children,
}: {
  state: ApiState<T> & { retry: () => void };
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return state.failure.kind === 'not-found' ? <NotFound /> : <LoadError failure={state.failure} onRetry={state.retry} />;
  }
  return <>{children(state.data)}</>;
}
