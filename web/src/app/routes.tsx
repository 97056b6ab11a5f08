import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
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
const gamePage = () => import('./routes/game-page');

function notice(path: string, titleKey: RouteHandle['titleKey'], lazy: RouteObject['lazy'] = pageNotice): RouteObject {
  const handle: RouteHandle = { titleKey };
  return { path, lazy, handle };
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

          // WALLET-17, DIS-19: the wallet routes are for signed-in players; the wallet itself checks the identity gate.
          {
            element: <PrivateRoute />,
            children: [
              { path: paths.deposit.path, lazy: () => import('./routes/deposit'), handle: { titleKey: 'pages.deposit' } satisfies RouteHandle },
              {
                path: paths.depositSuccess.path,
                lazy: () => import('./routes/deposit-success'),
                handle: { titleKey: 'pages.depositSuccess' } satisfies RouteHandle,
              },
            ],
          },
          // The sign-up forms (react-hook-form, libphonenumber) load only with these two routes.
          { path: paths.join.path, lazy: () => import('./routes/join'), handle: { titleKey: 'pages.join' } satisfies RouteHandle },
          { path: paths.contact.path, lazy: () => import('./routes/contact'), handle: { titleKey: 'pages.contact' } satisfies RouteHandle },
          { path: paths.verify.path, lazy: () => import('./routes/verify'), handle: { titleKey: 'pages.verify' } satisfies RouteHandle },
          {
            path: paths.docConfirmation.path,
            lazy: () => import('./routes/doc-confirmation'),
            handle: { titleKey: 'pages.docConfirmation' } satisfies RouteHandle,
          },
          // DIS-09, KYC-03: the identification flows (a visitor is offered sign-up, a player under review is told so).
          {
            path: paths.identification.path,
            lazy: () => import('./routes/identification'),
            handle: { titleKey: 'pages.identification' } satisfies RouteHandle,
          },
          { path: paths.responsibleGaming.path, lazy: () => import('./routes/legal'), handle: { titleKey: 'pages.responsibleGaming' } satisfies RouteHandle },
          { path: paths.termsConditions.path, lazy: () => import('./routes/legal'), handle: { titleKey: 'pages.termsConditions' } satisfies RouteHandle },
          { path: paths.casinoGlossary.path, lazy: () => import('./routes/glossary'), handle: { titleKey: 'pages.casinoGlossary' } satisfies RouteHandle },
          { path: paths.privacyPolicy.path, lazy: () => import('./routes/legal'), handle: { titleKey: 'pages.privacyPolicy' } satisfies RouteHandle },
          { path: paths.fundsProtection.path, lazy: () => import('./routes/legal'), handle: { titleKey: 'pages.fundsProtection' } satisfies RouteHandle },
          { path: paths.play.path, lazy: () => import('./routes/play'), handle: { titleKey: 'pages.play' } satisfies RouteHandle },
          { path: paths.minigames.path, lazy: () => import('./routes/minigames'), handle: { titleKey: 'pages.minigames' } satisfies RouteHandle },
          notice(paths.game.path, 'pages.game', gamePage),
          { path: paths.gameInfo.path, lazy: () => import('./routes/game-info'), handle: { titleKey: 'pages.gameInfo' } satisfies RouteHandle },
          notice(paths.gamePage.path, 'pages.gamePage', gamePage),
          { path: paths.aboutUs.path, lazy: () => import('./routes/about-us'), handle: { titleKey: 'pages.aboutUs' } satisfies RouteHandle },
          { path: paths.contactUs.path, lazy: () => import('./routes/contact-us'), handle: { titleKey: 'pages.contactUs' } satisfies RouteHandle },
          { path: paths.promotions.path, lazy: () => import('./routes/promotions'), handle: { titleKey: 'pages.promotions' } satisfies RouteHandle },
          { path: paths.blog.path, lazy: () => import('./routes/blog'), handle: { titleKey: 'pages.blog' } satisfies RouteHandle },
          { path: paths.chronos.path, lazy: () => import('./routes/chronos'), handle: { titleKey: 'pages.chronos' } satisfies RouteHandle },
          { path: paths.casino.path, lazy: () => import('./routes/landing'), handle: { titleKey: 'pages.casino' } satisfies RouteHandle },
          { path: paths.liveCasino.path, lazy: () => import('./routes/landing'), handle: { titleKey: 'pages.liveCasino' } satisfies RouteHandle },
          { path: paths.bingo.path, lazy: () => import('./routes/landing'), handle: { titleKey: 'pages.bingo' } satisfies RouteHandle },

          {
            element: <PrivateRoute />,
            children: [{ path: paths.account.path, lazy: () => import('./routes/account'), handle: { titleKey: 'pages.account' } satisfies RouteHandle }],
          },
          {
            element: <PrivateRoute authorities={['ROLE_ADMIN']} />,
            // BOOT-17: the operations area is its own chunk, fetched only when /admin is opened.
            children: [{ path: paths.admin.path, lazy: () => import('./routes/admin'), handle: { titleKey: 'pages.admin' } satisfies RouteHandle }],
          },
          // NS-28: the staff back office. Staff are their own accounts with their own sign-in (password and
          // TOTP) on this page, not players with a role; the server checks every operation. Its own chunk.
          { path: paths.entity.path, lazy: () => import('./routes/back-office'), handle: { titleKey: 'pages.entity' } satisfies RouteHandle },

          { path: '*', lazy: () => import('./routes/not-found'), handle: { titleKey: 'pages.notFound' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: routerBasename(document.baseURI) });
}

/**
 * Starts loading the first page's route modules as soon as the shell is here, while discovery
 * and the translations are still on their way, instead of when the router first renders. The
 * router's own call of the same `lazy` later finds the modules already loaded.
 */
export function preloadRouteModules(location: string): void {
  for (const match of matchRoutes(routes, location, routerBasename(document.baseURI)) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}
