import { randomBytes } from 'node:crypto';
import { startAdyenSimulator, type AdyenSimulator } from '../../server/sandbox/adyen';
import { startStripeSimulator, type StripeSimulator } from '../../server/sandbox/stripe';

/**
 * The provider mode of the test servers (issue 31): with `TEST_PAYMENT_PROVIDERS=stripe-adyen` a
 * test server routes cards to the Stripe adapter and e-wallets to the Adyen adapter, each
 * against its own simulator started with the server (and closed with it), so the cashier's
 * journeys run on the real providers' protocols instead of the in-process sandbox PSP. Bank,
 * crypto and every other method stay on the sandbox. A test that configures a provider itself
 * (PAYMENT_ROUTING, or the Stripe or Adyen keys) keeps its own setting.
 *
 *   TEST_PAYMENT_PROVIDERS=stripe-adyen npx vitest run --project api tests/api/cashier-deposits.test.ts
 */
export const PAYMENT_PROVIDER_MODES = ['stripe-adyen'] as const;

export interface ProviderMode {
  /** The server's settings: routing, keys and the simulators' addresses. */
  environment: Record<string, string>;
  stripe: StripeSimulator;
  adyen: AdyenSimulator;
  /** Points the simulators' webhooks at the server once it listens. */
  listening(serverUrl: string): void;
  close(): Promise<void>;
}

/** The mode the run asks for, or null for the sandbox; an unknown mode is an error, not a silent sandbox run. */
export function requestedProviderMode(): (typeof PAYMENT_PROVIDER_MODES)[number] | null {
  const mode = process.env.TEST_PAYMENT_PROVIDERS?.trim();
  if (!mode) return null;
  if (!(PAYMENT_PROVIDER_MODES as readonly string[]).includes(mode))
    throw new Error(`TEST_PAYMENT_PROVIDERS must be one of ${PAYMENT_PROVIDER_MODES.join(', ')} (not "${mode}")`);
  return mode as (typeof PAYMENT_PROVIDER_MODES)[number];
}

const ownSettings = /^(PAYMENT_ROUTING|PAYMENT_PROVIDER|STRIPE_|ADYEN_)/;

/** Starts the simulators for a test server, unless the run is on the sandbox or the test set the providers itself. */
export async function startProviderMode(environment: Record<string, string>): Promise<ProviderMode | null> {
  if (!requestedProviderMode() || Object.keys(environment).some((key) => ownSettings.test(key))) return null;
  const stripeKeys = { secretKey: `sk_test_${randomBytes(12).toString('hex')}`, signingSecret: `whsec_${randomBytes(16).toString('hex')}` };
  const adyenKeys = { apiKey: `test_${randomBytes(12).toString('hex')}`, merchantAccount: 'EmeraldTests', hmacKey: randomBytes(32).toString('hex') };
  // Retries quick enough for a test's waits; some notifications twice and some late, as the providers send them.
  const sending = { retryBaseMs: 50, retryCapMs: 1_000, maxAttempts: 10 };
  const stripe = await startStripeSimulator({ ...stripeKeys, ...sending, duplicateEvery: 3 });
  const adyen = await startAdyenSimulator({ ...adyenKeys, ...sending, duplicateEvery: 3, lateEvery: 4, lateMs: 100 });
  return {
    environment: {
      PAYMENT_ROUTING: 'WPCGHOSTED_CARD=stripe,MONEYBOOKERS=adyen,NETELLER=adyen',
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_WEBHOOK_SECRETS: stripeKeys.signingSecret,
      STRIPE_API_URL: stripe.url,
      ADYEN_API_KEY: adyenKeys.apiKey,
      ADYEN_MERCHANT_ACCOUNT: adyenKeys.merchantAccount,
      ADYEN_HMAC_KEYS: adyenKeys.hmacKey,
      ADYEN_API_URL: adyen.url,
    },
    stripe,
    adyen,
    listening(serverUrl) {
      stripe.setWebhookUrl(`${serverUrl}/ps/cashier/webhook/stripe`);
      adyen.setWebhookUrl(`${serverUrl}/ps/cashier/webhook/adyen`);
    },
    async close() {
      await stripe.close();
      await adyen.close();
    },
  };
}
