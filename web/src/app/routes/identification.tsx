import { IdentificationPage } from '../../features/identification';

/** /identification (KYC-03…06, DIS-09). */
export function Component() {
  return <IdentificationPage />;
}
