import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fundedWalletPlayer } from '../../../tests/support/wallet-helpers';
import { openPglite, type Database, type Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { creditDeposit, reserveWithdrawal } from './cashier-movements';
import { auditLedger, auditProblems } from './ledger-audit';
import { inTransaction } from '../../db/transaction';
import { getPlayerBalance } from './ledger';
import { addMoneyPolicy } from '../../../tests/support/money-policies';
import { PolicyRefusal, type MoneyPolicy, type MovementKind, type PostedMovement } from './money-policy';
import { splitStake, splitWin, stakeSplitSql, STAKE_ORDER, WIN_BUCKET, winSplitSql } from './money-rules';
import { createSeamlessWallet, gameKey } from './seamless-wallet';

/**
 * The money-policy point (issue 11, "one wallet, one policy point"): every movement — the
 * cashier's, the seamless wallet's on its one-statement and its general path — runs the registered
 * policies inside its own transaction; a refusal leaves nothing, an `after` policy's rows commit or
 * roll back with the movement, and a policy without a statement form keeps movements off the
 * one-statement path. The money rules are one definition that both paths derive from.
 */

let database: Database;
let db: Db;
const removals: (() => void)[] = [];

/** How many one-statement debits and credits reached the database since the last reset. */
let oneStatementQueries = 0;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  db = database.db;
  // The policies' own rows in these tests (a loyalty programme or a wagering tracker would own such a table).
  await db.execute(
    sql`CREATE TABLE policy_note (policy text NOT NULL, kind text NOT NULL, ledger_transaction_id bigint NOT NULL, player_id uuid NOT NULL, cash bigint NOT NULL, bonus bigint NOT NULL)`,
  );
  const client = (db as unknown as { session: { client: { query: (text: unknown, ...rest: unknown[]) => Promise<unknown> } } }).session.client;
  const query = client.query.bind(client);
  vi.spyOn(client, 'query').mockImplementation((text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && /^WITH (a|c) AS \(/.test(text)) oneStatementQueries += 1;
    return query(text, ...rest);
  });
}, 60_000);
afterAll(() => database.close());
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
  oneStatementQueries = 0;
});

const register = (policy: MoneyPolicy) => removals.push(addMoneyPolicy(db, policy));

let sequence = 0;
const next = (prefix: string) => `${prefix}-${(sequence += 1)}`;
const newPlayer = (cash: bigint, bonus = 0n) => fundedWalletPlayer(db, next('policy'), cash, bonus);
const wallet = () => createSeamlessWallet(db);
const bet = (playerId: string, amount: bigint, transactionId = next('tx')) => ({
  providerId: 'emerald-studio',
  playerId,
  currency: 'EUR',
  amount,
  transactionId,
  roundId: 'r',
  gameId: 'g',
  gameKind: 'slot',
});

async function notes(playerId: string) {
  const result = (await db.execute(
    sql`SELECT policy, kind, cash::text AS cash, bonus::text AS bonus FROM policy_note WHERE player_id = ${playerId} ORDER BY ledger_transaction_id, policy`,
  )) as unknown as {
    rows: unknown[];
  };
  return result.rows;
}

