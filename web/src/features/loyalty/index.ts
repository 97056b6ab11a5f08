// The loyalty area's public face: the account page's Loyalty Shop tab (spec 001 §2 "Loyalty shop").
export { LoyaltyShop } from './components/loyalty-shop';
