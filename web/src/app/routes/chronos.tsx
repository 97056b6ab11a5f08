import { ChronosPage } from '../../features/chronos/chronos-page';

export function Component() {
  return <ChronosPage />;
}
