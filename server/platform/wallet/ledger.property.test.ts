import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database, type Db } from '../../db/database';
import { player } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { creditDeposit, reserveWithdrawal, returnWithdrawal, settleWithdrawalPayout, type PaymentMovement } from './cashier-movements';
import { auditLedger, auditProblems } from './ledger-audit';
import { inTransaction } from '../../db/transaction';
import { getPlayerBalances, postMovementNow, type Bucket, type MovementRequest } from './ledger';
import { createSeamlessWallet, type GameDebit, type SeamlessWallet } from './seamless-wallet';

/**
 * Property: whatever sequence of deposits, withdrawals (reserve, payout, return), bonus grants,
 * bets, wins, rollbacks, replays, conflicting replays and over-balance debits happens, after every
 * step the ledger balances (every transaction sums to zero, every bounded account's balance is the
 * sum of its entries, no balance below zero) and each player's buckets equal a plain model.
 */

const PLAYERS = 3;
const currencies = ['EUR', 'GBP'] as const;
type Currency = (typeof currencies)[number];

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

const amount = fc.bigInt({ min: 1n, max: 5_000n });
const who = fc.nat({ max: PLAYERS - 1 });
const currency = fc.constantFrom(...currencies);
const pick = fc.nat({ max: 1_000 });

type Command =
  | { type: 'deposit'; who: number; currency: Currency; amount: bigint }
  | { type: 'bonus'; who: number; currency: Currency; amount: bigint }
  | { type: 'reserve'; who: number; currency: Currency; amount: bigint }
  | { type: 'payout'; pick: number }
  | { type: 'return'; pick: number }
  | { type: 'bet'; who: number; currency: Currency; amount: bigint }
  | { type: 'overdraw'; who: number; currency: Currency; extra: bigint }
  | { type: 'win'; who: number; currency: Currency; amount: bigint }
  | { type: 'rollback'; pick: number; newId: boolean }
  | { type: 'rollbackUnknown'; who: number; lateDebit: boolean }
  | { type: 'replay'; pick: number }
  | { type: 'conflict'; pick: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('deposit' as const), who, currency, amount }), weight: 4 },
  { arbitrary: fc.record({ type: fc.constant('bonus' as const), who, currency, amount }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('reserve' as const), who, currency, amount }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('payout' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ type: fc.constant('return' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ type: fc.constant('bet' as const), who, currency, amount }), weight: 5 },
  { arbitrary: fc.record({ type: fc.constant('overdraw' as const), who, currency, extra: amount }), weight: 1 },
  { arbitrary: fc.record({ type: fc.constant('win' as const), who, currency, amount: fc.bigInt({ min: 0n, max: 5_000n }) }), weight: 3 },
  { arbitrary: fc.record({ type: fc.constant('rollback' as const), pick, newId: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('rollbackUnknown' as const), who, lateDebit: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ type: fc.constant('replay' as const), pick }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('conflict' as const), pick }), weight: 1 },
);

/** The expected state: each player's buckets per currency, plus what withdrawals hold. */
class Model {
  readonly buckets = new Map<string, bigint>();
  readonly pendingWithdrawals: (PaymentMovement & { settledBy: 'payout' | 'return' | null })[] = [];
  readonly debits: { request: GameDebit; cash: bigint; bonus: bigint; rolledBack: boolean }[] = [];
  /** Successful calls that can be sent again with the same key and body. */
  readonly replayable: { send: () => Promise<unknown>; conflicting: () => Promise<unknown> }[] = [];

  constructor(readonly players: string[]) {}

  get(playerId: string, currency: string, bucket: Bucket): bigint {
    return this.buckets.get(`${playerId}:${currency}:${bucket}`) ?? 0n;
  }

  add(playerId: string, currency: string, bucket: Bucket, delta: bigint): void {
    const next = this.get(playerId, currency, bucket) + delta;
    if (next < 0n) throw new Error('the model went negative: the test itself is wrong');
    this.buckets.set(`${playerId}:${currency}:${bucket}`, next);
  }
}

