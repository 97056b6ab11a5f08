import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/database';

/**
 * Columns that a request may change without changing anything a player or the business sees, each
 * with the reason. They are left out of the digest; every other column of every table is in it.
 */
export const columnsWrittenByEveryRequest: Record<string, { columns: string[]; why: string }> = {
  player_session: {
    columns: ['last_seen_at'],
    why: 'every signed-in request moves the idle timer of its session forward (SESSION_IDLE_TIMEOUT), whatever its input',
  },
};

// Both drivers answer raw SQL with `{ rows }`; the shared Db type does not say so.
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** One line per table: its name, row count and an MD5 over its rows (as JSON, in a fixed order). */
export type TableDigest = Record<string, string>;

/**
 * A digest of every table in the public schema, so a test can show that a request changed no row.
 * Rows are compared as JSON minus the columns in `columnsWrittenByEveryRequest`.
 */
export async function tableDigest(db: Db, exclude: Record<string, { columns: string[] }> = columnsWrittenByEveryRequest): Promise<TableDigest> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digest: TableDigest = {};
  for (const { table_name: table } of tables) {
    const dropped = exclude[table]?.columns ?? [];
    const row = sql.raw(dropped.length > 0 ? `(to_jsonb(t) - ARRAY[${dropped.map((column) => `'${column}'`).join(',')}]::text[])` : 'to_jsonb(t)');
    const [first] = await rowsOf<{ rows: string; hash: string | null }>(
      db,
      sql`SELECT count(*)::text AS rows, md5(string_agg(${row}::text, E'\n' ORDER BY ${row}::text)) AS hash FROM ${sql.identifier(table)} t`,
    );
    digest[table] = `${first?.rows ?? '0'} rows, ${first?.hash ?? 'empty'}`;
  }
  return digest;
}
