import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { ServerErrorPage } from '../features/errors/components/server-error-page';

/** NAV-57: a rendering failure (or a chunk that would not load) shows the 500 page, never a blank screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <ServerErrorPage />;
}
