import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { HomePage } from '../../features/home/components/home-page';
import type { LoginRedirectState } from '../../shared/session/private-route';
import { useSession } from '../../shared/session/use-session';
import { useSidebars } from '../../shared/sidebars/sidebar-state';
import { useRouteHandle } from '../route-handle';

function isLoginRedirectState(state: unknown): state is LoginRedirectState {
  return typeof state === 'object' && state !== null && 'from' in state;
}

/**
 * /login, /signup, /session-expired, /reset-password and /confirm-signup: the home page with the
 * matching sidebar open (NAV-02…10). Closing the sidebar leaves the address for the home page; a
 * player who is (or becomes) signed in goes back to where a protected route sent them from (NAV-36).
 */
export function Component() {
  const { sidebar } = useRouteHandle();
  const session = useSession();
  const sidebars = useSidebars();
  const location = useLocation();
  const navigate = useNavigate();
  const { show } = sidebars;
  const wanted = sidebar?.name;
  const visitor = session.checked && !session.authenticated;

  useEffect(() => {
    if (visitor && sidebar) show(sidebar);
    // location.key: following the same link again reopens a sidebar the player closed.
  }, [visitor, sidebar, show, location.key]);

  const shown = sidebars.open?.name === wanted;
  const wasShown = useRef(false);
  useEffect(() => {
    if (shown) wasShown.current = true;
    else if (wasShown.current) void navigate(paths.home.getHref(), { replace: true });
  }, [shown, navigate]);

  if (session.authenticated) {
    const from = isLoginRedirectState(location.state) ? location.state.from : { pathname: paths.home.path, search: '' };
    return <Navigate to={from} replace />;
  }
  return <HomePage />;
}
