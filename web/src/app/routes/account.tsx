import { AccountPage } from '../../features/account';

/** /account (spec 000 §2 Account page). */
export function Component() {
  return <AccountPage />;
}
