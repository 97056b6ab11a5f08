// The Adyen simulator's public face (issue 31): started by the Adyen adapter's tests and by
// `npm run sandbox:adyen` for an operator who points ADYEN_API_URL at it.
export {
  adyenItemSignature,
  adyenNotificationBody,
  adyenSignedData,
  signAdyenItem,
  startAdyenSimulator,
  type AdyenDelivery,
  type AdyenNotificationSent,
  type AdyenPaymentRecord,
  type AdyenPayoutRecord,
  type AdyenSimulator,
  type AdyenSimulatorOptions,
} from './adyen-simulator';
