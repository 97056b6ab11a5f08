import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres, type Database } from '../../server/db/database';
import { and, eq, sql } from 'drizzle-orm';
import { payment, player, storedCard } from '../../server/db/schema';
import { startAdyenSimulator } from '../../server/sandbox/adyen';
import { startStripeSimulator } from '../../server/sandbox/stripe';
import { creditDeposit } from '../../server/platform/wallet/cashier-movements';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { inTransaction } from '../../server/db/transaction';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { signWalletBody } from '../../server/platform/wallet/provider-signature';
import { SEAMLESS_ENTRY_KINDS, gameKey, gameRollbackKey } from '../../server/platform/wallet/seamless-wallet';
import {
  createCashierPlayers,
  openPayments,
  randomCashierKind,
  runCashierOperation,
  verifyCashier,
  type CashierOperation,
  type CashierProviders,
} from './cashier-load';

/**
 * Crash test of the wallet (npm run test:crash): the real server as a child process on
 * PostgreSQL, under load from many players (debits, credits, rollbacks, each with its own
 * transaction id), is killed with SIGKILL at random moments and restarted; every request whose
 * answer was lost is sent again with the same id and body until it gets one. At the end every
 * acknowledged movement must be in the ledger exactly once, under the ledger transaction it was
 * acknowledged with, nothing unacknowledged may have been applied twice, refused requests must
 * have left nothing, each player's balance must equal the sum of what was acknowledged, and the
 * ledger's invariants must hold.
 *
 * The cashier runs under the same kills (issue 11, defect 1; cashier-load.ts): deposits by card,
 * bank (OMEGA_BANK), e-wallet and crypto and withdrawals by card, bank and e-wallet are in flight
 * at each kill. With a short reconcile interval, afterwards every payment the provider took must
 * be credited or paid out exactly once, none twice, and none left open past the interval.
 *
 * With `--providers stripe,adyen` (issue 31) cards are routed to the Stripe adapter and e-wallets
 * to the Adyen adapter, each against its simulator in this process: the simulators outlive the
 * kills, retry their webhooks (back-off capped at 2 s, as the providers keep retrying for
 * hours), send some twice and some late (so out of order), and their books are what "the
 * provider took it" means in the check.
 *
 * It runs on PostgreSQL only: PGlite does not flush commits to disk, so a kill may lose
 * acknowledged commits by design (it is not for real money). The database is created for the
 * run and dropped afterwards.
 *
 *   npm run test:crash [-- --crashes 6] [--players 40] [--clients 32] [--cashier-players 8] [--cashier-clients 6] [--providers stripe,adyen]
 *   CRASH_DATABASE_URL=postgres://user@host:5432/postgres npm run test:crash
 */
const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback);
const CRASHES = option('--crashes', 6);
const PLAYERS = option('--players', 40);
const CLIENTS = option('--clients', 32);
const CASHIER_PLAYERS = option('--cashier-players', 8);
const CASHIER_CLIENTS = option('--cashier-clients', 10);
const PROVIDERS = args.includes('--providers') ? (args[args.indexOf('--providers') + 1] ?? '') : '';
if (PROVIDERS && PROVIDERS !== 'stripe,adyen') {
  console.error(`--providers takes stripe,adyen (cards on Stripe, e-wallets on Adyen), not "${PROVIDERS}"`);
  process.exit(2);
}
/** The reconcile interval the server runs with: open payments must be settled soon after it. */
const RECONCILE_INTERVAL_MS = 2_000;
const START_BALANCE = 10_000n;
const serverUrl = process.env.CRASH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROVIDER = 'crash-studio';
const SECRET = randomBytes(24).toString('hex');

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomInt = (below: number) => Math.floor(Math.random() * below);

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The server process

interface Server {
  child: ChildProcess;
  exited: Promise<void>;
}

/** The simulators' keys: generated per run, given to both sides. */
const STRIPE_KEYS = { secretKey: `sk_test_crash_${randomBytes(12).toString('hex')}`, signingSecret: `whsec_crash_${randomBytes(16).toString('hex')}` };
const ADYEN_KEYS = { apiKey: `crash_${randomBytes(12).toString('hex')}`, merchantAccount: 'EmeraldCrashTest', hmacKey: randomBytes(32).toString('hex') };

