import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query interface every module uses; the same on PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DatabaseDriver;
  /** Runs the committed SQL migrations; safe to call from several nodes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to clone the database from. */
  dumpDataDir?(): Promise<Blob>;
  /** node-postgres only: the pool's size and use (the operations area's metrics). */
  poolUsage?(): { max: number; total: number; idle: number; waiting: number };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const INT8_OID = 20;
const MIGRATION_LOCK_ID = 7_301_955;

/** Embedded PostgreSQL (PGlite). `dataDir` undefined keeps the database in memory. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** A PostgreSQL server through node-postgres. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // Drizzle passes node-postgres' global parsers with every query, so int8 is set there.
  pg.types.setTypeParser(INT8_OID, (value: string) => BigInt(value));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server ends (a restart, a terminated backend) is taken out of the
  // pool and replaced on the next query; without a listener the event would end the process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`, { code: 'EMERALD_DB_CONNECTION_LOST' });
  });
  // Surface a wrong address or a missing database at start, not at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
    poolUsage: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export async function openDatabase(config: { DATABASE_URL?: string | undefined; DATABASE_POOL_SIZE: number; dataDir: string }): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

interface DriverClient {
  query(config: string | { name: string; text: string; values: unknown[] }, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The parameters of a statement built as text: `add` keeps a value and answers its placeholder
 * (`$n`, with an optional cast), so parts of one statement written in different modules number
 * their parameters in one sequence. Text built this way is the same on every call when only the
 * values change, as `executePrepared` needs.
 */
export class StatementParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(typeof value === 'bigint' ? String(value) : value instanceof Date ? value.toISOString() : value);
    return `$${this.values.length}${cast ? `::${cast}` : ''}`;
  }
}

/**
 * One hot statement, by name, with positional parameters ($1, $2, …), on `db` or inside the
 * transaction `db` stands for. On PostgreSQL it is a named prepared statement: each connection
 * parses and plans it once, not at every call (the money paths' statements are large enough for
 * planning to be a good part of their cost). PGlite runs it as an ordinary parameterised query.
 * int8 columns arrive as bigint, timestamps as Date, as everywhere else.
 */
export async function executePrepared<Row>(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { session: { client: DriverClient } }).session.client;
  // A pool, or a pooled connection holding a transaction (pool connections are pg.Client instances).
  const named = client instanceof pg.Pool || client instanceof pg.Client;
  const result = named ? await client.query({ name, text, values }) : await client.query(text, values);
  return result.rows as Row[];
}

export async function serverVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`SHOW server_version`);
  const row = (result as unknown as { rows: { server_version?: string; version?: string }[] }).rows[0];
  return String(row?.server_version ?? row?.version ?? 'unknown');
}

export { schema };
