import { stripeRuns, type Config } from '../../../config/env';
import type { Db } from '../../../db/database';
import { paymentProviders, type PaymentProvider, type PaymentProviders } from '../../../providers/payment-provider';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';

/**
 * The payment providers this node runs (issue 31): the sandbox outside production (it serves the
 * development and test cashier and settles its own payments in flight), and each real provider
 * that a method is routed to or whose keys are configured. A provider must keep running while
 * payments it started are open, so that their webhooks, look-ups and payouts still reach it.
 */
export function createPaymentProviders(config: Config, db: Db): PaymentProviders {
  const running: PaymentProvider[] = [];
  const routed = (id: string) => config.PAYMENT_METHODS.some((code) => (config.PAYMENT_ROUTING[code] ?? config.PAYMENT_PROVIDER) === id);
  if (config.NODE_ENV !== 'production' || routed('sandbox')) running.push(createSandboxPaymentProvider(config, db));
  // env.ts has checked the key, the webhook secrets and the card page when Stripe runs.
  if (stripeRuns(config) && config.STRIPE_SECRET_KEY) {
    const base = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
    running.push(
      new StripePaymentProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecrets: config.STRIPE_WEBHOOK_SECRETS,
        apiUrl: config.STRIPE_API_URL,
        cardPageUrl: config.STRIPE_CARD_PAGE_URL ?? `${config.STRIPE_API_URL ?? ''}/pay`,
        // After 3-D Secure the player comes back to the portal (the cashier follows the payment by its status).
        returnUrl: new URL('/', base).toString(),
      }),
    );
  }
  return paymentProviders(...running);
}
