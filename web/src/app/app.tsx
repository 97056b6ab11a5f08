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
