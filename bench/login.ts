import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../server/config/env';
import { openPglite, openPostgres } from '../server/db/database';
import { hashPassword, verifyPassword } from '../server/platform/accounts/password-hashing';
import { seedDemoContentOnce } from '../server/seed/seed';
import { startEmerald } from '../server/start';
import { benchLogging } from './support/bench-logging';

/**
 * Login throughput beside the argon2id verification time measured in the same run (the floor a
 * login cannot go under), and how throttling answers a burst of 1,000 wrong passwords.
 *
 *   npm run bench:login [-- --postgres postgres://postgres@127.0.0.1:5432/test]
 */
const args = process.argv.slice(2);
const postgresUrl = args.includes('--postgres') ? args[args.indexOf('--postgres') + 1] : undefined;
const CONCURRENCY = 4;
const LOGINS = 200;
const BURST = 1_000;

const logging = benchLogging('login');
const config = loadConfig({ PORT: '0', LOG_LEVEL: logging.level, LOG_FORMAT: 'json', SERVE_WEB: 'false', SEED_DEMO_CONTENT: 'true', TRUST_PROXY: 'true' });
const database = postgresUrl ? await openPostgres(postgresUrl) : await openPglite();
await database.migrate();
await seedDemoContentOnce(database.db, pino({ level: 'silent' }));
const emerald = await startEmerald(config, logging.logger, database);

const hash = await hashPassword('emerald-demo-1');
const verifyRuns = 50;
let started = performance.now();
for (let run = 0; run < verifyRuns; run += 1) await verifyPassword(hash, 'emerald-demo-1');
const verifyMs = (performance.now() - started) / verifyRuns;

const login = (address: string, password = 'emerald-demo-1') =>
  fetch(`${emerald.url}/ps/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username: 'demo.player', password }),
  });

let done = 0;
started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, worker) => {
    while (done < LOGINS) {
      done += 1;
      const response = await login(`127.0.9.${worker}`);
      if (response.status !== 200) throw new Error(`login answered ${response.status}`);
      await response.arrayBuffer();
    }
  }),
);
const loginSeconds = (performance.now() - started) / 1000;

const statuses = new Map<number, number>();
let firstThrottled = -1;
started = performance.now();
for (let attempt = 0; attempt < BURST; attempt += 1) {
  const response = await login('127.0.10.1', `wrong-password-${attempt}`);
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (response.status === 429 && firstThrottled < 0) firstThrottled = attempt + 1;
  await response.arrayBuffer();
}
const burstSeconds = (performance.now() - started) / 1000;
const rightPasswordDuringLock = (await login('127.0.11.1')).status;

await emerald.close();

console.log(`\nDatabase: ${database.driver}; ${CONCURRENCY} concurrent clients; server logging ${logging.describe()}\n`);
console.log(
  `argon2id verify (19 MiB, t=2, p=1), one at a time   ${verifyMs.toFixed(1)} ms  → at most ${(1000 / verifyMs).toFixed(1)} verifications/s per core`,
);
console.log(
  `POST /ps/login, ${LOGINS} successful logins            ${(LOGINS / loginSeconds).toFixed(1)} logins/s  (${((loginSeconds * 1000) / LOGINS).toFixed(1)} ms each on average)`,
);
console.log(`\nBurst of ${BURST} wrong passwords for one account from one address, in ${burstSeconds.toFixed(1)} s:`);
for (const [status, count] of [...statuses].sort()) console.log(`  HTTP ${status}: ${count}`);
console.log(`  first 429 at attempt ${firstThrottled}; the right password from another address during the lock: HTTP ${rightPasswordDuringLock}`);
