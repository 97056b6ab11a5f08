import { DocConfirmationPage } from '../../features/identification';

/** /doc-confirmation (DOC-23). */
export function Component() {
  return <DocConfirmationPage />;
}
