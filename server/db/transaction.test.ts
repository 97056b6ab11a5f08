import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database, type Db } from './database';
import { afterCommit, inOpenTransaction, inTransaction } from './transaction';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openPglite();
  db = database.db;
}, 60_000);
afterAll(() => database.close());

describe('inTransaction and afterCommit', () => {
  it('runs a hook once the transaction has committed, with the handle it was opened on', async () => {
    const seen: { during: boolean; handle: Db | null } = { during: false, handle: null };
    let ran = 0;
    await inTransaction(db, async (tx) => {
      expect(inOpenTransaction(tx)).toBe(true);
      afterCommit(tx, (handle) => {
        ran += 1;
        seen.handle = handle;
      });
      await tx.execute(sql`SELECT 1`);
      seen.during = ran > 0;
    });
    expect(seen.during).toBe(false);
    expect(ran).toBe(1);
    expect(seen.handle).toBe(db);
  });

  it('never runs the hooks of a transaction that rolls back', async () => {
    let ran = 0;
    await expect(
      inTransaction(db, async (tx) => {
        afterCommit(tx, () => (ran += 1));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toBe(0);
  });

  it('holds a savepoint’s hooks for the outer commit, and drops those of a savepoint rolled back', async () => {
    const order: string[] = [];
    await inTransaction(db, async (tx) => {
      await inTransaction(tx, async (inner) => {
        afterCommit(inner, () => order.push('kept savepoint'));
      });
      expect(order).toEqual([]);
      await inTransaction(tx, async (inner) => {
        afterCommit(inner, () => order.push('rolled-back savepoint'));
        throw new Error('inner refused');
      }).catch(() => undefined);
      afterCommit(tx, () => order.push('outer'));
    });
    expect(order).toEqual(['kept savepoint', 'outer']);
  });

  it('runs a hook at once on the database itself, outside any transaction', () => {
    let ran = 0;
    expect(inOpenTransaction(db)).toBe(false);
    afterCommit(db, () => (ran += 1));
    expect(ran).toBe(1);
  });

  it('reports a failing hook instead of failing the committed work', async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on('warning', listen);
    try {
      const answer = await inTransaction(db, async (tx) => {
        afterCommit(tx, () => {
          throw new Error('notice not sent');
        });
        return 'done';
      });
      expect(answer).toBe('done');
      await expect.poll(() => warnings.map((warning) => warning.message)).toContain('notice not sent');
    } finally {
      process.off('warning', listen);
    }
  });
});
