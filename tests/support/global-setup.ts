import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { seedDemoContentOnce } from '../../server/seed/seed';
import { databaseUrlFor, withAdminClient } from './test-database';

const artifacts = path.resolve(import.meta.dirname, '../.artifacts');

async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  await seedDemoContentOnce(database.db, pino({ level: 'silent' }));
}

/**
 * Migrates and seeds one database per test run; each test file then clones it (see
 * test-database.ts), because starting and migrating PGlite per test would take seconds each.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const templateName = `emerald_template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${templateName}"`));
    const template = await openPostgres(databaseUrlFor(serverUrl, templateName), 1);
    await migrateAndSeed(template);
    await template.close();
    project.provide('testDatabase', { kind: 'postgres', serverUrl, templateName });
    return async () => {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`));
    };
  }

  const snapshot = await openPglite();
  await migrateAndSeed(snapshot);
  if (!snapshot.dumpDataDir) throw new Error('the embedded database cannot be dumped');
  const dump = await snapshot.dumpDataDir();
  await snapshot.close();
  await mkdir(artifacts, { recursive: true });
  const snapshotFile = path.join(artifacts, `pglite-snapshot-${process.pid}.tar`);
  await writeFile(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', snapshotFile });
  return async () => {
    await import('node:fs/promises').then((fs) => fs.rm(snapshotFile, { force: true }));
  };
}
