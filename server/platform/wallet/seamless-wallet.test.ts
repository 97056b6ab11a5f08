import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedWalletPlayer } from '../../../tests/support/wallet-helpers';
import { openPglite, type Database, type Db } from '../../db/database';
import { walletTransaction } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { auditLedger, auditProblems } from './ledger-audit';
import { getPlayerBalance } from './ledger';
import { addMoneyPolicy } from '../../../tests/support/money-policies';
import type { PendingMovement } from './money-policy';
import { createSeamlessWallet, gameKey, SEAMLESS_ENTRY_KINDS, type SeamlessWallet } from './seamless-wallet';

let database: Database;
let db: Db;
let wallet: SeamlessWallet;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  db = database.db;
  wallet = createSeamlessWallet(db);
}, 60_000);
afterAll(() => database.close());

let sequence = 0;
const next = (prefix: string) => `${prefix}-${(sequence += 1)}`;

const newPlayer = (cash = 0n, bonus = 0n) => fundedWalletPlayer(db, next('wallet'), cash, bonus);

const call = (playerId: string, overrides: Partial<{ transactionId: string; amount: bigint; currency: string }> = {}) => ({
  providerId: 'emerald-studio',
  playerId,
  currency: 'EUR',
  amount: 100n,
  transactionId: next('tx'),
  roundId: next('round'),
  gameId: 'emerald-slot',
  ...overrides,
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function balance(playerId: string) {
  const { cash, bonus } = await getPlayerBalance(db, playerId, 'EUR');
  return { cash, bonus };
}

async function expectSoundLedger() {
  expect(auditProblems(await auditLedger(db))).toEqual([]);
}

describe('seamless wallet: debit', () => {
  it('takes cash first, then bonus, and records the split', async () => {
    const playerId = await newPlayer(300n, 500n);
    const outcome = await wallet.debit(call(playerId, { amount: 450n }));
    expect(outcome).toMatchObject({ replayed: false, cash: 0n, bonus: 350n });
    expect(await balance(playerId)).toEqual({ cash: 0n, bonus: 350n });
    const [row] = await db.select().from(walletTransaction).where(eq(walletTransaction.id, outcome.ledgerTransactionId));
    expect(row?.kind).toBe(SEAMLESS_ENTRY_KINDS.debit);
    expect(row?.metadata).toMatchObject({ split: { cash: '300', bonus: '150' } });
    await expectSoundLedger();
  });

  it('refuses a debit over cash + bonus with INSUFFICIENT_FUNDS and changes nothing', async () => {
    const playerId = await newPlayer(100n, 50n);
    const request = call(playerId, { amount: 151n });
    expect((await rejection(wallet.debit(request))).status).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(playerId)).toEqual({ cash: 100n, bonus: 50n });
    expect(
      await db
        .select()
        .from(walletTransaction)
        .where(eq(walletTransaction.idempotencyKey, gameKey('emerald-studio', request.transactionId))),
    ).toEqual([]);
  });

  it('applies the same transaction id once: a retry is a replay even after the balance has changed', async () => {
    const playerId = await newPlayer(100n);
    const request = call(playerId, { amount: 100n });
    const first = await wallet.debit(request);
    const again = await wallet.debit(request);
    expect(again).toMatchObject({ replayed: true, ledgerTransactionId: first.ledgerTransactionId, cash: 0n });
    expect(await balance(playerId)).toEqual({ cash: 0n, bonus: 0n });
  });

  it('refuses the same transaction id with a different body (IDEMPOTENCY_CONFLICT)', async () => {
    const playerId = await newPlayer(1_000n);
    const request = call(playerId, { amount: 100n });
    await wallet.debit(request);
    expect((await rejection(wallet.debit({ ...request, amount: 200n }))).status).toBe('IDEMPOTENCY_CONFLICT');
    expect((await rejection(wallet.credit({ ...request, amount: 100n }))).status).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balance(playerId)).toEqual({ cash: 900n, bonus: 0n });
  });

  it('answers NOT_FOUND for an unknown player', async () => {
    expect((await rejection(wallet.debit(call(randomUUID())))).status).toBe('NOT_FOUND');
    expect((await rejection(wallet.credit(call(randomUUID())))).status).toBe('NOT_FOUND');
  });
});

describe('seamless wallet: credit', () => {
  it('pays into cash', async () => {
    const playerId = await newPlayer(0n, 70n);
    const outcome = await wallet.credit(call(playerId, { amount: 250n }));
    expect(outcome).toMatchObject({ replayed: false, cash: 250n, bonus: 70n });
    expect(await balance(playerId)).toEqual({ cash: 250n, bonus: 70n });
    await expectSoundLedger();
  });

  it('records a zero credit (a lost round) and moves nothing; its id cannot be reused', async () => {
    const playerId = await newPlayer(10n);
    const request = call(playerId, { amount: 0n });
    const outcome = await wallet.credit(request);
    expect(outcome).toMatchObject({ replayed: false, cash: 10n });
    const stored = await db.select().from(walletTransaction).where(eq(walletTransaction.id, outcome.ledgerTransactionId));
    expect(stored[0]?.amount).toBe(0n);
    expect((await wallet.credit(request)).replayed).toBe(true);
    expect((await rejection(wallet.credit({ ...request, amount: 5n }))).status).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balance(playerId)).toEqual({ cash: 10n, bonus: 0n });
  });
});

