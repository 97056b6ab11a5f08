// The consents module's public face.
export { activeConsents, recordConsents } from './consents.repository';
// Marketing consent per product and channel (SR 5.1.12): the matrix, its changes and the one gate every marketing send asks.
export { marketingConsentsOf, mayMarket, setMarketingConsents, type ConsentChanger, type MarketingBox } from './marketing-consents.service';
