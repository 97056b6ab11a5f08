import { sql } from 'drizzle-orm';
import { pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorUnits } from '../../server/db/columns';
import type { Database } from '../../server/db/database';
import { cloneTestDatabase } from '../support/test-database';

const moneyProbe = pgTable('money_probe', { id: serial('id').primaryKey(), amount: minorUnits('amount').notNull() });

describe('money columns on the configured driver', () => {
  let database: Database;
  beforeAll(async () => {
    database = await cloneTestDatabase();
    await database.db.execute(sql`CREATE TABLE money_probe (id serial PRIMARY KEY, amount bigint NOT NULL)`);
  });
  afterAll(() => database.close());

  it('reads a bigint minor-unit column back as a JS bigint, exactly, beyond 2^53', async () => {
    const amount = 9_007_199_254_740_993n;
    await database.db.insert(moneyProbe).values({ amount });
    const [row] = await database.db.select().from(moneyProbe);
    expect(typeof row?.amount).toBe('bigint');
    expect(row?.amount).toBe(amount);
  });

  it('reads raw int8 results as bigint too', async () => {
    const result = await database.db.execute<{ total: bigint }>(sql`SELECT SUM(amount)::bigint AS total FROM money_probe`);
    const rows = (result as unknown as { rows: { total: unknown }[] }).rows;
    expect(typeof rows[0]?.total).toBe('bigint');
  });
});
