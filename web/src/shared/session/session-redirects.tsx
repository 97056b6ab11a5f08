import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from './use-session';

/** SESS-34: a signed-in QUICK_REG player finishes sign-up step 2 before anything else. */
export function SessionRedirects() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.quickRegistration && pathname !== paths.contact.path) return <Navigate to={paths.contact.getHref()} replace />;
  return null;
}