/** The server's settings that route cards to the Stripe simulator and e-wallets to the Adyen simulator. */
function providerEnvironment(providers: CashierProviders | undefined): Record<string, string> {
  if (!providers) return {};
  return {
    PAYMENT_ROUTING: 'WPCGHOSTED_CARD=stripe,MONEYBOOKERS=adyen,NETELLER=adyen',
    STRIPE_SECRET_KEY: STRIPE_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRETS: STRIPE_KEYS.signingSecret,
    STRIPE_API_URL: providers.stripe.url,
    ADYEN_API_KEY: ADYEN_KEYS.apiKey,
    ADYEN_MERCHANT_ACCOUNT: ADYEN_KEYS.merchantAccount,
    ADYEN_HMAC_KEYS: ADYEN_KEYS.hmacKey,
    ADYEN_API_URL: providers.adyen.url,
  };
}

function startServer(port: number, url: string, providers?: CashierProviders): Server {
  // node --import tsx (not the tsx launcher) so that the PID killed is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '10',
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      SEED_DEMO_CONTENT: 'false',
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'json',
      WALLET_PROVIDER_SECRETS: `${PROVIDER}:${SECRET}`,
      PAYMENT_RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS),
      SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '500',
      ...providerEnvironment(providers),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    if (errors.trim()) console.warn(`server stderr: ${errors.trim().split('\n').slice(-3).join(' | ')}`);
  });
  return { child, exited };
}

async function waitUntilReady(port: number, server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const ok = await new Promise<boolean>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/ps/ping', timeout: 1_000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on('error', () => resolve(false));
      request.on('timeout', () => request.destroy());
    });
    if (ok) return;
    await sleep(100);
  }
  throw new Error(exited ? 'the server exited while starting' : 'the server did not start within 60 s');
}

/** The card a player's first Stripe deposit was paid with, once it is credited (withdrawals go back to it). */
async function firstStripeCard(database: Database, playerId: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = await database.db
      .select({ storedCardId: payment.storedCardId })
      .from(payment)
      .innerJoin(storedCard, eq(storedCard.id, payment.storedCardId))
      .where(and(eq(payment.playerId, playerId), eq(payment.provider, 'stripe'), eq(payment.status, 'SUCCESS')))
      .limit(1);
    if (row?.storedCardId) return row.storedCardId;
    await sleep(200);
  }
  throw new Error(`player ${playerId}: the first Stripe card deposit was not credited within 30 s`);
}

// ---------------------------------------------------------------------------------------------
// The load

type Outcome = { kind: 'pending' } | { kind: 'acknowledged'; ledgerTransactionId: string; replayed: boolean } | { kind: 'refused'; status: string };

