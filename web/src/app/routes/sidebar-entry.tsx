import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { HomePage } from '../../features/home/components/home-page';
import type { LoginRedirectState } from '../../shared/session/private-route';
import { forgetQuery } from '../../shared/address/forget-query';
import { useSession } from '../../shared/session/use-session';
import { useSidebars, type OpenSidebar, type SocialLoginOutcome } from '../../shared/sidebars/sidebar-state';
import { useRouteHandle } from '../route-handle';

function isLoginRedirectState(state: unknown): state is LoginRedirectState {
  return typeof state === 'object' && state !== null && 'from' in state;
}

const socialOutcomes: readonly SocialLoginOutcome[] = ['not-linked', 'failed', 'locked'];

/** The router renders navigations in a transition: the address bar may already show the next entry. */
function addressMovedOn(renderedKey: string): boolean {
  const state: unknown = window.history.state;
  const key = typeof state === 'object' && state !== null && 'key' in state ? state.key : undefined;
  return typeof key === 'string' && key !== renderedKey;
}

/**
 * What the address adds to the route's sidebar: the reset key and e-mail of a reset link (NAV-05),
 * read once and then taken out of the address bar so the key does not linger in history, and the
 * outcome of a social sign-in that came back to /login.
 */
function sidebarFromAddress(sidebar: OpenSidebar, search: string): OpenSidebar {
  if (sidebar.name !== 'login') return sidebar;
  const query = new URLSearchParams(search);
  if (sidebar.mode === 'set-new-password') {
    const key = query.get('confirmationCode') ?? '';
    const email = query.get('email') ?? '';
    forgetQuery(['confirmationCode', 'email']);
    return key || email ? { ...sidebar, reset: { key, email } } : sidebar;
  }
  const social = socialOutcomes.find((outcome) => outcome === query.get('socialLogin'));
  return social ? { ...sidebar, socialLogin: social } : sidebar;
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
  const visitor = session.checked && !session.authenticated && !session.quickRegistration;

  // Read once per visit: the address loses the reset key as soon as it has been read.
  const fromAddress = useRef<{ key: string; sidebar: OpenSidebar } | null>(null);
  useEffect(() => {
    if (!visitor || !sidebar) return;
    if (fromAddress.current?.key !== location.key) {
      fromAddress.current = { key: location.key, sidebar: sidebarFromAddress(sidebar, window.location.search) };
    }
    show(fromAddress.current.sidebar);
    // location.key: following the same link again reopens a sidebar the player closed.
  }, [visitor, sidebar, show, location.key]);

  const shown = sidebars.open?.name === wanted;
  const wasShown = useRef(false);
  const signedIn = session.authenticated || session.quickRegistration;
  useEffect(() => {
    if (shown) wasShown.current = true;
    // A player who just signed in is on the way to their origin, and a sidebar link (JOIN NOW) may
    // already have moved the address on; only a visitor who closes the sidebar here goes home.
    else if (wasShown.current && !signedIn && !addressMovedOn(location.key)) void navigate(paths.home.getHref(), { replace: true });
  }, [shown, signedIn, navigate, location.key]);

  if (session.authenticated) {
    const from = isLoginRedirectState(location.state) ? location.state.from : { pathname: paths.home.path, search: '' };
    return <Navigate to={from} replace />;
  }
  return <HomePage />;
}
