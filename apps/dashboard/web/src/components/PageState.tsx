import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { GroupPage } from '../../../shared/api';
import { apiPaths, pagePaths, type ApiFailure } from '../api/client';
import { useLinkRevoked } from '../api/RevokedLinks';
import { useApi, type ApiState } from '../api/useApi';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/**
 * What an address that led nowhere named: the group itself (or no group at all), or something in
 * a group whose token may still be good. Then a second query (the group's page, usually cached)
 * tells which it is, so an unknown game in a valid group links back to that group instead of
 * blaming the group's link.
 */
export type Missing = { kind: 'address' } | { kind: 'group'; token: string } | { kind: 'game' | 'player' | 'page'; token: string };

/** What the route's parameters name: the innermost thing is the one not found. */
export function missingFromParams(params: Readonly<Record<string, string | undefined>>): Missing {
  const { token, gameId, userId } = params;
  if (token === undefined) return { kind: 'address' };
  if (gameId !== undefined) return { kind: 'game', token };
  if (userId !== undefined) return { kind: 'player', token };
  return { kind: 'group', token };
}

/** "Not found", precise about what is missing (by default, what the route's parameters name). */
export function NotFound({ missing }: { missing?: Missing }) {
  const params = useParams();
  const m = missing ?? missingFromParams(params);
  if (m.kind === 'address') return <AddressNotFound />;
  if (m.kind === 'group') return <GroupNotFound token={m.token} />;
  return <MissingInGroup kind={m.kind} token={m.token} />;
}

/**
 * A bad or rotated group link: say so and how to get the current one. Nothing to retry. When
 * the live channel said so on this very page (close code 4004), it is no guess: the link was
 * renewed.
 */
function GroupNotFound({ token }: { token: string }) {
  const { t } = useTranslation();
  const revoked = useLinkRevoked(token);
  if (revoked) {
    return (
      <NotFoundSection title={t('notFound.revoked.title')}>
        <p>{t('notFound.revoked.text')}</p>
        <p>
          <Link to={pagePaths.home()}>{t('notFound.home')}</Link>
        </p>
      </NotFoundSection>
    );
  }
  return (
    <NotFoundSection title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <p>{t('notFound.rotated')}</p>
      <p>
        <Link to={pagePaths.home()}>{t('notFound.home')}</Link>
      </p>
    </NotFoundSection>
  );
}

function AddressNotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundSection title={t('notFound.title')}>
      <p>{t('notFound.address')}</p>
      <p>
        <Link to={pagePaths.home()}>{t('notFound.home')}</Link>
      </p>
    </NotFoundSection>
  );
}

const IN_GROUP_KEYS = {
  game: { title: 'notFound.game.title', text: 'notFound.game.text' },
  player: { title: 'notFound.player.title', text: 'notFound.player.text' },
  page: { title: 'notFound.title', text: 'notFound.inGroup' },
} as const;

/** A game, a player or a page missing in a group: whether the group itself is there decides. */
function MissingInGroup({ kind, token }: { kind: 'game' | 'player' | 'page'; token: string }) {
  const { t } = useTranslation();
  const group = useApi<GroupPage>(apiPaths.group(token));
  if (group.status === 'loading') return <Loading />;
  if (group.status === 'error') {
    return group.failure.kind === 'not-found' ? <GroupNotFound token={token} /> : <LoadError failure={group.failure} onRetry={group.retry} />;
  }
  const name = group.data.group.title ?? t('group.untitled');
  const keys = IN_GROUP_KEYS[kind];
  return (
    <NotFoundSection title={t(keys.title)}>
      <p>{t(keys.text, { group: name })}</p>
      <p>
        <Link to={pagePaths.group(token)}>{t('notFound.backTo', { group: name })}</Link>
      </p>
    </NotFoundSection>
  );
}

function NotFoundSection({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="page-state" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{title}</h1>
      {children}
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
export function ApiView<T>({ state, children }: { state: ApiState<T> & { retry: () => void }; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return state.failure.kind === 'not-found' ? <NotFound /> : <LoadError failure={state.failure} onRetry={state.retry} />;
  }
  return <>{children(state.data)}</>;
}
