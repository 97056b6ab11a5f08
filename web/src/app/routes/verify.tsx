import { VerifyPage } from '../../features/identification';

/** /verify: where the player's verification stands. */
export function Component() {
  return <VerifyPage />;
}