interface Operation {
  operation: 'debit' | 'credit' | 'rollback';
  playerId: string;
  transactionId: string;
  /** Minor units (debit, credit); the debit's amount for a rollback. */
  amount: bigint;
  body: string;
  /** For a rollback: the debit it cancels. */
  original?: Operation;
  outcome: Outcome;
  /** Times the answer was lost (the connection dropped) and the request was sent again. */
  retries: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function send(port: number, operation: Operation): Promise<{ status: number; body: Record<string, unknown> } | 'lost'> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/ps/wallet/${operation.operation}`,
        method: 'POST',
        agent,
        timeout: 15_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(operation.body),
          'x-wallet-provider': PROVIDER,
          'x-wallet-signature': signWalletBody(SECRET, operation.body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            resolve('lost');
          }
        });
        response.on('error', () => resolve('lost'));
      },
    );
    request.on('error', () => resolve('lost'));
    request.on('timeout', () => request.destroy());
    request.end(operation.body);
  });
}

/** Sends until the server gives a definitive answer; a dropped connection means "in doubt: send again". */
async function settle(port: () => number, operation: Operation): Promise<void> {
  for (;;) {
    const answer = await send(port(), operation);
    if (answer === 'lost' || answer.status >= 500) {
      operation.retries += 1;
      await sleep(50 + randomInt(200));
      continue;
    }
    if (answer.status === 200) {
      operation.outcome = { kind: 'acknowledged', ledgerTransactionId: String(answer.body.ledgerTransactionId), replayed: answer.body.replayed === true };
    } else {
      operation.outcome = { kind: 'refused', status: String(answer.body.status) };
    }
    return;
  }
}

/** Debits sent so far, per player, for rollbacks to pick from. */
const debitsByPlayer = new Map<string, Operation[]>();

function newOperation(playerIds: string[], sequence: number): Operation {
  const playerId = playerIds[randomInt(playerIds.length)]!;
  const roundId = `round-${sequence}`;
  const roll = Math.random();
  const sentDebits = debitsByPlayer.get(playerId) ?? [];
  if (roll < 0.15 && sentDebits.length > 0) {
    // Cancels a debit that was sent, whatever became of it (acknowledged, still in doubt, refused).
    const original = sentDebits[randomInt(sentDebits.length)]!;
    const transactionId = `rb-${sequence}`;
    const body = JSON.stringify({ playerId, transactionId, originalTransactionId: original.transactionId, roundId, gameId: 'crash-slot' });
    return { operation: 'rollback', playerId, transactionId, amount: original.amount, body, original, outcome: { kind: 'pending' }, retries: 0 };
  }
  const operation = roll < 0.6 ? 'debit' : 'credit';
  const amount = BigInt(50 + randomInt(450));
  const transactionId = `${operation === 'debit' ? 'd' : 'c'}-${sequence}`;
  const body = JSON.stringify({ playerId, currency: 'EUR', amount: Number(amount) / 100, transactionId, roundId, gameId: 'crash-slot' });
  const created: Operation = { operation, playerId, transactionId, amount, body, outcome: { kind: 'pending' }, retries: 0 };
  if (operation === 'debit') debitsByPlayer.set(playerId, [...sentDebits, created]);
  return created;
}

// ---------------------------------------------------------------------------------------------
// The check

async function verify(database: Database, playerIds: string[], operations: Operation[]): Promise<string[]> {
  const problems: string[] = [];
  const { db } = database;
  const rows = (
    (await db.execute(sql`SELECT id, idempotency_key, kind FROM wallet_transaction WHERE idempotency_key LIKE ${`game%:${PROVIDER}:%`}`)) as unknown as {
      rows: { id: bigint; idempotency_key: string; kind: string }[];
    }
  ).rows;
  const byKey = new Map<string, { id: string; kind: string; count: number }>();
  for (const row of rows) {
    const seen = byKey.get(row.idempotency_key);
    byKey.set(row.idempotency_key, { id: String(row.id), kind: row.kind, count: (seen?.count ?? 0) + 1 });
  }
  for (const [key, row] of byKey) if (row.count > 1) problems.push(`key ${key} applied ${row.count} times`);

  const expected = new Map(playerIds.map((playerId) => [playerId, START_BALANCE]));
  const add = (playerId: string, delta: bigint) => expected.set(playerId, (expected.get(playerId) ?? 0n) + delta);
  const rolledBack = new Set<Operation>();
  const explained = new Set<string>();
  for (const operation of operations) {
    const key = operation.operation === 'rollback' ? gameRollbackKey(PROVIDER, operation.original!.transactionId) : gameKey(PROVIDER, operation.transactionId);
    const stored = byKey.get(key);
    if (operation.outcome.kind === 'pending') {
      problems.push(`${operation.transactionId} never got an answer`);
      continue;
    }
    if (operation.outcome.kind === 'acknowledged') {
      explained.add(key);
      if (!stored) problems.push(`${operation.operation} ${operation.transactionId} was acknowledged but is not in the ledger`);
      else if (stored.id !== operation.outcome.ledgerTransactionId)
        problems.push(`${operation.transactionId} acknowledged as ledger transaction ${operation.outcome.ledgerTransactionId} but stored as ${stored.id}`);
      if (operation.operation === 'debit') add(operation.playerId, -operation.amount);
      if (operation.operation === 'credit') add(operation.playerId, operation.amount);
      if (operation.operation === 'rollback') rolledBack.add(operation.original!);
      continue;
    }
    // Refused: the request left nothing behind, except the cancellation marker of a debit rolled back before it arrived.
    const { status } = operation.outcome;
    if (operation.operation === 'debit' && status === 'INSUFFICIENT_FUNDS' && stored)
      problems.push(`refused debit ${operation.transactionId} is in the ledger`);
    if (operation.operation === 'debit' && status === 'IDEMPOTENCY_CONFLICT') {
      if (stored?.kind !== SEAMLESS_ENTRY_KINDS.cancelled)
        problems.push(`debit ${operation.transactionId} refused as a conflict without a cancellation marker`);
      explained.add(key);
    }
    if (operation.operation === 'rollback' && status === 'TRANSACTION_NOT_FOUND') {
      const marker = byKey.get(gameKey(PROVIDER, operation.original!.transactionId));
      if (marker?.kind !== SEAMLESS_ENTRY_KINDS.cancelled)
        problems.push(`rollback ${operation.transactionId} answered TRANSACTION_NOT_FOUND but no marker cancels ${operation.original!.transactionId}`);
      explained.add(gameKey(PROVIDER, operation.original!.transactionId));
    }
    if (!['INSUFFICIENT_FUNDS', 'IDEMPOTENCY_CONFLICT', 'TRANSACTION_NOT_FOUND'].includes(status))
      problems.push(`${operation.transactionId} refused with ${status}`);
  }
  for (const debit of rolledBack) if (debit.outcome.kind === 'acknowledged') add(debit.playerId, debit.amount);
  // Rolled back debits whose own answer was a refusal cannot have been applied: their id holds a marker.
  for (const debit of rolledBack)
    if (debit.outcome.kind !== 'acknowledged') problems.push(`rollback acknowledged for debit ${debit.transactionId}, which was never applied`);
  for (const key of byKey.keys()) if (!explained.has(key)) problems.push(`ledger transaction ${key} matches no acknowledged request`);

  for (const playerId of playerIds) {
    const balance = await getPlayerBalance(db, playerId, 'EUR');
    if (balance.cash !== expected.get(playerId))
      problems.push(`player ${playerId}: cash ${balance.cash}, expected ${expected.get(playerId)} from the acknowledged movements`);
  }
  problems.push(...auditProblems(await auditLedger(db)));
  return problems;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  try {
    await admin((client) => client.query('SELECT 1'));
  } catch (error) {
    console.warn(
      `wallet crash test skipped: PostgreSQL is not reachable at ${new URL(serverUrl).host} (${error instanceof Error ? error.message : String(error)}).`,
    );
    console.warn('It needs PostgreSQL (PGlite does not flush commits to disk); set CRASH_DATABASE_URL or DATABASE_URL.');
    return 0;
  }
  const name = `emerald_crash_${process.pid}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(name);
  let database: Database | undefined;
  let server: Server | undefined;
  let providers: CashierProviders | undefined;
  try {
    database = await openPostgres(url, 4);
    (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => undefined);
    await database.migrate();
    const players = await database.db
      .insert(player)
      .values(Array.from({ length: PLAYERS }, (_, index) => ({ username: `crash${index}`, email: `crash${index}@example.test` })))
      .returning({ id: player.id });
    const playerIds = players.map((row) => row.id);
    for (const playerId of playerIds)
      await inTransaction(database.db, (tx) => creditDeposit(tx, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: START_BALANCE }));

