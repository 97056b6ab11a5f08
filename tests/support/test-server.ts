import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { ConfigurationFields } from '../../contracts/content/configuration';
import type { Role } from '../../contracts/platform/check-session-alive';
import { loadConfig } from '../../server/config/env';
import { CONFIGURATION_TYPE } from '../../server/content/configuration/configuration.handler';
import { findPublishedPosts, upsertPost } from '../../server/content/content-posts.repository';
import type { Db } from '../../server/db/database';
import { mailOutbox, player } from '../../server/db/schema';
import { createSession, SESSION_COOKIE, sessionPolicy } from '../../server/platform/session/session-store';
import { startEmerald, type RunningEmerald } from '../../server/start';
import { cloneTestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../..');

export interface TestServer extends RunningEmerald {
  db: Db;
  /** Changes stored configuration fields (the maintenance marker, say) as an operator would. */
  updateConfiguration(fields: Partial<ConfigurationFields>): Promise<void>;
  /** E-mails sent to an address, oldest first. */
  outbox(recipient: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  /** A player with the given roles and a live session; `cookie` is the session cookie to send. */
  createSignedInPlayer(options?: { roles?: Role[]; username?: string; registrationStatus?: 'QUICK_REG' | 'PLAYER' }): Promise<{ partyId: string; token: string; cookie: string }>;
}

/** The real server on a database cloned from the test snapshot, listening on a free port. */
export async function startTestServer(environment: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      LOG_FORMAT: 'json',
      SEED_DEMO_CONTENT: 'false',
      WEB_DIST_DIR: path.join(root, 'dist/web'),
      DATA_DIR: path.join(root, 'tests/.artifacts/unused-data'),
      ...environment,
    },
    root,
  );
  const database = await cloneTestDatabase();
  const emerald = await startEmerald(config, pino({ level: config.LOG_LEVEL }), database);
  const db = database.db;
  let playerCount = 0;
  return {
    ...emerald,
    db,
    async updateConfiguration(fields) {
      const [current] = await findPublishedPosts(db, CONFIGURATION_TYPE);
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
          kycStatus: 'PASS',
        })
        .returning();
      if (!row) throw new Error('player not created');
      const token = await createSession(db, row.id, sessionPolicy(config));
      return { partyId: row.id, token, cookie: `${SESSION_COOKIE}=${token}` };
    },
  };
}
