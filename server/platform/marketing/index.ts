// Marketing sends' public face (SR 5.1.12): each asks the consents module's `mayMarket` for the
// product and channel at send time. Owns no table.
export { sendBonusOffer, sendMarketingMail, type MarketingContext, type MarketingOutcome } from './marketing.service';
