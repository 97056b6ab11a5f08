// The sandbox PSP's public face: its pages (payments.plugin.ts) and, for the cashier's sandbox
// adapter, its merchant API and webhook protocol, as a real PSP publishes an API and a webhook
// format to its merchants.
export { paymentsSandboxRoutes, MERCHANT_WEBHOOK_PATH } from './payments.plugin';
export {
  reportedCard,
  reportedCryptoSender,
  reportedFundingSource,
  sandboxCardFingerprint,
  SandboxPsp,
  sandboxTiming,
  type SandboxCryptoPayout,
  type SandboxDetails,
  type SandboxTiming,
} from './psp';
export { fundingSources, isFundingSource, type FundingSource } from './test-inputs';
export { SIGNATURE_HEADER, sandboxEventSchema, signWebhookBody, webhookSignatureValid, type SandboxEventType } from './webhook-protocol';
export { WebhookDelivery, type WebhookSender } from './webhook-delivery';