    const cashierPlayers = await createCashierPlayers(database, CASHIER_PLAYERS, PROVIDERS !== '');

    const port = await freePort();
    if (PROVIDERS) {
      // Retried until answered (every 2 s at most, for minutes: longer than any restart), some twice, some late.
      const sending = { retryBaseMs: 200, retryCapMs: 2_000, maxAttempts: 120, duplicateEvery: 3, lateEvery: 4, lateMs: 700 };
      providers = {
        stripe: await startStripeSimulator({ ...STRIPE_KEYS, ...sending, webhookUrl: `http://127.0.0.1:${port}/ps/cashier/webhook/stripe` }),
        adyen: await startAdyenSimulator({ ...ADYEN_KEYS, ...sending, webhookUrl: `http://127.0.0.1:${port}/ps/cashier/webhook/adyen` }),
      };
    }
    server = startServer(port, url, providers);
    await waitUntilReady(port, server);
    console.warn(
      `[${elapsed()}] server up on PostgreSQL database ${name}${providers ? ', cards on the Stripe simulator, e-wallets on the Adyen simulator' : ''}; ${PLAYERS} players, ${CLIENTS} clients, ${CASHIER_PLAYERS} cashier players, ${CASHIER_CLIENTS} cashier clients, ${CRASHES} crashes`,
    );

    // Each cashier player first deposits from each instrument, so that withdrawals may go back to them (closed loop).
    const cashierOperations: CashierOperation[] = [];
    await Promise.all(
      cashierPlayers.map(async (who) => {
        for (const kind of ['deposit-card', 'deposit-bank', 'deposit-ewallet'] as const)
          await runCashierOperation(() => port, who, kind, cashierOperations, { amount: 200, providers, succeed: true });
      }),
    );
    // With Stripe the card is kept from the player's first card payment, once Stripe's webhook (or the reconciler) has settled it.
    if (providers) await Promise.all(cashierPlayers.map(async (who) => (who.cardId = await firstStripeCard(database!, who.id))));

