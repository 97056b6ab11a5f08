import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../server/config/env';
import { openPglite, openPostgres, type Database } from '../server/db/database';
import { player } from '../server/db/schema';
import { creditDeposit } from '../server/platform/wallet/cashier-movements';
import { auditLedger, auditProblems } from '../server/platform/wallet/ledger-audit';
import { inTransaction } from '../server/platform/wallet/ledger';
import { DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET } from '../server/platform/wallet/provider-signature';
import { createSeamlessWallet } from '../server/platform/wallet/seamless-wallet';
import { startEmerald } from '../server/start';

/**
 * Seamless-wallet throughput: 64 players each playing rounds of one debit (1.00) and one credit
 * (1.00) as fast as they can, through the signed HTTP API, next to two baselines measured in the
 * same run on the same database: the same seamless-wallet calls made in process (the ledger's own
 * cost, no HTTP), and raw SQL transactions doing the equivalent writes with the driver directly.
 * Then one player alone through the API: the latency of a call when nothing queues.
 * On PGlite and, when reachable, on PostgreSQL (a fresh database, dropped at the end). The last
 * line is one JSON object with every figure.
 *
 *   npm run bench:wallet [-- --seconds 5] [--postgres postgres://postgres@127.0.0.1:5432/test] [--pool 10]
 */
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SECONDS = Math.min(60, Math.max(1, Number(option('--seconds')) || 5));
const POSTGRES_URL = option('--postgres') ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POOL_SIZE = Math.max(1, Number(option('--pool')) || 10);
const PLAYERS = 64;
const driver = option('--driver') as 'pglite' | 'postgres' | undefined;

interface Figures {
  roundsPerSecond: number;
  rounds: number;
  errors: number;
  /** One round: a debit then a credit. */
  p50RoundMs: number;
  p99RoundMs: number;
  /** One wallet call. */
  p50CallMs: number;
  p99CallMs: number;
}

const percentile = (sorted: number[], share: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0) * 100) / 100;

function figures(rounds: number[], calls: number[], errors: number, elapsedSeconds: number): Figures {
  rounds.sort((a, b) => a - b);
  calls.sort((a, b) => a - b);
  return {
    roundsPerSecond: Math.round(rounds.length / elapsedSeconds),
    rounds: rounds.length,
    errors,
    p50RoundMs: percentile(rounds, 0.5),
    p99RoundMs: percentile(rounds, 0.99),
    p50CallMs: percentile(calls, 0.5),
    p99CallMs: percentile(calls, 0.99),
  };
}

