import { useMatches } from 'react-router';
import type { TranslationKey } from '../shared/i18n/en';
import type { OpenSidebar } from '../shared/sidebars/sidebar-state';

/** What the route table tells a page: its title and, for sidebar routes, which sidebar to open. */
export interface RouteHandle {
  titleKey: TranslationKey;
  sidebar?: OpenSidebar;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

export function useRouteHandle(): RouteHandle {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  return handle ?? { titleKey: 'pages.home' };
}
