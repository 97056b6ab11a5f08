import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { onSessionEnded } from '../shared/api/api-client';
import { createQueryClient } from '../shared/api/query-client';
import { WarningModalProvider } from '../shared/components/warning-modal';
import { NotificationsHost } from '../shared/notifications/notifications-host';
import { ConfigurationContext, type Configuration } from '../shared/configuration/configuration';
import type { Language } from '../../../contracts/content/translations';
import { homeEntriesQueryOptions } from '../features/home/api/home-entries';
import { sessionQueryKey, sessionQueryOptions, signedOut } from '../shared/session/api/check-session-alive';
import { SidebarProvider } from '../shared/sidebars/sidebar-provider';
import { WalletProvider } from '../shared/wallet/wallet-provider';
import { createRouter } from './routes';
export { preloadRouteModules } from './routes';

const queryClient = createQueryClient();
const router = createRouter();

// SESS-21, DEF-09: the server ended the session; forget it here and offer a new login.
onSessionEnded(() => {
  queryClient.setQueryData(sessionQueryKey, signedOut);
  if (router.state.location.pathname !== paths.sessionExpired.path) void router.navigate(paths.sessionExpired.getHref());
});

/**
 * The requests the first page waits for (the session check every page makes; the home banner's
 * entries on the home page), started once the services are known, beside the content
 * translations, instead of after the first render: the banner, the page's largest paint, is a
 * round trip sooner. The page's own queries find them in the cache.
 */
export function startFirstPageRequests(language: Language): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
  if (router.state.location.pathname === paths.home.path) void queryClient.prefetchQuery(homeEntriesQueryOptions(language));
}

/**
 * Resolves once the first render draws the page, not a placeholder: the route's module is loaded
 * (the router has initialised) and the data the page draws first is in the cache (the home page's
 * entries and session check; the explorer's session check, games and categories; the game page's
 * catalogue). The server's first view (server/portal) stays on screen until then, so the page does
 * not blink from it to a placeholder and back. At most `limitMs`: a slow answer then shows the page's
 * own placeholder.
 */
export async function firstPageDrawable(language: Language, limitMs = 3000): Promise<void> {
  const initialised = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  const { pathname } = router.state.location;
  const pageData =
    pathname === paths.home.path
      ? // The banner's buttons are a visitor's or a player's: the session check says which.
        Promise.all([queryClient.ensureQueryData(homeEntriesQueryOptions(language)), queryClient.ensureQueryData(sessionQueryOptions)])
      : pathname === paths.play.path
        ? // The catalogue's modules come with the explorer's chunk, not with the shell.
          Promise.all([
            import('../features/games/api/games'),
            import('../features/games/api/game-categories'),
            queryClient.ensureQueryData(sessionQueryOptions),
          ]).then(([{ gamesQueryOptions }, { gameCategoriesQueryOptions }, session]) =>
            Promise.all([
              queryClient.ensureQueryData(gamesQueryOptions(language, session.alive === true)),
              queryClient.ensureQueryData(gameCategoriesQueryOptions(language)),
            ]),
          )
        : pathname === paths.gamePage.path
          ? // The title names the game from the catalogue (unless the address does).
            Promise.all([import('../features/games/api/games'), queryClient.ensureQueryData(sessionQueryOptions)]).then(([{ gamesQueryOptions }, session]) =>
              queryClient.ensureQueryData(gamesQueryOptions(language, session.alive === true)),
            )
          : undefined;
  const entries = pageData?.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  await Promise.race([Promise.all([initialised, entries]), limit]);
  clearTimeout(timer);
}

export function App({ configuration }: { configuration: Configuration }) {
  return (
    <ConfigurationContext.Provider value={configuration}>
      <QueryClientProvider client={queryClient}>
        <SidebarProvider>
          <WalletProvider>
            <WarningModalProvider>
              <RouterProvider router={router} />
              <NotificationsHost />
            </WarningModalProvider>
          </WalletProvider>
        </SidebarProvider>
      </QueryClientProvider>
    </ConfigurationContext.Provider>
  );
}
