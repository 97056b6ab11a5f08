import { existsSync } from 'node:fs';
import { startOnfidoSimulator } from '../server/sandbox/onfido';

/**
 * `npm run sandbox:onfido [port]`: the Onfido simulator on 127.0.0.1 (default port 12113), for
 * trying KYC_PROVIDER=onfido without Onfido. It takes the API token and the first webhook token
 * from ONFIDO_API_TOKEN and ONFIDO_WEBHOOK_TOKENS (as the server does, so the two agree) and sends
 * webhooks to ONFIDO_SIMULATOR_WEBHOOK_URL, by default the local server's /ps/kyc/webhook/onfido —
 * every third one twice and every fourth late, as Onfido itself may.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const apiToken = process.env.ONFIDO_API_TOKEN?.trim();
const webhookToken = process.env.ONFIDO_WEBHOOK_TOKENS?.split(',')[0]?.trim();
if (!apiToken || !webhookToken) {
  console.error('Set ONFIDO_API_TOKEN and ONFIDO_WEBHOOK_TOKENS (as the server will use them) before starting the simulator.');
  process.exit(1);
}
const webhookUrl = process.env.ONFIDO_SIMULATOR_WEBHOOK_URL?.trim() || `http://127.0.0.1:${process.env.PORT ?? 3000}/ps/kyc/webhook/onfido`;
const port = Number(process.argv[2] ?? 12113);
const simulator = await startOnfidoSimulator({ apiToken, webhookToken, webhookUrl, decisionDelayMs: 2_000, duplicateEvery: 3, lateEvery: 4 }, port);
// The tokens are not printed: the operator has them already.
console.log(`Onfido simulator on ${simulator.url}, webhooks to ${webhookUrl}; set ONFIDO_API_URL=${simulator.url}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
