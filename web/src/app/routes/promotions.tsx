import { PromotionsPage } from '../../features/promotions/components/promotions-page';

export function Component() {
  return <PromotionsPage />;
}
