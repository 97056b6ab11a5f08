import { AdminArea } from '../../features/admin/components/admin-area';

export function Component() {
  return <AdminArea />;
}
