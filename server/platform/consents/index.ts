// The consents module's public face.
export { consentsRoutes } from './consents.handler';
export { userConsentsRoutes } from './user-consents.handler';
export { activeConsents, mayMarketTo, recordConsents } from './consents.repository';
