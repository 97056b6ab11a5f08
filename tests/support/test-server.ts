import type { KycStatus } from '../../contracts/platform/accounts/identity-gate';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { ConfigurationFields } from '../../contracts/content/configuration';
import type { Role } from '../../contracts/platform/check-session-alive';
import { loadConfig } from '../../server/config/env';
import { CONFIGURATION_TYPE } from '../../server/content/configuration/configuration.handler';
import { findPublishedPosts, upsertPost } from '../../server/content/content-posts.repository';
import { openPostgres, type Database, type Db } from '../../server/db/database';
import { mailOutbox, payment, player, playerCurrencyAccount } from '../../server/db/schema';
import { createLogger } from '../../server/logging/logger';
import { creditDeposit } from '../../server/platform/wallet/cashier-movements';
import { inTransaction } from '../../server/db/transaction';
import { createSession, SESSION_COOKIE, sessionPolicy } from '../../server/platform/session/session-store';
import { startEmerald, type RunningEmerald } from '../../server/start';
import { startProviderMode, type ProviderMode } from './payment-providers';
import { cloneTestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../..');

export interface TestServer extends RunningEmerald {
  db: Db;
  /** With TEST_PAYMENT_PROVIDERS: the provider simulators cards and e-wallets are routed to (tests/support/payment-providers.ts). */
  paymentProviders: ProviderMode | null;
  /** The database this node uses (its URL on PostgreSQL). */
  database: Database & { url?: string };
  /** Changes stored configuration fields (the maintenance marker, say) as an operator would. */
  updateConfiguration(fields: Partial<ConfigurationFields>): Promise<void>;
  /** E-mails sent to an address, oldest first. */
  outbox(recipient: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  /**
   * A player with the given roles and a live session; `cookie` is the session cookie to send.
   * kycStatus defaults to PASS; `currencies` creates currency accounts, the first primary.
   */
  createSignedInPlayer(options?: {
    roles?: Role[];
    username?: string;
    registrationStatus?: 'QUICK_REG' | 'PLAYER';
    kycStatus?: string;
    currencies?: string[];
  }): Promise<{ partyId: string; token: string; cookie: string }>;
  /**
   * Puts money in a player's cash balance as a successful card deposit would (a payment row and
   * the ledger's deposit movement); answers the payment id.
   */
  fundPlayer(partyId: string, amountMinor: bigint, currency?: string, options?: { at?: Date; methodCode?: string }): Promise<string>;
  /** The log lines written so far (only with `captureLogs`). */
  logs(): string;
  /**
   * The time this server checks staff TOTP codes at: the wall clock plus what the test moved it on
   * (`tests/support/back-office.ts` moves it a step on instead of waiting 30 s for the next one).
   */
  authenticatorClock: AuthenticatorClock;
}

export interface AuthenticatorClock {
  now(): Date;
  advance(milliseconds: number): void;
}

function authenticatorClock(): AuthenticatorClock {
  let ahead = 0;
  return {
    now: () => new Date(Date.now() + ahead),
    advance(milliseconds) {
      ahead += milliseconds;
    },
  };
}

export interface TestServerOptions {
  /** Keep the server's log lines (at debug level, with the production redaction) for `logs()`. */
  captureLogs?: boolean;
  /** The level captured logs start at (default debug); `/management/loggers` may change it later. */
  captureLogLevel?: 'trace' | 'debug' | 'info';
  /**
   * A second node on the first one's database: on PostgreSQL its own connection pool to the same
   * database, on PGlite the same embedded database (closed by the first node only).
   */
  sameDatabaseAs?: TestServer;
}

/** The real server on a database cloned from the test snapshot, listening on a free port. */
export async function startTestServer(environment: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const providerMode = await startProviderMode(environment);
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      LOG_FORMAT: 'json',
      SEED_DEMO_CONTENT: 'false',
      // TEST_WEB_DIST_DIR lets one checkout test two builds side by side (a build per work in progress).
      WEB_DIST_DIR: process.env.TEST_WEB_DIST_DIR ? path.resolve(root, process.env.TEST_WEB_DIST_DIR) : path.join(root, 'dist/web'),
      DATA_DIR: path.join(root, 'tests/.artifacts/unused-data'),
      // The features' own tests play as the demo players, who live in Ireland, where the law closes
      // loyalty, refer-a-friend and bonus offers (INDUCEMENTS_OFF defaults to IE): they run with
      // none closed, and the inducements tests ask for the legal default (`INDUCEMENTS_OFF: 'IE'`).
      INDUCEMENTS_OFF: '',
      // The monthly statements job would message the demo players (Irish) in the background of
      // unrelated tests; its own test runs it when it chooses.
      ACTIVITY_STATEMENTS_ENABLED: 'false',
      // The financial checks' job would ask the provider in the background of the tests that count
      // its calls; their test runs it when it chooses (the deposits' trigger still writes checks).
      FINANCIAL_CHECK_JOB_ENABLED: 'false',
      // Likewise the account-holder register's job; its own test runs it with an injected clock.
      ACCOUNT_REGISTER_ENABLED: 'false',
      // Likewise the daily GAMSTOP re-check; its tests run it when they choose.
      EXCLUSION_REGISTER_RECHECK_ENABLED: 'false',
      ...providerMode?.environment,
      ...environment,
    },
    root,
  );
  const database = options.sameDatabaseAs ? await secondNodeDatabase(options.sameDatabaseAs.database) : await cloneTestDatabase();
  const lines: string[] = [];
  const logger = options.captureLogs
    ? // The production logger itself (serializers, redaction, the line scrub) writing to memory, so a
      // test reads exactly what an operator's log would hold.
      createLogger(
        { LOG_LEVEL: options.captureLogLevel ?? 'debug', logFormat: 'json' },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString('utf8'));
            done();
          },
        }),
      )
    : createLogger({ LOG_LEVEL: config.LOG_LEVEL, logFormat: 'json' });
  // A second node checks codes at the first one's time: they share the members' used steps.
  const clock = options.sameDatabaseAs?.authenticatorClock ?? authenticatorClock();
  const emerald = await startEmerald(config, logger, database, { authenticatorTime: clock.now });
  providerMode?.listening(emerald.url);
  const db = database.db;
  let playerCount = 0;
  return {
    ...emerald,
    async close() {
      await emerald.close();
      await providerMode?.close();
    },
    paymentProviders: providerMode,
    db,
    database,
    authenticatorClock: clock,
    async updateConfiguration(fields) {
      const [current] = await findPublishedPosts(db, CONFIGURATION_TYPE, { lang: 'en' });
      await upsertPost(db, {
        type: CONFIGURATION_TYPE,
        slug: CONFIGURATION_TYPE,
        title: current?.title ?? 'Configuration',
        acf: { ...(current?.acf ?? {}), ...fields },
      });
    },
    outbox(recipient) {
      return db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(mailOutbox.id);
    },
    async createSignedInPlayer(options = {}) {
      playerCount += 1;
      const username = options.username ?? `player${playerCount}_${Date.now()}`;
      const [row] = await db
        .insert(player)
        .values({
          username,
          email: `${username}@example.test`,
          roles: options.roles ?? [],
          registrationStatus: options.registrationStatus ?? 'PLAYER',
          // A test may write a status the platform never does (an unknown one must keep the player out).
          kycStatus: (options.kycStatus ?? 'PASS') as KycStatus,
        })
        .returning();
      if (!row) throw new Error('player not created');
      if (options.currencies?.length) {
        await db.insert(playerCurrencyAccount).values(options.currencies.map((currency, index) => ({ playerId: row.id, currency, isPrimary: index === 0 })));
      }
      const token = await createSession(db, row.id, sessionPolicy(config));
      return { partyId: row.id, token, cookie: `${SESSION_COOKIE}=${token}` };
    },
    async fundPlayer(partyId, amountMinor, currency = 'EUR', fundOptions = {}) {
      const at = fundOptions.at ?? new Date();
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(payment)
          .values({
            playerId: partyId,
            requestId: `test-fund-${randomUUID()}`,
            requestHash: 'test-fund',
            type: 'DEPOSIT',
            methodCode: fundOptions.methodCode ?? 'WPCGHOSTED_CARD',
            provider: 'sandbox',
            currency,
            amount: amountMinor,
            status: 'SUCCESS',
            createdAt: at,
            updatedAt: at,
            completedAt: at,
          })
          .returning();
        if (!row) throw new Error('payment not created');
        const credit = await creditDeposit(tx, { paymentId: row.id, playerId: partyId, currency, amount: amountMinor });
        await tx.update(payment).set({ ledgerTransactionId: credit.transactionId }).where(eq(payment.id, row.id));
        return row.id;
      });
    },
    logs() {
      return lines.join('');
    },
  };
}

/** Another node's view of a test database: a pool of its own on PostgreSQL, the same instance on PGlite. */
async function secondNodeDatabase(first: Database & { url?: string }): Promise<Database & { url?: string }> {
  if (first.url) return { ...(await openPostgres(first.url, 4)), url: first.url };
  return { ...first, close: async () => undefined };
}
