// The ports of the outside providers (payments, identity, exclusion registers, financial checks),
// beside the service context that carries their adapters. Each module implements or calls them;
// none owns them, so a module's types reach another module without importing it.
export type * from './payment-provider';
export {
  PaymentProviderNotRunningError,
  paymentProviders,
  requireProvider,
  WebhookFormatError,
  WebhookIgnoredError,
  WebhookSignatureError,
} from './payment-provider';
export type * from './payment-methods';
export type * from './kyc-provider';
export type * from './financial-check-provider';
export type * from './exclusion-register-provider';
export { registerFor } from './exclusion-register-provider';
