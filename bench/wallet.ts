import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config/env';
import { auditLedger, auditProblems, createSeamlessWallet, DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET } from '../server/platform/wallet/index';
import { benchLogging } from './support/bench-logging';
import { startEmerald } from '../server/start';
import {
  figuresLine,
  fundedPlayers,
  halfLoadIntervalMs,
  LOAD_WORKER_PRELUDE,
  measure,
  measureInWorker,
  openBenchDatabase,
  POOL_SIZE,
  rawLedgerRounds,
  runEveryDriver,
  SECONDS,
  type Driver,
  type Figures,
} from './support/ledger-bench';

/**
 * Seamless-wallet throughput: 64 players each playing rounds of one debit (1.00) and one credit
 * (1.00) as fast as they can, through the signed HTTP API, next to two baselines measured in the
 * same run on the same database: the same seamless-wallet calls made in process (the ledger's own
 * cost, no HTTP), and raw SQL transactions doing the equivalent writes with the driver directly.
 * Then the same players offering half the API's measured capacity (each starting a round at a
 * fixed interval): the latency below saturation; at saturation a closed loop's latency is its
 * queue (64 players / calls per second). Then one player alone: a call when nothing queues.
 * On PGlite and, when reachable, on PostgreSQL (a fresh database, dropped at the end). The last
 * line is one JSON object with every figure.
 *
 *   npm run bench:wallet [-- --seconds 5] [--postgres postgres://postgres@127.0.0.1:5432/test] [--pool 10]
 */

/** Each simulated player plays rounds of a debit and a credit, signing its requests like a game provider. */
const loadWorkerSource = `${LOAD_WORKER_PRELUDE}
const { createHmac } = require('node:crypto');
const { provider, secret, prefix } = workerData;
let sequence = 0;
const call = async (operation, body) => {
  const text = JSON.stringify(body);
  const status = await post('/ps/wallet/' + operation, text, {
    'x-wallet-provider': provider,
    'x-wallet-signature': 'sha256=' + createHmac('sha256', secret).update(text).digest('hex'),
  });
  if (status !== 200) throw new Error('HTTP ' + status);
};
playAll(workerData.players, async (playerId) => {
  const id = prefix + '-' + (sequence += 1);
  const game = { playerId, currency: 'EUR', amount: 1, roundId: id, gameId: 'bench-slot' };
  await call('debit', { ...game, transactionId: id + '-d' });
  await call('credit', { ...game, transactionId: id + '-c' });
});
`;

/** `intervalMs` 0: every player plays rounds back to back (the capacity); else one round per player per interval. */
const measureApi = (url: string, seconds: number, playerIds: string[], prefix: string, intervalMs = 0) =>
  measureInWorker(loadWorkerSource, {
    url,
    seconds,
    players: playerIds,
    provider: DEVELOPMENT_PROVIDER_ID,
    secret: DEVELOPMENT_PROVIDER_SECRET,
    prefix,
    intervalMs,
  });

async function runOne(kind: Driver): Promise<Record<string, unknown>> {
  const { database, close } = await openBenchDatabase(kind);
  try {
    const { db } = database;
    const playerIds = await fundedPlayers(db, 100_000_000n);

    // Baseline 1: the same seamless-wallet calls, in process.
    const wallet = createSeamlessWallet(db);
    const ledgerRound = (tag: string) => async (playerId: string, sequence: number, calls: number[]) => {
      const game = { providerId: DEVELOPMENT_PROVIDER_ID, playerId, currency: 'EUR', amount: 100n, roundId: `${tag}-${sequence}`, gameId: 'bench-slot' };
      let sent = performance.now();
      await wallet.debit({ ...game, transactionId: `${tag}-${sequence}-d` });
      calls.push(performance.now() - sent);
      sent = performance.now();
      await wallet.credit({ ...game, transactionId: `${tag}-${sequence}-c` });
      calls.push(performance.now() - sent);
    };

    // Baseline 2: raw SQL transactions doing the same writes.
    const rawRound = await rawLedgerRounds(database, playerIds);

    const logging = benchLogging(`wallet-${kind}`);
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: logging.level,
      LOG_FORMAT: 'json',
      SERVE_WEB: 'false',
      SEED_DEMO_CONTENT: 'false',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
    });
    const emerald = await startEmerald(config, logging.logger, database);

    const warmUp = Math.min(2, SECONDS);
    await measure(warmUp, playerIds, rawRound('raw-warm'));
    const rawSql = await measure(SECONDS, playerIds, rawRound('raw'));
    await measure(warmUp, playerIds, ledgerRound('ledger-warm'));
    const ledger = await measure(SECONDS, playerIds, ledgerRound('ledger'));
    await measureApi(emerald.url, warmUp, playerIds, 'api-warm');
    const api = await measureApi(emerald.url, SECONDS, playerIds, 'api');
    // The same 64 players offering half that capacity: latency below saturation, where it is not queueing alone.
    const apiHalfLoad = await measureApi(emerald.url, SECONDS, playerIds, 'api-half', halfLoadIntervalMs(playerIds.length, api.roundsPerSecond));
    // One player alone: the latency of a call when nothing queues (on PostgreSQL mostly the commit's disk flush).
    const apiSinglePlayer = await measureApi(emerald.url, Math.min(3, SECONDS), playerIds.slice(0, 1), 'api-single');

    const problems = auditProblems(await auditLedger(db));
    await emerald.close();
    return {
      logLevel: logging.level,
      logged: logging.describe(),
      driver: kind,
      poolSize: kind === 'postgres' ? POOL_SIZE : 1,
      rawSql,
      ledger,
      api,
      apiHalfLoad,
      apiSinglePlayer,
      apiVsLedger: Math.round((api.roundsPerSecond / ledger.roundsPerSecond) * 100) / 100,
      apiVsRawSql: Math.round((api.roundsPerSecond / rawSql.roundsPerSecond) * 100) / 100,
      ledgerSound: problems.length === 0,
      ...(problems.length ? { problems } : {}),
    };
  } finally {
    await close();
  }
}

await runEveryDriver(import.meta.filename, { round: 'debit 1.00 + credit 1.00' }, runOne, (_kind, result) => [
  ...(['rawSql', 'ledger', 'api', 'apiHalfLoad', 'apiSinglePlayer'] as const).map((name) => figuresLine(name, result[name] as Figures)),
  `API / in-process ledger ${String(result.apiVsLedger)}, API / raw SQL ${String(result.apiVsRawSql)}; ledger invariants ${result.ledgerSound ? 'hold' : 'BROKEN'}`,
]);
