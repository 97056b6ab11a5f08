import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pino from 'pino';
import { loadConfig } from '../server/config/env';
import { openPglite, openPostgres } from '../server/db/database';
import { seedDemoContentOnce } from '../server/seed/seed';
import { startEmerald } from '../server/start';
import { generateCatalogue } from './catalogue-generator';
import { benchLogging } from './support/bench-logging';

/**
 * The games catalogue under load: a 5,000-game catalogue served by the real server, then for a
 * fixed time each: the first games page (per_page=100, as the portal asks), a search, and a trivial
 * JSON route of the same server (GET /ps/ping) as the baseline. 50 concurrent connections over
 * loopback. The last line is one JSON object of the figures.
 *
 *   npm run bench:catalogue [-- --postgres postgres://postgres@127.0.0.1:5432/bench] [--seconds 5]
 */
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const postgresUrl = option('--postgres');
const SECONDS = Math.min(60, Math.max(1, Number(option('--seconds')) || 5));
const CONNECTIONS = 50;
const GAMES = 5_000;

const logging = benchLogging('catalogue');
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: logging.level, LOG_FORMAT: 'json', SERVE_WEB: 'false', SEED_DEMO_CONTENT: 'false' });
const database = postgresUrl ? await openPostgres(postgresUrl) : await openPglite();
await database.migrate();
await seedDemoContentOnce(database.db, pino({ level: 'silent' }));
let started = performance.now();
await generateCatalogue(database.db, GAMES);
const generateMs = Math.round(performance.now() - started);
const emerald = await startEmerald(config, logging.logger, database);

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

/**
 * The load runs on its own thread, so the clients do not share the server's event loop (which
 * would halve both and make every figure a measure of the benchmark itself).
 */
const loadWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const http = require('node:http');
(async () => {
  const { url, seconds, connections } = workerData;
  const target = new URL(url);
  // Plain node:http with keep-alive, asking for gzip like a browser does and reading the bytes
  // without inflating them: a player's browser inflates on its own machine, not on the server's
  // cores, which fetch's inflating client would share with the server here.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = () => new Promise((resolve, reject) => {
    const request = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const begin = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        if ((await get()) !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - sent);
    }
  }));
  agent.destroy();
  parentPort.postMessage({ latencies, errors, elapsed: (performance.now() - begin) / 1000 });
})();
`;

async function load(path: string): Promise<Figures> {
  const worker = new Worker(loadWorkerSource, { eval: true, workerData: { url: `${emerald.url}${path}`, seconds: SECONDS, connections: CONNECTIONS } });
  const { latencies, errors, elapsed } = await new Promise<{ latencies: number[]; errors: number; elapsed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0) * 100) / 100;
  return { requestsPerSecond: Math.round(latencies.length / elapsed), p50Ms: at(0.5), p99Ms: at(0.99), requests: latencies.length, errors };
}

started = performance.now();
const cold = await fetch(`${emerald.url}/cms/wp-json/wp/v2/game?per_page=100&_embed`);
await cold.arrayBuffer();
const coldFirstPageMs = Math.round(performance.now() - started);
const total = Number(cold.headers.get('x-wp-total'));

// Warm-up, then the three runs.
await load('/ps/ping');
const baseline = await load('/ps/ping');
const firstPage = await load('/cms/wp-json/wp/v2/game?per_page=100&_embed');
const search = await load('/cms/wp-json/wp/v2/game?search=dragon&per_page=100');
await emerald.close();

const result = {
  games: GAMES,
  visibleToVisitors: total,
  connections: CONNECTIONS,
  seconds: SECONDS,
  driver: database.driver,
  generateMs,
  coldFirstPageMs,
  baseline,
  firstPage,
  search,
};
console.warn(`catalogue of ${GAMES} games (${total} visible to visitors) generated in ${generateMs} ms; cold first page ${coldFirstPageMs} ms`);
for (const [name, figures] of Object.entries({ baseline, firstPage, search })) {
  console.warn(
    `${name.padEnd(10)} ${String(figures.requestsPerSecond).padStart(6)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms  (${figures.requests} requests, ${figures.errors} errors)`,
  );
}
process.stdout.write(`${JSON.stringify({ logLevel: logging.level, logged: logging.describe(), ...result })}\n`);
