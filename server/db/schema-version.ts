import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './database';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

let journal: JournalEntry[] | undefined;

/** The migrations this build carries (drizzle's journal), oldest first; read once. */
export function knownMigrations(): readonly JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

export interface SchemaVersion {
  /** How many migrations the database has applied. */
  applied: number;
  /** When the newest applied one was made (drizzle records the journal's `when`), or null for none. */
  newestApplied: number | null;
  /** This build's newest migration. */
  newestKnown: JournalEntry | undefined;
}

/** What the database has applied against what this build knows. A database never migrated has applied none. */
export async function schemaVersion(db: Db): Promise<SchemaVersion> {
  const known = knownMigrations();
  const newestKnown = known.at(-1);
  const exists = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  const present = (exists as unknown as { rows: { present: boolean }[] }).rows[0]?.present === true;
  if (!present) return { applied: 0, newestApplied: null, newestKnown };
  const result = await db.execute(sql`SELECT count(*)::int AS applied, max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`);
  const row = (result as unknown as { rows: { applied: number; newest: string | null }[] }).rows[0];
  return { applied: Number(row?.applied ?? 0), newestApplied: row?.newest ? Number(row.newest) : null, newestKnown };
}

/** Every migration this build knows is applied (drizzle applies them in order of `when`). */
export function isMigrated(version: SchemaVersion): boolean {
  if (!version.newestKnown) return true;
  return version.newestApplied !== null && version.newestApplied >= version.newestKnown.when;
}

/**
 * The database was migrated by a newer build: this one does not know its tables, and running on
 * them could write rows a newer column or constraint no longer means the same way.
 */
export function isNewerThanBuild(version: SchemaVersion): boolean {
  return version.newestApplied !== null && version.newestApplied > (version.newestKnown?.when ?? 0);
}

/** A schema this node must not run on; the message says what to do. */
export class SchemaMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaMismatchError';
  }
}

/**
 * Refuses a database migrated past this build (always), and one with migrations still to apply
 * when this node is not to apply them itself (`MIGRATE_ON_START=false`).
 */
export async function checkSchema(db: Db, options: { willMigrate: boolean }): Promise<void> {
  const version = await schemaVersion(db);
  const known = version.newestKnown?.tag ?? 'none';
  if (isNewerThanBuild(version)) {
    throw new SchemaMismatchError(
      `The database has a migration newer than this build knows (newest applied made at ${new Date(version.newestApplied!).toISOString()}; this build's newest is ${known}). ` +
        'Start a build at least as new as the one that migrated it.',
    );
  }
  if (!options.willMigrate && !isMigrated(version)) {
    throw new SchemaMismatchError(
      `The database lacks migrations this build needs (${version.applied} applied; this build's newest is ${known}). Run \`npm run db:migrate\` first, or start with MIGRATE_ON_START=true.`,
    );
  }
}
