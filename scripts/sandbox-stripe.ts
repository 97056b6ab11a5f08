import { existsSync } from 'node:fs';
import { startStripeSimulator } from '../server/sandbox/stripe';

/**
 * `npm run sandbox:stripe [port]`: the Stripe simulator on 127.0.0.1 (default port 12111), for
 * trying PAYMENT_ROUTING=WPCGHOSTED_CARD=stripe without Stripe. It takes the secret key and the
 * first webhook secret from STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRETS (as the server does, so
 * the two agree) and sends webhooks to STRIPE_SIMULATOR_WEBHOOK_URL, by default the local
 * server's /ps/cashier/webhook/stripe.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const secretKey = process.env.STRIPE_SECRET_KEY?.trim();
const signingSecret = process.env.STRIPE_WEBHOOK_SECRETS?.split(',')[0]?.trim();
if (!secretKey || !signingSecret) {
  console.error('Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRETS (as the server will use them) before starting the simulator.');
  process.exit(1);
}
const webhookUrl = process.env.STRIPE_SIMULATOR_WEBHOOK_URL?.trim() || `http://127.0.0.1:${process.env.PORT ?? 3000}/ps/cashier/webhook/stripe`;
const port = Number(process.argv[2] ?? 12111);
const simulator = await startStripeSimulator({ secretKey, signingSecret, webhookUrl }, port);
// The keys are not printed: the operator has them already.
console.log(`Stripe simulator on ${simulator.url}, webhooks to ${webhookUrl}; set STRIPE_API_URL=${simulator.url}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
