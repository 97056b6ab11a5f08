import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { CookieNotice } from '../../features/cookie-notice/components/cookie-notice';
import { Footer } from '../../features/footer/components/footer';
import { Header } from '../../features/navigation/components/header';
import { useConfiguration } from '../../shared/configuration/configuration';
import { SessionRedirects } from '../../shared/session/session-redirects';
import { useSession } from '../../shared/session/use-session';
import { useDrawnAfterFirstRender } from '../../shared/hooks/use-drawn-after';
import { useViewport } from '../../shared/hooks/use-viewport';
import { useSidebars } from '../../shared/sidebars/sidebar-state';
import { useWallet } from '../../shared/wallet/wallet-state';
// The modal's open state only: the messages barrel would bring the navigation item and its API schemas.
import { useMessagesModalOpen } from '../../features/messages/messages-modal-state';
import { lockNoticeStored } from '../../features/responsible-gaming/shell';
import { isOpenToRestrictedSession, RestrictedNotice, RestrictedView } from '../../features/restricted';
import './layouts.css';

// The sidebars (and their dialog machinery) download when one is first opened, not with the home page.
const ShellSidebars = lazy(() => import('./shell-sidebars').then((module) => ({ default: module.ShellSidebars })));
// The wallet, its wizards and tables download when a player first opens it.
// The messages modal (NAV-71) downloads when a player first opens it.
const MessagesModal = lazy(() => import('../../features/messages/components/messages-modal').then((module) => ({ default: module.MessagesModal })));
// The portal's reality check, lock notice and limits prompt (issue 12) download after the page, not with
// it, and only for a signed-in player or a lock notice waiting after the reload: a visitor has none of them.
const ResponsibleGamingHost = lazy(() =>
  import('../../features/responsible-gaming/components/responsible-gaming-host').then((module) => ({ default: module.ResponsibleGamingHost })),
);
const WalletModal = lazy(() => import('../../features/wallet/components/wallet-modal').then((module) => ({ default: module.WalletModal })));

export function MainLayout() {
  const { t } = useTranslation();
  const viewport = useViewport();
  const { small_icons } = useConfiguration();
  const { open } = useSidebars();
  const wallet = useWallet();
  const session = useSession();
  const messagesOpen = useMessagesModalOpen();
  const belowTheFold = useDrawnAfterFirstRender();
  const { pathname, search } = useLocation();
  // Issue 26 defect 4: a player on a time-out sees the notice on every page, and the restricted
  // view instead of a page that is closed to them (games, deposits, promotions, the shop…).
  const restrictedUntil = session.authenticated ? session.restrictedUntil : null;
  // A session that ends (logout, expiry) takes the wallet with it.
  const { open: walletOpen, close: closeWallet } = wallet;
  useEffect(() => {
    if (walletOpen && session.checked && !session.authenticated) closeWallet();
  }, [walletOpen, session.checked, session.authenticated, closeWallet]);
  return (
    <div className="shell" data-testid="layout-main" data-layout="main" data-viewport={viewport} data-small-icons={small_icons === '1'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" className="shell__main" tabIndex={-1}>
        <SessionRedirects />
        {/* Issue 12: the portal's reality check, the lock notice and the limits prompt after sign-up. */}
        {session.authenticated || lockNoticeStored() ? (
          <Suspense fallback={null}>
            <ResponsibleGamingHost />
          </Suspense>
        ) : null}
        {restrictedUntil ? <RestrictedNotice restrictedUntil={restrictedUntil} /> : null}
        {restrictedUntil && !isOpenToRestrictedSession(pathname, search) ? <RestrictedView /> : <Outlet />}
      </main>
      {/* In a task after the page's own (useDrawnAfterFirstRender). */}
      {belowTheFold ? <Footer /> : null}
      {belowTheFold ? <CookieNotice /> : null}
      {open ? (
        <Suspense fallback={null}>
          <ShellSidebars />
        </Suspense>
      ) : null}
      {wallet.open && session.authenticated ? (
        <Suspense fallback={null}>
          <WalletModal />
        </Suspense>
      ) : null}
      {messagesOpen && session.authenticated ? (
        <Suspense fallback={null}>
          <MessagesModal />
        </Suspense>
      ) : null}
    </div>
  );
}
