import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type Database, type Db } from '../../db/database';
import { player } from '../../db/schema';
import type { AppError } from '../../http/app-error';
import { creditDeposit } from './cashier-movements';
import { auditLedger, auditProblems } from './ledger-audit';
import { inTransaction } from '../../db/transaction';
import { BALANCE_CHANNEL, getPlayerBalance, lockPlayerAccounts, postMovement, type MovementRequest } from './ledger';

let database: Database;
let db: Db;
const notices: string[] = [];

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  db = database.db;
  await (db as unknown as { $client: PGlite }).$client.listen(BALANCE_CHANNEL, (payload) => notices.push(payload));
}, 60_000);
afterAll(() => database.close());
beforeEach(() => {
  notices.length = 0;
});

let sequence = 0;
async function newPlayer(): Promise<string> {
  sequence += 1;
  const [row] = await db
    .insert(player)
    .values({ username: `ledger${sequence}`, email: `ledger${sequence}@example.test` })
    .returning({ id: player.id });
  return row!.id;
}

const bet = (playerId: string, amount: bigint, key = randomUUID()): MovementRequest => ({
  idempotencyKey: key,
  kind: 'GAME_BET',
  playerId,
  currency: 'EUR',
  amount,
  postings: [
    { account: { playerId, bucket: 'CASH' }, amount: -amount },
    { account: { house: 'GAME' }, amount },
  ],
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('ledger: balance notices', () => {
  it('announces the player after the commit of a movement made through inTransaction, once per transaction', async () => {
    const playerId = await newPlayer();
    await inTransaction(db, async (tx) => {
      await creditDeposit(tx, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 500n });
      await creditDeposit(tx, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 500n });
      // Nothing is announced before the commit.
      expect(notices).toEqual([]);
    });
    await settled();
    expect(notices).toEqual([playerId]);
  });

  it('announces nothing for a rolled-back transaction or a replay', async () => {
    const playerId = await newPlayer();
    await inTransaction(db, (tx) => creditDeposit(tx, { paymentId: 'replayed-payment', playerId, currency: 'EUR', amount: 100n }));
    await settled();
    notices.length = 0;
    const refused = await inTransaction(db, (tx) => postMovement(tx, bet(playerId, 101n))).catch((error: unknown) => error);
    expect((refused as AppError).status).toBe('INSUFFICIENT_FUNDS');
    await inTransaction(db, (tx) => creditDeposit(tx, { paymentId: 'replayed-payment', playerId, currency: 'EUR', amount: 100n }));
    await settled();
    expect(notices).toEqual([]);
  });

  it('notifies inside a transaction opened without inTransaction, delivered at its commit only', async () => {
    const playerId = await newPlayer();
    await db.transaction(async (tx) => {
      await creditDeposit(tx as unknown as Db, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 300n });
    });
    expect(notices).toEqual([playerId]);
    notices.length = 0;
    await db
      .transaction(async (tx) => {
        await postMovement(tx as unknown as Db, bet(playerId, 100n));
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    await settled();
    expect(notices).toEqual([]);
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 300n });
  });
});

describe('ledger: the one-statement posting', () => {
  it('posts a movement on locked accounts in one statement with the same effect and the same refusals', async () => {
    const playerId = await newPlayer();
    await inTransaction(db, (tx) => creditDeposit(tx, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 1_000n }));
    const key = randomUUID();
    const first = await inTransaction(db, async (tx) => {
      await lockPlayerAccounts(tx, playerId, 'EUR');
      return postMovement(tx, bet(playerId, 400n, key));
    });
    const again = await inTransaction(db, async (tx) => {
      await lockPlayerAccounts(tx, playerId, 'EUR');
      return postMovement(tx, bet(playerId, 400n, key));
    });
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId });
    const conflict = await inTransaction(db, async (tx) => {
      await lockPlayerAccounts(tx, playerId, 'EUR');
      return postMovement(tx, bet(playerId, 401n, key));
    }).catch((error: unknown) => error);
    expect((conflict as AppError).status).toBe('IDEMPOTENCY_CONFLICT');
    const overdrawn = await inTransaction(db, async (tx) => {
      await lockPlayerAccounts(tx, playerId, 'EUR');
      return postMovement(tx, bet(playerId, 601n));
    }).catch((error: unknown) => error);
    expect((overdrawn as AppError).status).toBe('INSUFFICIENT_FUNDS');
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 600n });
    expect(auditProblems(await auditLedger(db))).toEqual([]);
  });
});