/** Runs `round` for every player in parallel until the time is up. */
async function measure(seconds: number, playerIds: string[], round: (playerId: string, sequence: number, calls: number[]) => Promise<void>): Promise<Figures> {
  const rounds: number[] = [];
  const calls: number[] = [];
  let errors = 0;
  let sequence = 0;
  const begin = performance.now();
  const until = begin + seconds * 1000;
  await Promise.all(
    playerIds.map(async (playerId) => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await round(playerId, (sequence += 1), calls);
          rounds.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return figures(rounds, calls, errors, (performance.now() - begin) / 1000);
}

/**
 * The HTTP load runs on its own thread, so the clients do not share the server's event loop.
 * Each simulated player signs its requests like a game provider.
 */
const loadWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { createHmac } = require('node:crypto');
const http = require('node:http');
(async () => {
  const { url, seconds, players, provider, secret, prefix } = workerData;
  const target = new URL(url);
  // Plain node:http with keep-alive: lighter on the CPU than fetch, which the server shares.
  const agent = new http.Agent({ keepAlive: true, maxSockets: players.length });
  const rounds = [];
  const calls = [];
  let errors = 0;
  let sequence = 0;
  const post = (path, text, headers) => new Promise((resolve, reject) => {
    const request = http.request({ host: target.hostname, port: target.port, path, method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(text);
  });
  const call = async (operation, body) => {
    const text = JSON.stringify(body);
    const sent = performance.now();
    const status = await post('/ps/wallet/' + operation, text, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-wallet-provider': provider,
      'x-wallet-signature': 'sha256=' + createHmac('sha256', secret).update(text).digest('hex'),
    });
    calls.push(performance.now() - sent);
    if (status !== 200) throw new Error('HTTP ' + status);
  };
  const begin = performance.now();
  const until = begin + seconds * 1000;
  await Promise.all(players.map(async (playerId) => {
    while (performance.now() < until) {
      const started = performance.now();
      const id = prefix + '-' + (sequence += 1);
      const game = { playerId, currency: 'EUR', amount: 1, roundId: id, gameId: 'bench-slot' };
      try {
        await call('debit', { ...game, transactionId: id + '-d' });
        await call('credit', { ...game, transactionId: id + '-c' });
        rounds.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  }));
  agent.destroy();
  parentPort.postMessage({ rounds, calls, errors, elapsed: (performance.now() - begin) / 1000 });
})();
`;

async function measureApi(url: string, seconds: number, playerIds: string[], prefix: string): Promise<Figures> {
  const worker = new Worker(loadWorkerSource, {
    eval: true,
    workerData: { url, seconds, players: playerIds, provider: DEVELOPMENT_PROVIDER_ID, secret: DEVELOPMENT_PROVIDER_SECRET, prefix },
  });
  const result = await new Promise<{ rounds: number[]; calls: number[]; errors: number; elapsed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return figures(result.rounds, result.calls, result.errors, result.elapsed);
}

/** The same two writes as a debit and a credit, as plain SQL transactions on the driver itself. */
interface RawSql {
  transaction(statements: (run: (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<void>): Promise<void>;
}

function rawSqlOn(database: Database): RawSql {
  if (database.driver === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      transaction: (statements) =>
        client.transaction(async (tx) => {
          await statements(async (text, values) => (await tx.query<Record<string, unknown>>(text, values)).rows);
        }),
    };
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return {
    async transaction(statements) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await statements(async (text, values) => (await client.query(text, values)).rows as Record<string, unknown>[]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

async function rawMovement(raw: RawSql, key: string, playerAccount: bigint, gameAccount: bigint, playerId: string, amount: bigint): Promise<void> {
  await raw.transaction(async (run) => {
    const [transaction] = await run(
      `INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount) VALUES ($1, $2, 'RAW', $3, 'EUR', $4)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [key, key, playerId, String(amount < 0n ? -amount : amount)],
    );
    const [account] = await run('UPDATE wallet_account SET balance = balance + $1 WHERE id = $2 RETURNING balance', [String(amount), String(playerAccount)]);
    await run('INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4), ($1, $5, $6, NULL)', [
      String(transaction?.id),
      String(playerAccount),
      String(amount),
      String(account?.balance),
      String(gameAccount),
      String(-amount),
    ]);
  });
}

