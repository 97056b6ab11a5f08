import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToasterWanted } from './notifications';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.PortalToaster })));

export function NotificationsHost() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
