import { and, eq, or, sql } from 'drizzle-orm';
import { adyenRuns, stripeRuns, type Config } from '../../../config/env';
import type { Db } from '../../../db/database';
import { paymentEvent } from '../../../db/schema';
import { findPlayer } from '../../accounts';
import { AdyenPaymentProvider, type AdyenPayee } from './adyen-payment-provider';
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
  // env.ts has checked the key, the merchant account and the HMAC keys when Adyen runs.
  if (adyenRuns(config) && config.ADYEN_API_KEY && config.ADYEN_MERCHANT_ACCOUNT) {
    const base = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
    running.push(
      new AdyenPaymentProvider({
        apiKey: config.ADYEN_API_KEY,
        merchantAccount: config.ADYEN_MERCHANT_ACCOUNT,
        hmacKeys: config.ADYEN_HMAC_KEYS,
        environment: config.ADYEN_ENVIRONMENT,
        liveUrlPrefix: config.ADYEN_LIVE_URL_PREFIX,
        apiUrl: config.ADYEN_API_URL,
        // Back from the wallet, the player passes through the cashier's return route (/payments/details) to the portal.
        returnUrl: new URL('/ps/cashier/return/adyen', base).toString(),
        storedNotifications: (paymentId) => adyenInbox(db, paymentId),
        payee: (partyId) => payeeOf(db, partyId),
      }),
    );
  }
  return paymentProviders(...running);
}

/** Adyen's record of a payment: the verified items stored for it (by the link, or by merchantReference before the link was made). */
async function adyenInbox(db: Db, paymentId: string): Promise<Record<string, unknown>[]> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return [];
  const rows = await db
    .select({ payload: paymentEvent.payload })
    .from(paymentEvent)
    .where(
      and(eq(paymentEvent.provider, 'adyen'), or(eq(paymentEvent.paymentId, paymentId), sql`${paymentEvent.payload}->>'merchantReference' = ${paymentId}`)),
    );
  return rows.map((row) => row.payload);
}

/** The account holder of an Adyen payout, from the player's profile. */
async function payeeOf(db: Db, partyId: string): Promise<AdyenPayee | null> {
  const row = await findPlayer(db, partyId);
  if (!row?.firstName || !row.lastName || !row.birthDate || !row.country) return null;
  return { firstName: row.firstName, lastName: row.lastName, birthDate: row.birthDate, country: row.country.toUpperCase() };
}