describe('seamless wallet: rollback', () => {
  it('returns exactly what the debit took, each part to its own bucket', async () => {
    const playerId = await newPlayer(300n, 500n);
    const debit = call(playerId, { amount: 450n });
    await wallet.debit(debit);
    await wallet.credit(call(playerId, { amount: 20n }));
    const outcome = await wallet.rollback({ ...call(playerId), originalTransactionId: debit.transactionId });
    expect(outcome).toMatchObject({ replayed: false, cash: 320n, bonus: 500n });
    expect(await balance(playerId)).toEqual({ cash: 320n, bonus: 500n });
    await expectSoundLedger();
  });

  it('treats a second rollback of the same debit, under the same or another id, as a replay', async () => {
    const playerId = await newPlayer(100n);
    const debit = call(playerId, { amount: 60n });
    await wallet.debit(debit);
    const rollback = { ...call(playerId), originalTransactionId: debit.transactionId };
    const first = await wallet.rollback(rollback);
    const sameId = await wallet.rollback(rollback);
    const otherId = await wallet.rollback({ ...rollback, transactionId: next('tx') });
    expect(sameId).toMatchObject({ replayed: true, ledgerTransactionId: first.ledgerTransactionId });
    expect(otherId).toMatchObject({ replayed: true, ledgerTransactionId: first.ledgerTransactionId });
    expect(await balance(playerId)).toEqual({ cash: 100n, bonus: 0n });
  });

  it('answers TRANSACTION_NOT_FOUND for an unknown debit and refuses that debit when it arrives late', async () => {
    const playerId = await newPlayer(500n);
    const lateDebit = call(playerId, { amount: 100n });
    const rollback = { ...call(playerId), originalTransactionId: lateDebit.transactionId };
    expect((await rejection(wallet.rollback(rollback))).status).toBe('TRANSACTION_NOT_FOUND');
    // Retried, it answers the same.
    expect((await rejection(wallet.rollback(rollback))).status).toBe('TRANSACTION_NOT_FOUND');
    const refused = await rejection(wallet.debit(lateDebit));
    expect(refused.status).toBe('IDEMPOTENCY_CONFLICT');
    expect(refused.message).toMatch(/rolled back before it arrived/);
    expect(await balance(playerId)).toEqual({ cash: 500n, bonus: 0n });
    const [marker] = await db
      .select()
      .from(walletTransaction)
      .where(eq(walletTransaction.idempotencyKey, gameKey('emerald-studio', lateDebit.transactionId)));
    expect(marker?.kind).toBe(SEAMLESS_ENTRY_KINDS.cancelled);
  });

  it('refuses to roll back a credit, naming the field', async () => {
    const playerId = await newPlayer();
    const win = call(playerId, { amount: 40n });
    await wallet.credit(win);
    const error = await rejection(wallet.rollback({ ...call(playerId), originalTransactionId: win.transactionId }));
    expect(error.status).toBe('VALIDATION_ERROR');
    expect(error.errors?.[0]?.field).toBe('originalTransactionId');
    expect(await balance(playerId)).toEqual({ cash: 40n, bonus: 0n });
  });

  it("does not roll back another player's debit", async () => {
    const owner = await newPlayer(100n);
    const other = await newPlayer(100n);
    const debit = call(owner, { amount: 30n });
    await wallet.debit(debit);
    expect((await rejection(wallet.rollback({ ...call(other), originalTransactionId: debit.transactionId }))).status).toBe('TRANSACTION_NOT_FOUND');
    expect(await balance(owner)).toEqual({ cash: 70n, bonus: 0n });
    expect(await balance(other)).toEqual({ cash: 100n, bonus: 0n });
  });
});

describe('seamless wallet: money policies', () => {
  it('runs every policy inside the movement transaction, before posting, never for a replay', async () => {
    const seen: PendingMovement[] = [];
    const playerId = await newPlayer(100n, 100n);
    const remove = addMoneyPolicy(db, {
      name: 'observer',
      async before(tx, movement) {
        seen.push(movement);
        // The transaction id is already claimed inside this same transaction, and no money has moved.
        const rows = (await tx.execute(sql`SELECT kind FROM wallet_transaction WHERE id = ${movement.ledgerTransactionId}`)) as unknown as { rows: unknown[] };
        expect(rows.rows).toHaveLength(1);
        expect(await getPlayerBalance(tx, movement.playerId, movement.currency)).toMatchObject({
          cash: movement.balanceBefore?.CASH,
          bonus: movement.balanceBefore?.BONUS,
        });
      },
    });
    try {
      const debit = call(playerId, { amount: 150n });
      await wallet.debit(debit);
      await wallet.debit(debit);
      await wallet.credit(call(playerId, { amount: 10n }));
      await wallet.rollback({ ...call(playerId), originalTransactionId: debit.transactionId });
      expect(seen.map((movement) => [movement.kind, movement.amount, movement.buckets.CASH, movement.buckets.BONUS])).toEqual([
        ['bet', 150n, -100n, -50n],
        ['win', 10n, 10n, 0n],
        ['rollback', 150n, 100n, 50n],
      ]);
    } finally {
      remove();
    }
  });

  it('a policy that refuses rolls the whole movement back, transaction id included', async () => {
    const remove = addMoneyPolicy(db, {
      name: 'loss-limit',
      async before(_tx, movement) {
        if (movement.kind === 'bet' && movement.amount > 50n) throw new AppError('FORBIDDEN', 'Over the loss limit');
      },
    });
    const playerId = await newPlayer(100n);
    const debit = call(playerId, { amount: 60n });
    try {
      expect((await rejection(wallet.debit(debit))).status).toBe('FORBIDDEN');
      expect(await balance(playerId)).toEqual({ cash: 100n, bonus: 0n });
    } finally {
      remove();
    }
    // The id was not used up: the same debit passes once the policy is gone.
    expect((await wallet.debit(debit)).replayed).toBe(false);
    expect(await balance(playerId)).toEqual({ cash: 40n, bonus: 0n });
  });
});
