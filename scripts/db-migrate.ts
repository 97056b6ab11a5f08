import { existsSync } from 'node:fs';
import { ConfigurationError, loadConfig } from '../server/config/env';
import { openDatabase } from '../server/db/database';
import { checkSchema, SchemaMismatchError, schemaVersion } from '../server/db/schema-version';

/**
 * `npm run db:migrate`: applies this build's committed migrations to the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR) and exits: the step a rollout runs once
 * before starting nodes with MIGRATE_ON_START=false. Safe beside running nodes and other runs (on
 * PostgreSQL under the same advisory lock as a node's own start); a database migrated by a newer
 * build is refused, not touched.
 */
if (existsSync('.env')) process.loadEnvFile('.env');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigurationError) {
    console.error(`Cannot migrate.\n${error.message}`);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(config);
let exitCode = 0;
try {
  await checkSchema(database.db, { willMigrate: true });
  const before = await schemaVersion(database.db);
  await database.migrate();
  const after = await schemaVersion(database.db);
  console.log(
    `Migrations: ${after.applied - before.applied} applied now, ${after.applied} in all (newest ${after.newestKnown?.tag ?? 'none'}) on ${database.driver}.`,
  );
} catch (error) {
  console.error(error instanceof SchemaMismatchError ? `Cannot migrate. ${error.message}` : error);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
