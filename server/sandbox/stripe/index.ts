// The Stripe simulator's public face (issue 31): started by the Stripe adapter's tests and by
// `npm run sandbox:stripe` for an operator who points STRIPE_API_URL at it.
export {
  startStripeSimulator,
  stripeSignatureHeader,
  stripeTestCards,
  type StripeDelivery,
  type StripeEvent,
  type StripeSimulator,
  type StripeSimulatorOptions,
  type StripeTestCard,
} from './stripe-simulator';