    const operations: Operation[] = [];
    let sequence = 0;
    let generating = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (generating) {
        const operation = newOperation(playerIds, (sequence += 1));
        operations.push(operation);
        await settle(() => port, operation);
      }
    });

    const cashierClients = Array.from({ length: CASHIER_CLIENTS }, async () => {
      while (generating)
        await runCashierOperation(
          () => port,
          cashierPlayers[Math.floor(Math.random() * cashierPlayers.length)]!,
          randomCashierKind(providers !== undefined),
          cashierOperations,
          {
            providers,
          },
        );
    });

    let crashes = 0;
    while (crashes < CRASHES) {
      await sleep(700 + randomInt(1_800));
      const inFlight = operations.filter((operation) => operation.outcome.kind === 'pending').length;
      const cashierInFlight = cashierOperations.filter((operation) => operation.outcome === 'pending').map((operation) => operation.kind);
      server.child.kill('SIGKILL');
      await server.exited;
      crashes += 1;
      console.warn(
        `[${elapsed()}] kill -9 #${crashes} with ${inFlight} requests in flight (${operations.length} sent so far) and cashier operations ${cashierInFlight.join(', ') || 'none'}`,
      );
      await sleep(randomInt(400));
      server = startServer(port, url, providers);
      await waitUntilReady(port, server);
    }
    await sleep(1_500);
    generating = false;
    await Promise.all([...clients, ...cashierClients]);
    // The server runs on: webhooks are delivered and what is still open is reconciled within the interval.
    const deadline = Date.now() + 4 * RECONCILE_INTERVAL_MS + 10_000;
    while ((await openPayments(database)) > 0 && Date.now() < deadline) await sleep(250);
    console.warn(`[${elapsed()}] load stopped; ${await openPayments(database)} payments still open`);
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;

    const problems = [...(await verify(database, playerIds, operations)), ...(await verifyCashier(database, cashierPlayers, cashierOperations, providers))];
    const count = (predicate: (operation: Operation) => boolean) => operations.filter(predicate).length;
    const audit = await auditLedger(database.db);
    console.warn(
      `[${elapsed()}] ${operations.length} requests: ${count((o) => o.outcome.kind === 'acknowledged')} acknowledged, ${count((o) => o.outcome.kind === 'refused')} refused`,
    );
    console.warn(
      `  ${count((o) => o.retries > 0)} answers were lost to a crash and sent again (${operations.reduce((sum, o) => sum + o.retries, 0)} resends); ${count((o) => o.retries > 0 && o.outcome.kind === 'acknowledged' && o.outcome.replayed)} of them had been applied before the crash (replays)`,
    );
    const cashierCount = (predicate: (operation: CashierOperation) => boolean) => cashierOperations.filter(predicate).length;
    console.warn(
      `  cashier: ${cashierOperations.length} operations (${['deposit-card', 'deposit-bank', 'deposit-ewallet', 'deposit-crypto', 'withdraw-card', 'withdraw-bank', 'withdraw-ewallet'].map((kind) => `${kind} ${cashierCount((o) => o.kind === kind)}`).join(', ')}); ${cashierCount((o) => o.outcome === 'refused')} refused; ${cashierCount((o) => o.retries > 0)} sent again after a lost answer`,
    );
    console.warn(`  ledger: ${audit.transactions} transactions, ${audit.entries} entries`);
    if (providers) {
      const tally = (values: string[]) =>
        Object.entries(values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {}))
          .map(([value, n]) => `${n} ${value}`)
          .join(', ');
      const unanswered = (deliveries: { status: number }[]) => deliveries.filter((delivery) => delivery.status < 200 || delivery.status >= 300).length;
      const { stripe, adyen } = providers;
      console.warn(
        `  stripe: PaymentIntents ${tally(stripe.paymentIntents().map((intent) => intent.status))}; refunds ${tally(stripe.refunds().map((refund) => refund.status)) || 'none'}; ${stripe.events.length} events in ${stripe.deliveries.length} deliveries, ${unanswered(stripe.deliveries)} unanswered (server down) and retried`,
      );
      console.warn(
        `  adyen: payments ${tally(adyen.payments().map((record) => record.status))}; payouts ${tally(adyen.payouts.map((record) => record.status)) || 'none'}; ${adyen.notifications.length} notifications in ${adyen.deliveries.length} deliveries, ${unanswered(adyen.deliveries)} unanswered (server down) and retried`,
      );
    }
    if (problems.length > 0) {
      console.error(`wallet crash test FAILED after ${elapsed()}:`);
      for (const problem of problems.slice(0, 30)) console.error(`  - ${problem}`);
      return 1;
    }
    console.warn(
      `wallet crash test passed in ${elapsed()}: ${CRASHES} kill -9 restarts; every acknowledged movement applied exactly once, nothing else applied, balances = acknowledged movements, ledger invariants hold; every payment the provider took credited or paid out exactly once, none open past the reconcile interval.`,
    );
    return 0;
  } finally {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    agent.destroy();
    await providers?.stripe.close();
    await providers?.adyen.close();
    await database?.close().catch(() => undefined);
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch((error: unknown) =>
      console.warn(`could not drop ${name}: ${String(error)}`),
    );
  }
}

process.exitCode = await main();
