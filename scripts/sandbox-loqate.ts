import { existsSync } from 'node:fs';
import { startLoqateSimulator } from '../server/sandbox/loqate';

/**
 * `npm run sandbox:loqate [port]`: the Loqate simulator on 127.0.0.1 (default port 12114), for
 * trying ADDRESS_PROVIDER=loqate without Loqate. It takes the key from LOQATE_API_KEY (as the
 * server does) and answers the sandbox address book's postcodes (README).
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const apiKey = process.env.LOQATE_API_KEY?.trim();
if (!apiKey) {
  console.error('Set LOQATE_API_KEY (as the server will use it) before starting the simulator.');
  process.exit(1);
}
const simulator = await startLoqateSimulator({ apiKey }, Number(process.argv[2] ?? 12114));
console.log(`Loqate simulator on ${simulator.url}; set ADDRESS_PROVIDER=loqate LOQATE_API_URL=${simulator.url}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
