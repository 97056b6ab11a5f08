import { existsSync } from 'node:fs';
import { startAdyenSimulator } from '../server/sandbox/adyen';

/**
 * `npm run sandbox:adyen [port]`: the Adyen simulator on 127.0.0.1 (default port 12112), for
 * trying PAYMENT_ROUTING=MONEYBOOKERS=adyen,NETELLER=adyen without Adyen. It takes the API key,
 * the merchant account and the first HMAC key from ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and
 * ADYEN_HMAC_KEYS (as the server does, so the two agree) and sends notifications to
 * ADYEN_SIMULATOR_WEBHOOK_URL, by default the local server's /ps/cashier/webhook/adyen — every
 * third one twice and every fourth late, so the cashier's inbox is exercised as Adyen would.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const apiKey = process.env.ADYEN_API_KEY?.trim();
const merchantAccount = process.env.ADYEN_MERCHANT_ACCOUNT?.trim();
const hmacKey = process.env.ADYEN_HMAC_KEYS?.split(',')[0]?.trim();
if (!apiKey || !merchantAccount || !hmacKey) {
  console.error('Set ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and ADYEN_HMAC_KEYS (as the server will use them) before starting the simulator.');
  process.exit(1);
}
const webhookUrl = process.env.ADYEN_SIMULATOR_WEBHOOK_URL?.trim() || `http://127.0.0.1:${process.env.PORT ?? 3000}/ps/cashier/webhook/adyen`;
const port = Number(process.argv[2] ?? 12112);
// As Adyen itself may: every third notification sent twice, every fourth overtaken by the next.
const simulator = await startAdyenSimulator({ apiKey, merchantAccount, hmacKey, webhookUrl, duplicateEvery: 3, lateEvery: 4 }, port);
// The keys are not printed: the operator has them already.
console.log(`Adyen simulator on ${simulator.url}, notifications to ${webhookUrl}; set ADYEN_API_URL=${simulator.url}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
