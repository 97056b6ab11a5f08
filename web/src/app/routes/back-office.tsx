import { BackOfficeArea } from '../../features/back-office/components/back-office-area';

export function Component() {
  return <BackOfficeArea />;
}
