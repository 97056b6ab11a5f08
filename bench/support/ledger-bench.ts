import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type Db } from '../../server/db/database';
import { player } from '../../server/db/schema';
import { inTransaction } from '../../server/db/transaction';
import { creditDeposit } from '../../server/platform/wallet/index';

/**
 * What the ledger benches share: the command line, a fresh database per driver (PGlite, and
 * PostgreSQL when reachable), funded players, the closed-loop measurement (every player plays
 * rounds back to back), the raw-SQL baseline (the same writes as a game debit and credit as plain
 * transactions on the driver itself) and the run of each driver in a process of its own.
 */

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
export const SECONDS = Math.min(60, Math.max(1, Number(option('--seconds')) || 5));
export const POSTGRES_URL = option('--postgres') ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const POOL_SIZE = Math.max(1, Number(option('--pool')) || 10);
export const PLAYERS = 64;
const driver = option('--driver') as Driver | undefined;
export type Driver = 'pglite' | 'postgres';

export interface Figures {
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

export const percentile = (sorted: number[], share: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0) * 100) / 100;

export function figures(rounds: number[], calls: number[], errors: number, elapsedSeconds: number): Figures {
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
export async function measure(
  seconds: number,
  playerIds: string[],
  round: (playerId: string, sequence: number, calls: number[]) => Promise<void>,
): Promise<Figures> {
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

/** The interval at which each of `players` starts a round so that together they offer half of `roundsPerSecond`. */
export const halfLoadIntervalMs = (players: number, roundsPerSecond: number) => Math.round((players * 1000) / Math.max(1, roundsPerSecond / 2));

/**
 * The start of a load generator's source (it runs on its own thread, so the clients do not share
 * the server's event loop): `post(path, text, headers)` answers the status and records the call's
 * latency; `playAll(players, round)` has every player play `round(player)` back to back — or, with
 * `workerData.intervalMs`, start one every interval from a random offset, idling in between —
 * until `workerData.seconds` are up, then reports the figures to the parent.
 */
export const LOAD_WORKER_PRELUDE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const http = require('node:http');
const target = new URL(workerData.url);
// Plain node:http with keep-alive: lighter on the CPU than fetch, which the server shares.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const calls = [];
const post = (path, text, headers) => new Promise((resolve, reject) => {
  const sent = performance.now();
  const request = http.request({ host: target.hostname, port: target.port, path, method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers } }, (response) => {
    response.resume();
    response.on('end', () => { calls.push(performance.now() - sent); resolve(response.statusCode); });
    response.on('error', reject);
  });
  request.on('error', reject);
  request.end(text);
});
async function playAll(players, round) {
  const { seconds, intervalMs = 0 } = workerData;
  const rounds = [];
  let errors = 0;
  const begin = performance.now();
  const until = begin + seconds * 1000;
  await Promise.all(players.map(async (player) => {
    let next = begin + Math.random() * intervalMs - intervalMs;
    while (performance.now() < until) {
      if (intervalMs > 0) {
        next = Math.max(next + intervalMs, performance.now());
        await new Promise((resolve) => setTimeout(resolve, next - performance.now()));
        if (performance.now() >= until) break;
      }
      const started = performance.now();
      try {
        await round(player);
        rounds.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  }));
  agent.destroy();
  parentPort.postMessage({ rounds, calls, errors, elapsed: (performance.now() - begin) / 1000 });
}
`;

/** Runs a load generator on its own thread (so clients do not share the server's event loop) and answers its figures. */
export async function measureInWorker(source: string, workerData: Record<string, unknown>): Promise<Figures> {
  const worker = new Worker(source, { eval: true, workerData });
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

/**
 * Baseline: for each player, rounds of the raw debit and credit of 1.00 on the player's CASH and
 * the house GAME account, each write a transaction of its own.
 */
export async function rawLedgerRounds(
  database: Database,
  playerIds: string[],
): Promise<(tag: string) => (playerId: string, sequence: number, calls: number[]) => Promise<void>> {
  const raw = rawSqlOn(database);
  const accountRows = (await database.db.execute(
    sql`SELECT id, player_id FROM wallet_account WHERE (player_id IS NOT NULL AND bucket = 'CASH' AND currency = 'EUR') OR (house = 'GAME' AND currency = 'EUR')`,
  )) as unknown as { rows: { id: bigint; player_id: string | null }[] };
  const gameAccount = BigInt(accountRows.rows.find((row) => row.player_id === null)!.id);
  const cashAccount = new Map(accountRows.rows.filter((row) => row.player_id).map((row) => [row.player_id!, BigInt(row.id)]));
  for (const playerId of playerIds) if (!cashAccount.has(playerId)) throw new Error(`player ${playerId} has no cash account`);
  return (tag) => async (playerId, sequence, calls) => {
    let sent = performance.now();
    await rawMovement(raw, `${tag}-${sequence}-d`, cashAccount.get(playerId)!, gameAccount, playerId, -100n);
    calls.push(performance.now() - sent);
    sent = performance.now();
    await rawMovement(raw, `${tag}-${sequence}-c`, cashAccount.get(playerId)!, gameAccount, playerId, 100n);
    calls.push(performance.now() - sent);
  };
}

/** A fresh database: PGlite in memory, or a new PostgreSQL database dropped by `close`. Migrated. */
export async function openBenchDatabase(kind: Driver): Promise<{ database: Database; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openPglite();
    await database.migrate();
    return { database, close: () => database.close().catch(() => undefined) };
  }
  const name = `emerald_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), POOL_SIZE);
  // Dropping the database at the end ends the pool's connections from the server side.
  (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => undefined);
  await database.migrate();
  return {
    database,
    async close() {
      await database.close().catch(() => undefined);
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** PLAYERS players, each with `amount` minor units of EUR cash from a deposit. */
export async function fundedPlayers(db: Db, amount: bigint, values: Partial<typeof player.$inferInsert> = {}): Promise<string[]> {
  const rows = await db
    .insert(player)
    .values(Array.from({ length: PLAYERS }, (_, index) => ({ username: `bench${index}`, email: `bench${index}@example.test`, ...values })))
    .returning({ id: player.id });
  const playerIds = rows.map((row) => row.id);
  for (const playerId of playerIds) await inTransaction(db, (tx) => creditDeposit(tx, { paymentId: randomUUID(), playerId, currency: 'EUR', amount }));
  return playerIds;
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

/**
 * Runs `runOne` for each driver in a process of its own (a fresh server and database each),
 * prints a summary per driver to stderr and, last, one JSON object with every figure to stdout.
 */
export async function runEveryDriver(
  filename: string,
  header: Record<string, unknown>,
  runOne: (kind: Driver) => Promise<Record<string, unknown>>,
  summary: (kind: Driver, figures: Record<string, unknown>) => string[],
): Promise<void> {
  if (driver) {
    process.stdout.write(`${JSON.stringify(await runOne(driver))}\n`);
    process.exit(0);
  }
  const results: Record<string, unknown> = { players: PLAYERS, seconds: SECONDS, ...header };
  const unreachable = await postgresReachable();
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && unreachable) {
      console.warn(`PostgreSQL at ${new URL(POSTGRES_URL).host} is not reachable (${unreachable}); skipping it.`);
      results.postgres = { skipped: unreachable };
      continue;
    }
    const child = spawnSync(path.join(import.meta.dirname, '../../node_modules/.bin/tsx'), [filename, ...args, '--driver', kind], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 1024 * 1024,
    });
    const last = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !last.startsWith('{')) throw new Error(`the ${kind} run failed (exit ${child.status})`);
    const figuresOf = JSON.parse(last) as Record<string, unknown>;
    results[kind] = figuresOf;
    console.warn(`\n${kind}${kind === 'postgres' ? ` (pool ${String(figuresOf.poolSize)})` : ''}: ${PLAYERS} players, ${SECONDS} s each`);
    for (const line of summary(kind, figuresOf)) console.warn(`  ${line}`);
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

/** One line of figures for the summary. */
export function figuresLine(name: string, value: Figures, call = 'call'): string {
  return `${name.padEnd(15)} ${String(value.roundsPerSecond).padStart(6)} rounds/s  round p50 ${value.p50RoundMs} ms p99 ${value.p99RoundMs} ms  ${call} p50 ${value.p50CallMs} ms p99 ${value.p99CallMs} ms  (${value.rounds} rounds, ${value.errors} errors)`;
}
