import { createBrowserRouter, type RouteObject } from 'react-router';
import { Splash } from '../boot/boot-screens';
import { paths } from '../config/paths';
import { PrivateRoute } from '../shared/session/private-route';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { routerBasename } from './router-basename';
import type { RouteHandle } from './route-handle';

const home = () => import('./routes/home');
const pageNotice = () => import('./routes/page-notice');
const sidebarEntry = () => import('./routes/sidebar-entry');
const identityNotice = () => import('./routes/identity-notice');

function notice(path: string, titleKey: RouteHandle['titleKey']): RouteObject {
  const handle: RouteHandle = { titleKey };
  return { path, lazy: pageNotice, handle };
}

function sidebar(path: string, titleKey: RouteHandle['titleKey'], open: NonNullable<RouteHandle['sidebar']>): RouteObject {
  const handle: RouteHandle = { titleKey, sidebar: open };
  return { path, lazy: sidebarEntry, handle };
}

/** Every route of spec 000 §2, each loaded on demand so the home page stays small. */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    HydrateFallback: Splash,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Pages fail inside the shell, so the header and footer stay usable (NAV-57).
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: home, handle: { titleKey: 'pages.home' } satisfies RouteHandle },

          sidebar(paths.login.path, 'pages.login', { name: 'login', mode: 'sign-in' }),
          sidebar(paths.signup.path, 'pages.signup', { name: 'signup' }),
          sidebar(paths.sessionExpired.path, 'pages.sessionExpired', { name: 'login', mode: 'sign-in', sessionExpired: true }),
          sidebar(paths.resetPassword.path, 'pages.resetPassword', { name: 'login', mode: 'set-new-password' }),
          {
            path: paths.confirmSignup.path,
            lazy: () => import('./routes/confirm-signup'),
            handle: { titleKey: 'pages.confirmSignup', sidebar: { name: 'signup', external: true } } satisfies RouteHandle,
          },

          // DIS-09: opening the wallet or the identification flow tells an unverified player why.
          { path: paths.deposit.path, lazy: identityNotice, handle: { titleKey: 'pages.deposit' } satisfies RouteHandle },
          { path: paths.depositSuccess.path, lazy: identityNotice, handle: { titleKey: 'pages.depositSuccess' } satisfies RouteHandle },
          // The sign-up forms (react-hook-form, libphonenumber) load only with these two routes.
          { path: paths.join.path, lazy: () => import('./routes/join'), handle: { titleKey: 'pages.join' } satisfies RouteHandle },
          { path: paths.contact.path, lazy: () => import('./routes/contact'), handle: { titleKey: 'pages.contact' } satisfies RouteHandle },
          notice(paths.verify.path, 'pages.verify'),
          notice(paths.docConfirmation.path, 'pages.docConfirmation'),
          { path: paths.identification.path, lazy: identityNotice, handle: { titleKey: 'pages.identification' } satisfies RouteHandle },
          notice(paths.responsibleGaming.path, 'pages.responsibleGaming'),
          notice(paths.termsConditions.path, 'pages.termsConditions'),
          notice(paths.casinoGlossary.path, 'pages.casinoGlossary'),
          notice(paths.privacyPolicy.path, 'pages.privacyPolicy'),
          notice(paths.fundsProtection.path, 'pages.fundsProtection'),
          notice(paths.play.path, 'pages.play'),
          notice(paths.minigames.path, 'pages.minigames'),
          notice(paths.game.path, 'pages.game'),
          notice(paths.gameInfo.path, 'pages.gameInfo'),
          notice(paths.gamePage.path, 'pages.gamePage'),
          notice(paths.aboutUs.path, 'pages.aboutUs'),
          notice(paths.contactUs.path, 'pages.contactUs'),
          notice(paths.promotions.path, 'pages.promotions'),
          notice(paths.blog.path, 'pages.blog'),
          notice(paths.chronos.path, 'pages.chronos'),

          { element: <PrivateRoute />, children: [notice(paths.account.path, 'pages.account')] },
          {
            element: <PrivateRoute authorities={['ROLE_ADMIN']} />,
            // BOOT-17: the operations area is its own chunk, fetched only when /admin is opened.
            children: [{ path: paths.admin.path, lazy: () => import('./routes/admin'), handle: { titleKey: 'pages.admin' } satisfies RouteHandle }],
          },
          // NS-28: staff (ROLE_USER) and administrators may open /entity.
          { element: <PrivateRoute authorities={['ROLE_USER', 'ROLE_ADMIN']} />, children: [notice(paths.entity.path, 'pages.entity')] },

          { path: '*', lazy: () => import('./routes/not-found'), handle: { titleKey: 'pages.notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: routerBasename(document.baseURI) });
}
