import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/env';
import { checkSchema, knownMigrations, SchemaMismatchError, schemaVersion } from '../../server/db/schema-version';
import { createLogger } from '../../server/logging/logger';
import { startEmerald } from '../../server/start';
import { cloneTestDatabase } from '../support/test-database';

/**
 * Issue 32, "Workers and migrations": migrations run by their own command before a rollout, and a
 * node refuses to start on a schema it does not know (a newer build migrated the database).
 */
const root = path.resolve(import.meta.dirname, '../..');
const config = (environment: Record<string, string> = {}) =>
  loadConfig(
    {
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO_CONTENT: 'false',
      SERVE_WEB: 'false',
      DATA_DIR: path.join(root, 'tests/.artifacts/unused-data'),
      ...environment,
    },
    root,
  );
const logger = createLogger({ LOG_LEVEL: 'silent', logFormat: 'json' });

describe('the schema a node starts on (issue 32)', () => {
  it('knows the test database: every migration of its journal applied, none newer', async () => {
    const database = await cloneTestDatabase();
    try {
      const version = await schemaVersion(database.db);
      expect(version.applied).toBe(knownMigrations().length);
      expect(version.newestApplied).toBe(knownMigrations().at(-1)!.when);
      await expect(checkSchema(database.db, { willMigrate: false })).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('refuses to start on a database a newer build migrated, saying so', async () => {
    const database = await cloneTestDatabase();
    const newer = knownMigrations().at(-1)!.when + 86_400_000;
    await database.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('a-newer-build', ${newer})`);
    const refusal = await startEmerald(config(), logger, database).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SchemaMismatchError);
    expect((refusal as Error).message).toContain('newer than this build knows');
    expect((refusal as Error).message).toContain(knownMigrations().at(-1)!.tag);
  });

  it('with MIGRATE_ON_START=false, refuses a database still missing migrations and names the command to run', async () => {
    const database = await cloneTestDatabase();
    const newest = knownMigrations().at(-1)!;
    // As if the newest migration had not run yet (its record only: the check reads the record).
    await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest.when}`);
    const refusal = await startEmerald(config({ MIGRATE_ON_START: 'false' }), logger, database).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SchemaMismatchError);
    expect((refusal as Error).message).toContain('npm run db:migrate');
  });
});