async function runOne(kind: 'pglite' | 'postgres'): Promise<Record<string, unknown>> {
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'pglite') {
    database = await openPglite();
  } else {
    const name = `emerald_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), POOL_SIZE);
    // Dropping the database at the end ends the pool's connections from the server side.
    (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => undefined);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  try {
    await database.migrate();
    const { db } = database;
    const players = await db
      .insert(player)
      .values(Array.from({ length: PLAYERS }, (_, index) => ({ username: `bench${index}`, email: `bench${index}@example.test` })))
      .returning({ id: player.id });
    const playerIds = players.map((row) => row.id);
    for (const playerId of playerIds) await inTransaction(db, (tx) => creditDeposit(tx, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 100_000_000n }));

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
    const raw = rawSqlOn(database);
    const accountRows = (await db.execute(
      sql`SELECT id, player_id FROM wallet_account WHERE (player_id IS NOT NULL AND bucket = 'CASH' AND currency = 'EUR') OR (house = 'GAME' AND currency = 'EUR')`,
    )) as unknown as { rows: { id: bigint; player_id: string | null }[] };
    const gameAccount = BigInt(accountRows.rows.find((row) => row.player_id === null)!.id);
    const cashAccount = new Map(accountRows.rows.filter((row) => row.player_id).map((row) => [row.player_id!, BigInt(row.id)]));
    const rawRound = (tag: string) => async (playerId: string, sequence: number, calls: number[]) => {
      let sent = performance.now();
      await rawMovement(raw, `${tag}-${sequence}-d`, cashAccount.get(playerId)!, gameAccount, playerId, -100n);
      calls.push(performance.now() - sent);
      sent = performance.now();
      await rawMovement(raw, `${tag}-${sequence}-c`, cashAccount.get(playerId)!, gameAccount, playerId, 100n);
      calls.push(performance.now() - sent);
    };

    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', LOG_FORMAT: 'json', SERVE_WEB: 'false', SEED_DEMO_CONTENT: 'false', DATABASE_POOL_SIZE: String(POOL_SIZE) });
    const emerald = await startEmerald(config, pino({ level: 'silent' }), database);

    const warmUp = Math.min(2, SECONDS);
    await measure(warmUp, playerIds, rawRound('raw-warm'));
    const rawSql = await measure(SECONDS, playerIds, rawRound('raw'));
    await measure(warmUp, playerIds, ledgerRound('ledger-warm'));
    const ledger = await measure(SECONDS, playerIds, ledgerRound('ledger'));
    await measureApi(emerald.url, warmUp, playerIds, 'api-warm');
    const api = await measureApi(emerald.url, SECONDS, playerIds, 'api');
    // One player alone: the latency of a call when nothing queues (on PostgreSQL mostly the commit's disk flush).
    const apiSinglePlayer = await measureApi(emerald.url, Math.min(3, SECONDS), playerIds.slice(0, 1), 'api-single');

    const problems = auditProblems(await auditLedger(db));
    await emerald.close();
    return {
      driver: kind,
      poolSize: kind === 'postgres' ? POOL_SIZE : 1,
      rawSql,
      ledger,
      api,
      apiSinglePlayer,
      apiVsLedger: Math.round((api.roundsPerSecond / ledger.roundsPerSecond) * 100) / 100,
      apiVsRawSql: Math.round((api.roundsPerSecond / rawSql.roundsPerSecond) * 100) / 100,
      ledgerSound: problems.length === 0,
      ...(problems.length ? { problems } : {}),
    };
  } finally {
    await database.close().catch(() => undefined);
    await dropDatabase?.();
  }
}

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (driver) {
  // One driver per process: each measures a fresh server and database.
  process.stdout.write(`${JSON.stringify(await runOne(driver))}\n`);
  process.exit(0);
}

const results: Record<string, unknown> = { players: PLAYERS, seconds: SECONDS, round: 'debit 1.00 + credit 1.00' };
const unreachable = await postgresReachable();
for (const kind of ['pglite', 'postgres'] as const) {
  if (kind === 'postgres' && unreachable) {
    console.warn(`PostgreSQL at ${new URL(POSTGRES_URL).host} is not reachable (${unreachable}); skipping it.`);
    results.postgres = { skipped: unreachable };
    continue;
  }
  const child = spawnSync(path.join(import.meta.dirname, '../node_modules/.bin/tsx'), [import.meta.filename, ...args, '--driver', kind], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`the ${kind} run failed (exit ${child.status})`);
  const figuresOf = JSON.parse(last) as Record<string, Figures | number | boolean | string>;
  results[kind] = figuresOf;
  console.warn(`\n${kind}${kind === 'postgres' ? ` (pool ${String(figuresOf.poolSize)})` : ''}: ${PLAYERS} players, ${SECONDS} s each, rounds of debit + credit`);
  for (const name of ['rawSql', 'ledger', 'api', 'apiSinglePlayer'] as const) {
    const value = figuresOf[name] as Figures;
    console.warn(
      `  ${name.padEnd(15)} ${String(value.roundsPerSecond).padStart(6)} rounds/s  round p50 ${value.p50RoundMs} ms p99 ${value.p99RoundMs} ms  call p50 ${value.p50CallMs} ms p99 ${value.p99CallMs} ms  (${value.rounds} rounds, ${value.errors} errors)`,
    );
  }
  console.warn(`  API / in-process ledger ${String(figuresOf.apiVsLedger)}, API / raw SQL ${String(figuresOf.apiVsRawSql)}; ledger invariants ${figuresOf.ledgerSound ? 'hold' : 'BROKEN'}`);
}
process.stdout.write(`${JSON.stringify(results)}\n`);
