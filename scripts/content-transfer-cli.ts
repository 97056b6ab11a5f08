import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config/env';
import { localUrl } from '../server/config/local-url';
import { openDatabase, type Database } from '../server/db/database';

/**
 * Opens the database for a content script. The embedded database (PGlite) allows one process per
 * data directory, so when the server is running on it the script refuses instead of corrupting it.
 */
export async function openContentDatabase(command: string): Promise<Database> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const running = await fetch(`${localUrl(config.HOST, config.PORT)}/management/health`, { signal: AbortSignal.timeout(2_000) })
      .then(() => true)
      .catch(() => false);
    if (running) {
      console.error(
        `${command}: the server is running on the embedded database (PGlite allows one process per data directory). Stop it first, or run Emerald on PostgreSQL (DATABASE_URL) to ${command.replace('content:', '')} while it runs.`,
      );
      process.exit(2);
    }
  }
  const database = await openDatabase(config);
  await database.migrate();
  return database;
}

export function directoryArgument(command: string): string {
  const directory = process.argv[2];
  if (!directory) {
    console.error(`usage: npm run ${command} <directory>`);
    process.exit(2);
  }
  return directory;
}