async function expectRefused(promise: Promise<unknown>, status: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected ${status}`).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${(sequence += 1)}`;

async function newPlayers(): Promise<string[]> {
  const rows = await db
    .insert(player)
    .values(Array.from({ length: PLAYERS }, () => nextId('prop')).map((name) => ({ username: name, email: `${name}@example.test` })))
    .returning({ id: player.id });
  return rows.map((row) => row.id);
}

/** How often each command ran, to check that the generator reaches every one. */
const applied = new Map<Command['type'], number>();

async function apply(model: Model, step: Command): Promise<void> {
  applied.set(step.type, (applied.get(step.type) ?? 0) + 1);
  const game = (playerId: string, cur: string, value: bigint) => ({
    providerId: 'emerald-studio',
    playerId,
    currency: cur,
    amount: value,
    transactionId: nextId('tx'),
    roundId: nextId('round'),
    gameId: 'property-slot',
  });
  switch (step.type) {
    case 'deposit': {
      const playerId = model.players[step.who]!;
      const movement = { paymentId: randomUUID(), playerId, currency: step.currency, amount: step.amount };
      await inTransaction(db, (tx) => creditDeposit(tx, movement));
      model.add(playerId, step.currency, 'CASH', step.amount);
      model.replayable.push({
        send: () => inTransaction(db, (tx) => creditDeposit(tx, movement)),
        conflicting: () => inTransaction(db, (tx) => creditDeposit(tx, { ...movement, amount: movement.amount + 1n })),
      });
      return;
    }
    case 'bonus': {
      const playerId = model.players[step.who]!;
      const request: MovementRequest = {
        idempotencyKey: nextId('bonus-grant'),
        kind: 'BONUS_GRANT',
        playerId,
        currency: step.currency,
        amount: step.amount,
        postings: [
          { account: { house: 'BONUS_COST' }, amount: -step.amount },
          { account: { playerId, bucket: 'BONUS' }, amount: step.amount },
        ],
      };
      await postMovementNow(db, request);
      model.add(playerId, step.currency, 'BONUS', step.amount);
      model.replayable.push({ send: () => postMovementNow(db, request), conflicting: () => postMovementNow(db, { ...request, amount: request.amount + 1n }) });
      return;
    }
    case 'reserve': {
      const playerId = model.players[step.who]!;
      const movement = { paymentId: randomUUID(), playerId, currency: step.currency, amount: step.amount };
      if (step.amount > model.get(playerId, step.currency, 'CASH')) {
        await expectRefused(
          inTransaction(db, (tx) => reserveWithdrawal(tx, movement)),
          'INSUFFICIENT_FUNDS',
        );
        return;
      }
      await inTransaction(db, (tx) => reserveWithdrawal(tx, movement));
      model.add(playerId, step.currency, 'CASH', -step.amount);
      model.pendingWithdrawals.push({ ...movement, settledBy: null });
      model.replayable.push({
        send: () => inTransaction(db, (tx) => reserveWithdrawal(tx, movement)),
        conflicting: () => inTransaction(db, (tx) => reserveWithdrawal(tx, { ...movement, playerId: model.players[(step.who + 1) % PLAYERS]! })),
      });
      return;
    }
    case 'payout':
    case 'return': {
      if (model.pendingWithdrawals.length === 0) return;
      const withdrawal = model.pendingWithdrawals[step.pick % model.pendingWithdrawals.length]!;
      const settle = step.type === 'payout' ? settleWithdrawalPayout : returnWithdrawal;
      if (withdrawal.settledBy && withdrawal.settledBy !== step.type) {
        // One settlement per withdrawal: a payout after a return (or the reverse) is refused.
        await expectRefused(
          inTransaction(db, (tx) => settle(tx, withdrawal)),
          'IDEMPOTENCY_CONFLICT',
        );
        return;
      }
      const result = await inTransaction(db, (tx) => settle(tx, withdrawal));
      expect(result.replayed).toBe(withdrawal.settledBy === step.type);
      if (withdrawal.settledBy) return;
      withdrawal.settledBy = step.type;
      if (step.type === 'return') model.add(withdrawal.playerId, withdrawal.currency, 'CASH', withdrawal.amount);
      return;
    }
    case 'bet': {
      const request = game(model.players[step.who]!, step.currency, step.amount);
      const cash = model.get(request.playerId, request.currency, 'CASH');
      const bonus = model.get(request.playerId, request.currency, 'BONUS');
      if (step.amount > cash + bonus) {
        await expectRefused(wallet.debit(request), 'INSUFFICIENT_FUNDS');
        return;
      }
      const fromCash = step.amount <= cash ? step.amount : cash;
      const outcome = await wallet.debit(request);
      model.add(request.playerId, request.currency, 'CASH', -fromCash);
      model.add(request.playerId, request.currency, 'BONUS', -(step.amount - fromCash));
      expect(outcome).toMatchObject({ replayed: false, cash: cash - fromCash, bonus: bonus - (step.amount - fromCash) });
      model.debits.push({ request, cash: fromCash, bonus: step.amount - fromCash, rolledBack: false });
      model.replayable.push({ send: () => wallet.debit(request), conflicting: () => wallet.debit({ ...request, amount: request.amount + 1n }) });
      return;
    }
    case 'overdraw': {
      const request = game(model.players[step.who]!, step.currency, 0n);
      request.amount = model.get(request.playerId, request.currency, 'CASH') + model.get(request.playerId, request.currency, 'BONUS') + step.extra;
      await expectRefused(wallet.debit(request), 'INSUFFICIENT_FUNDS');
      return;
    }
    case 'win': {
      const request = game(model.players[step.who]!, step.currency, step.amount);
      const outcome = await wallet.credit(request);
      model.add(request.playerId, request.currency, 'CASH', step.amount);
      expect(outcome.replayed).toBe(false);
      model.replayable.push({ send: () => wallet.credit(request), conflicting: () => wallet.credit({ ...request, amount: request.amount + 1n }) });
      return;
    }
    case 'rollback': {
      if (model.debits.length === 0) return;
      const debit = model.debits[step.pick % model.debits.length]!;
      const request = { ...game(debit.request.playerId, debit.request.currency, 0n), originalTransactionId: debit.request.transactionId };
      const outcome = await wallet.rollback(step.newId ? request : { ...request, transactionId: `${debit.request.transactionId}-rollback` });
      expect(outcome.replayed).toBe(debit.rolledBack);
      if (!debit.rolledBack) {
        debit.rolledBack = true;
        model.add(debit.request.playerId, debit.request.currency, 'CASH', debit.cash);
        model.add(debit.request.playerId, debit.request.currency, 'BONUS', debit.bonus);
      }
      return;
    }
    case 'rollbackUnknown': {
      const playerId = model.players[step.who]!;
      const unknownId = nextId('never-sent');
      await expectRefused(wallet.rollback({ ...game(playerId, 'EUR', 0n), originalTransactionId: unknownId }), 'TRANSACTION_NOT_FOUND');
      if (step.lateDebit) await expectRefused(wallet.debit({ ...game(playerId, 'EUR', 1n), transactionId: unknownId }), 'IDEMPOTENCY_CONFLICT');
      return;
    }
    case 'replay': {
      if (model.replayable.length === 0) return;
      const result = (await model.replayable[step.pick % model.replayable.length]!.send()) as { replayed: boolean };
      expect(result.replayed).toBe(true);
      return;
    }
    case 'conflict': {
      if (model.replayable.length === 0) return;
      await expectRefused(model.replayable[step.pick % model.replayable.length]!.conflicting(), 'IDEMPOTENCY_CONFLICT');
      return;
    }
  }
}

async function expectModelMatches(model: Model): Promise<void> {
  for (const playerId of model.players) {
    const stored = await getPlayerBalances(db, playerId);
    for (const cur of currencies) {
      const row = stored.find((balance) => balance.currency === cur) ?? { cash: 0n, bonus: 0n };
      expect({ cash: row.cash, bonus: row.bonus }, `${playerId} ${cur}`).toEqual({
        cash: model.get(playerId, cur, 'CASH'),
        bonus: model.get(playerId, cur, 'BONUS'),
      });
    }
  }
  expect(auditProblems(await auditLedger(db))).toEqual([]);
}

describe('ledger invariants under random sequences (property)', () => {
  it('keeps every transaction balanced, balances equal to their entries, none negative, and the model equal to the database', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40, size: 'max' }), async (commands) => {
        const model = new Model(await newPlayers());
        for (const step of commands) {
          await apply(model, step);
          await expectModelMatches(model);
        }
      }),
      { numRuns: 40 },
    );
    const every: Command['type'][] = [
      'deposit',
      'bonus',
      'reserve',
      'payout',
      'return',
      'bet',
      'overdraw',
      'win',
      'rollback',
      'rollbackUnknown',
      'replay',
      'conflict',
    ];
    expect(every.filter((type) => !applied.get(type))).toEqual([]);
  }, 120_000);
});
