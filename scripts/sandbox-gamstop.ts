import { existsSync, readFileSync } from 'node:fs';
import { defaultGamstopPeople, startGamstopSimulator, type GamstopPerson } from '../server/sandbox/gamstop';

/**
 * `npm run sandbox:gamstop [port]`: the GAMSTOP v2 simulator on 127.0.0.1 (default port 8470), for
 * trying EXCLUSION_REGISTER_PROVIDER=gamstop without the real register. It takes the key from
 * GAMSTOP_API_KEY (as the server does, so the two agree) and its people from the JSON file named by
 * GAMSTOP_SIMULATOR_PEOPLE, else last names Gamstop and Excluded (Y) and Lapsed (P).
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const apiKey = process.env.GAMSTOP_API_KEY?.trim();
if (!apiKey) {
  console.error('Set GAMSTOP_API_KEY (the key the server will send) before starting the simulator.');
  process.exit(1);
}
const peopleFile = process.env.GAMSTOP_SIMULATOR_PEOPLE?.trim();
const people = peopleFile ? (JSON.parse(readFileSync(peopleFile, 'utf8')) as GamstopPerson[]) : defaultGamstopPeople;
const port = Number(process.argv[2] ?? 8470);
const simulator = await startGamstopSimulator({ apiKey, people }, port);
// The key is not printed: the operator has it already.
console.log(`GAMSTOP simulator on ${simulator.url} (${people.length} people); set GAMSTOP_URL=${simulator.url}`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
