// The loyalty programme's public face (issue 14; server/platform/loyalty/README.md): points earned on
// real-money stakes at the wallet's policy point, the points balance and level, and the shop.
export { loyaltyPointsPolicy } from './points-policy';
export {
  checkout,
  findOrder,
  loyaltyPointsOf,
  loyaltyPointsShown,
  loyaltyPointsStatus,
  shopItems,
  type CartLine,
  type CheckoutResult,
  type LoyaltyItemRow,
} from './loyalty.service';
export { DEFAULT_LOYALTY_SETTINGS, pointsRate, type LoyaltySettings } from './settings';
// The shop items' presentation, which staff edit through the content service (issue 15 Content).
export {
  allLoyaltyItems,
  InvalidPresentationError,
  LOYALTY_RULE_FIELDS,
  loyaltyItemById,
  updateLoyaltyItemPresentation,
  type LoyaltyItemPresentation,
} from './item-presentation';
