import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/database';

export type TestDatabaseSource = { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; serverUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, cloned from the migrated and seeded snapshot that the
 * global setup made: PGlite loads the snapshot's data directory, PostgreSQL copies a template
 * database. Closing a PostgreSQL clone drops it.
 */
export async function cloneTestDatabase(): Promise<Database & { url?: string }> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const snapshot = await readFile(source.snapshotFile);
    return openPglite({ loadDataDir: new Blob([snapshot]) });
  }
  const name = `emerald_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(source.serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${source.templateName}"`));
  const url = databaseUrlFor(source.serverUrl, name);
  const database = await openPostgres(url, 4);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await withAdminClient(source.serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