async function transactionsOf(playerId: string): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS n FROM wallet_transaction WHERE player_id = ${playerId}`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/** An `after` policy that notes every movement it sees in its own table, on the general path only. */
const noteTaker = (name: string, kinds?: MovementKind[]): MoneyPolicy => ({
  name,
  ...(kinds ? { kinds } : {}),
  async after(tx: Db, movement: PostedMovement) {
    await tx.execute(
      sql`INSERT INTO policy_note VALUES (${name}, ${movement.kind}, ${movement.ledgerTransactionId}, ${movement.playerId}, ${movement.buckets.CASH}, ${movement.buckets.BONUS})`,
    );
  },
});

/** The same policy, also able to note a game movement as part of its one statement. */
const statementNoteTaker = (name: string, kinds?: MovementKind[]): MoneyPolicy => ({
  ...noteTaker(name, kinds),
  inStatement: (movement, part) => ({
    write: `INSERT INTO policy_note SELECT ${part.params.add(name)}, ${part.params.add(movement.kind)}, ${part.transactionId}, ${part.player}, ${part.cash}, ${part.bonus} FROM ${part.from} RETURNING 1`,
  }),
});

/** Refuses bets over `limit`: `before` on the general path, the same rule as a statement condition when `inStatement`. */
const betLimit = (limit: bigint, inStatement: boolean): MoneyPolicy => ({
  name: 'bet-limit',
  kinds: ['bet'],
  async before(_tx, movement) {
    if (movement.amount > limit) throw new PolicyRefusal('bet-limit', 'FORBIDDEN', 'Over the bet limit', [{ field: 'amount', error: `more than ${limit}` }]);
  },
  ...(inStatement ? { inStatement: (_movement, part) => ({ condition: `${part.amount} <= ${part.params.add(limit, 'bigint')}` }) } : {}),
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('money rules, written once (issue 11)', () => {
  it('takes a stake from CASH first, then BONUS', () => {
    expect(STAKE_ORDER).toEqual(['CASH', 'BONUS']);
    expect(splitStake({ CASH: 300n, BONUS: 500n }, 200n)).toEqual({ CASH: 200n, BONUS: 0n });
    expect(splitStake({ CASH: 300n, BONUS: 500n }, 450n)).toEqual({ CASH: 300n, BONUS: 150n });
    expect(splitStake({ CASH: 0n, BONUS: 500n }, 450n)).toEqual({ CASH: 0n, BONUS: 450n });
  });

  it('issue 26: pays a win where its stake came from — the bonus-funded share into BONUS, rounded up in the house’s favour, the rest into CASH', () => {
    expect(WIN_BUCKET).toBe('CASH');
    // A stake of 1.00 paid 0.30 from cash and 0.70 from bonus: 70 % of the win is bonus money.
    expect(splitWin(1_000n, 100n, 70n)).toEqual({ CASH: 300n, BONUS: 700n });
    // 1 001 × 70 % = 700.7: the fraction of a minor unit goes to BONUS, never to cash.
    expect(splitWin(1_001n, 100n, 70n)).toEqual({ CASH: 300n, BONUS: 701n });
    expect(splitWin(200n, 100n, 100n)).toEqual({ CASH: 0n, BONUS: 200n });
    expect(splitWin(200n, 100n, 0n)).toEqual({ CASH: 200n, BONUS: 0n });
    expect(splitWin(0n, 100n, 70n)).toEqual({ CASH: 0n, BONUS: 0n });
    // A win with no stake of its round (a provider's credit without a debit) is cash.
    expect(splitWin(500n, 0n, 0n)).toEqual({ CASH: 500n, BONUS: 0n });
  });

  it('the SQL split the statements use computes what the TypeScript split computes', async () => {
    const cases = [
      [0n, 0n, 1n],
      [300n, 500n, 200n],
      [300n, 500n, 300n],
      [300n, 500n, 450n],
      [0n, 500n, 450n],
      [7n, 0n, 7n],
      [1n, 1n, 2n],
    ] as const;
    for (const [cash, bonus, stake] of cases) {
      const split = stakeSplitSql({ CASH: `${cash}::bigint`, BONUS: `${bonus}::bigint` }, `${stake}::bigint`);
      const result = (await db.execute(sql.raw(`SELECT (${split.CASH})::text AS cash, (${split.BONUS})::text AS bonus`))) as unknown as {
        rows: { cash: string; bonus: string }[];
      };
      const expected = splitStake({ CASH: cash, BONUS: bonus }, stake);
      expect(result.rows[0]).toEqual({ cash: String(expected.CASH), bonus: String(expected.BONUS) });
    }
  });

  it("issue 26: the SQL win split the statements use computes what the TypeScript split computes, beyond a bigint's product", async () => {
    const cases = [
      [1_000n, 100n, 70n],
      [1_001n, 100n, 70n],
      [7n, 3n, 2n],
      [1n, 3n, 1n],
      [0n, 5n, 5n],
      [500n, 0n, 0n],
      [200n, 100n, 0n],
      [9_000_000_000_000_000_000n / 10n, 7_000_000_000_000_000_000n / 10n, 699_999_999_999_999_999n],
    ] as const;
    for (const [won, stake, fromBonus] of cases) {
      const split = winSplitSql(`${won}::bigint`, `${stake}::bigint`, `${fromBonus}::bigint`);
      const result = (await db.execute(sql.raw(`SELECT (${split.CASH})::text AS cash, (${split.BONUS})::text AS bonus`))) as unknown as {
        rows: { cash: string; bonus: string }[];
      };
      const expected = splitWin(won, stake, fromBonus);
      expect(result.rows[0], `${won} of ${stake} (${fromBonus} bonus)`).toEqual({ cash: String(expected.CASH), bonus: String(expected.BONUS) });
    }
  });
});

describe('money policies: a refusal rolls back everything, on every path (issue 11)', () => {
  it('cashier: a refused deposit credit leaves no ledger row, no balance and nothing the caller wrote in its transaction', async () => {
    const playerId = await newPlayer(0n);
    register({
      name: 'deposit-lock',
      kinds: ['deposit'],
      async before() {
        throw new PolicyRefusal('deposit-lock', 'FORBIDDEN', 'Deposits are locked for this player');
      },
    });
    const paymentId = randomUUID();
    const error = await refusal(
      inTransaction(db, async (tx) => {
        await tx.execute(sql`INSERT INTO policy_note VALUES ('caller', 'caller', 0, ${playerId}, 0, 0)`);
        return creditDeposit(tx, { paymentId, playerId, currency: 'EUR', amount: 500n });
      }),
    );
    expect(error).toBeInstanceOf(PolicyRefusal);
    expect((error as PolicyRefusal).policy).toBe('deposit-lock');
    expect(await transactionsOf(playerId)).toBe(0);
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 0n, bonus: 0n });
    expect(await notes(playerId)).toEqual([]);
  });

  it('cashier: a refused deposit credited on the database itself (no caller transaction) leaves nothing either', async () => {
    const playerId = await newPlayer(0n);
    register(noteTaker('notes'));
    register({
      name: 'refuse-after-notes',
      kinds: ['deposit'],
      async after() {
        throw new PolicyRefusal('refuse-after-notes', 'FORBIDDEN');
      },
    });
    await refusal(creditDeposit(db, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 500n }));
    expect(await transactionsOf(playerId)).toBe(0);
    expect(await notes(playerId)).toEqual([]);
  });

  it('seamless debit on the one-statement path: the statement writes nothing, the general path refuses with the typed error', async () => {
    const playerId = await newPlayer(1_000n);
    register(betLimit(100n, true));
    const allowed = await wallet().debit(bet(playerId, 100n));
    expect(oneStatementQueries).toBe(1); // within the limit: one statement, the condition held
    const refused = bet(playerId, 101n);
    const error = await refusal(wallet().debit(refused));
    expect(oneStatementQueries).toBe(2); // tried, wrote nothing
    expect(error).toBeInstanceOf(PolicyRefusal);
    expect(error.errors).toEqual([{ field: 'amount', error: 'more than 100' }]);
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 900n, bonus: 0n });
    expect(await transactionsOf(playerId)).toBe(2); // the deposit and the allowed bet
    expect(allowed.cash).toBe(900n);
    // The refused id was not used up.
    expect(
      (
        (await db.execute(sql`SELECT 1 FROM wallet_transaction WHERE idempotency_key = ${gameKey('emerald-studio', refused.transactionId)}`)) as unknown as {
          rows: unknown[];
        }
      ).rows,
    ).toEqual([]);
  });

  it('seamless debit with a policy that needs the general path: no statement is tried, the refusal leaves nothing', async () => {
    const playerId = await newPlayer(1_000n);
    register(betLimit(100n, false));
    await refusal(wallet().debit(bet(playerId, 101n)));
    expect(oneStatementQueries).toBe(0);
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 1_000n });
    expect(await transactionsOf(playerId)).toBe(1);
    // Credits are not bets: the bet-only policy lets them take the one-statement path.
    await wallet().credit({ ...bet(playerId, 5n) });
    expect(oneStatementQueries).toBe(1);
  });

  it('withdrawal reserve: a refusal leaves the cash where it was', async () => {
    const playerId = await newPlayer(1_000n);
    register({
      name: 'cooling-off',
      kinds: ['withdrawal'],
      async before(_tx, movement) {
        expect(movement.buckets).toEqual({ CASH: -400n, BONUS: 0n });
        throw new PolicyRefusal('cooling-off', 'FORBIDDEN');
      },
    });
    await refusal(inTransaction(db, (tx) => reserveWithdrawal(tx, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 400n })));
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 1_000n });
    expect(await transactionsOf(playerId)).toBe(1);
  });
});

describe('money policies: after, in the movement transaction (issue 11)', () => {
  it("writes an after policy's rows with the movement, with what it did to each bucket, and rolls them back with it", async () => {
    const playerId = await newPlayer(100n, 500n);
    register(noteTaker('loyalty', ['bet', 'win', 'deposit']));
    await creditDeposit(db, { paymentId: randomUUID(), playerId, currency: 'EUR', amount: 50n });
    await wallet().debit(bet(playerId, 200n));
    await wallet().credit(bet(playerId, 30n));
    // A policy without a statement form: every game movement it looks at took the general path.
    expect(oneStatementQueries).toBe(0);
    // The win of a stake paid 150 from cash and 50 from bonus: a quarter of it (7.5, rounded up) is bonus money.
    expect(await notes(playerId)).toEqual([
      { policy: 'loyalty', kind: 'deposit', cash: '50', bonus: '0' },
      { policy: 'loyalty', kind: 'bet', cash: '-150', bonus: '-50' },
      { policy: 'loyalty', kind: 'win', cash: '22', bonus: '8' },
    ]);
    // The caller's transaction fails after the movement: the movement and the policy's row go together.
    await refusal(
      inTransaction(db, async (tx) => {
        await createSeamlessWallet(tx).debit(bet(playerId, 10n));
        throw new AppError('BAD_REQUEST', 'the round failed after its bet');
      }),
    );
    expect(await notes(playerId)).toHaveLength(3);
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 22n, bonus: 458n });
    expect(auditProblems(await auditLedger(db))).toEqual([]);
  });

  it('a replay runs no policy', async () => {
    const playerId = await newPlayer(1_000n);
    register(noteTaker('loyalty', ['bet']));
    const request = bet(playerId, 100n);
    await wallet().debit(request);
    expect((await wallet().debit(request)).replayed).toBe(true);
    expect(await notes(playerId)).toHaveLength(1);
  });

  it('a policy with a statement form writes its rows inside the one statement, the same rows the general path writes', async () => {
    const [fastPlayer, generalPlayer] = [await newPlayer(100n, 500n), await newPlayer(100n, 500n)];
    register(statementNoteTaker('wagering', ['bet', 'win']));
    await wallet().debit(bet(fastPlayer, 200n));
    await wallet().credit(bet(fastPlayer, 0n));
    // Half of this win is the bonus stake's: the credit's statement writes nothing and the general path pays it.
    await wallet().credit(bet(fastPlayer, 70n));
    expect(oneStatementQueries).toBe(3);
    // A second policy without a statement form sends the same calls down the general path.
    register({ name: 'general-only', kinds: ['bet', 'win'], before: async () => undefined });
    await wallet().debit(bet(generalPlayer, 200n));
    await wallet().credit(bet(generalPlayer, 0n));
    await wallet().credit(bet(generalPlayer, 70n));
    expect(oneStatementQueries).toBe(3);
    expect(await notes(fastPlayer)).toEqual([
      { policy: 'wagering', kind: 'bet', cash: '-100', bonus: '-100' },
      { policy: 'wagering', kind: 'win', cash: '0', bonus: '0' },
      { policy: 'wagering', kind: 'win', cash: '35', bonus: '35' },
    ]);
    expect(await notes(generalPlayer)).toEqual(await notes(fastPlayer));
    expect(auditProblems(await auditLedger(db))).toEqual([]);
  });

  it('a statement write that fails fails the whole movement', async () => {
    const playerId = await newPlayer(1_000n);
    register({
      ...noteTaker('broken', ['bet']),
      // Not null: the statement's insert fails, and with it the debit.
      inStatement: (_movement, part) => ({
        write: `INSERT INTO policy_note SELECT NULL, 'bet', ${part.transactionId}, ${part.player}, 0, 0 FROM ${part.from} RETURNING 1`,
      }),
    });
    await expect(wallet().debit(bet(playerId, 100n))).rejects.toThrow();
    expect(await getPlayerBalance(db, playerId, 'EUR')).toMatchObject({ cash: 1_000n });
    expect(await transactionsOf(playerId)).toBe(1);
  });
});
