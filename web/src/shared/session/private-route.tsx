import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../../../contracts/platform/check-session-alive';
import { paths } from '../../config/paths';
import { hasAnyAuthority } from './authorities';
import { useSession } from './use-session';
import './private-route.css';

/** Router state a protected route leaves for /login so that the player returns after signing in. */
export interface LoginRedirectState {
  from: { pathname: string; search: string };
}

/**
 * Sends a visitor to /login, remembering where they were so that they come back after signing in
 * (NAV-37, PLAY-19); `keepQuery` carries this address's query to /login too.
 */
export function RedirectToLogin({ keepQuery = false }: { keepQuery?: boolean }) {
  const { pathname, search } = useLocation();
  // Navigate starts its navigation again whenever its state is a new object. A render while /login
  // is still loading would then restart it, and every restart renders again.
  const state = useMemo<LoginRedirectState>(() => ({ from: { pathname, search } }), [pathname, search]);
  return <Navigate to={keepQuery ? { pathname: paths.login.path, search } : paths.login.getHref()} state={state} replace />;
}

/**
 * NAV-36…38, DEF-01: nothing until the session check answers; a visitor goes to /login with the query
 * kept and the origin remembered; a signed-in user lacking every required authority is told so.
 */
export function PrivateRoute({ authorities = [] }: { authorities?: readonly Role[] }) {
  const { t } = useTranslation();
  const session = useSession();

  if (!session.checked) return null;
  if (!session.authenticated) return <RedirectToLogin keepQuery />;
  if (!hasAnyAuthority(session.authorities, authorities)) {
    return (
      <section className="access-denied" data-testid="access-denied">
        <h1 className="access-denied__title">{t('access.notAuthorized')}</h1>
        <Link className="button button--secondary" to={paths.home.getHref()}>
          {t('access.backHome')}
        </Link>
      </section>
    );
  }
  return <Outlet />;
}
