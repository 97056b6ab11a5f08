import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fundedWalletPlayer } from '../../../tests/support/wallet-helpers';
import { openPglite, type Database, type Db } from '../../db/database';
import { auditLedger, auditProblems } from './ledger-audit';
import { getPlayerBalance } from './ledger';
import { creditInOneStatement, debitInOneStatement, type GameMovement } from './one-statement-movements';
import { addMoneyPolicy } from '../../../tests/support/money-policies';
import type { MoneyPolicy } from './money-policy';
import { createSeamlessWallet, gameKey, type SeamlessWallet } from './seamless-wallet';

/**
 * The one-statement debit and credit against the general path: the same calls made while a
 * (no-op) money policy without a statement form is registered take the general path, so the rows
 * each path writes can be compared.
 */

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  db = database.db;
  countOneStatementQueries();
}, 60_000);
afterAll(() => database.close());

let sequence = 0;
const next = (prefix: string) => `${prefix}-${(sequence += 1)}`;

const newPlayer = (cash: bigint, bonus = 0n) => fundedWalletPlayer(db, next('one-statement'), cash, bonus);

interface Written {
  kind: string;
  amount: string;
  requestHash: string;
  metadata: Record<string, unknown>;
  entries: { bucket: string; amount: string; balanceAfter: string | null }[];
}

/** What the ledger holds for one key, with the player's account ids replaced by their buckets. */
async function written(key: string): Promise<Written> {
  const result = (await db.execute(sql`
    SELECT t.kind, t.amount::text AS amount, t.request_hash, t.metadata,
           coalesce(json_agg(json_build_object('bucket', coalesce(a.house, a.bucket), 'amount', e.amount::text, 'balanceAfter', e.balance_after::text) ORDER BY coalesce(a.house, a.bucket)) FILTER (WHERE e.id IS NOT NULL), '[]') AS entries
      FROM wallet_transaction t LEFT JOIN wallet_entry e ON e.transaction_id = t.id LEFT JOIN wallet_account a ON a.id = e.account_id
     WHERE t.idempotency_key = ${key} GROUP BY t.id`)) as unknown as {
    rows: { kind: string; amount: string; request_hash: string; metadata: Record<string, unknown>; entries: Written['entries'] }[];
  };
  const [row] = result.rows;
  if (!row) throw new Error(`nothing under ${key}`);
  return { kind: row.kind, amount: row.amount, requestHash: row.request_hash, metadata: row.metadata, entries: row.entries };
}

/** How many one-statement debits and credits reached the database since the last reset. */
let oneStatementQueries = 0;
function countOneStatementQueries(): void {
  const client = (db as unknown as { session: { client: { query: (text: unknown, ...rest: unknown[]) => Promise<unknown> } } }).session.client;
  const query = client.query.bind(client);
  vi.spyOn(client, 'query').mockImplementation((text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && /^WITH (a|c) AS \(/.test(text)) oneStatementQueries += 1;
    return query(text, ...rest);
  });
}

const fastWallet = (): SeamlessWallet => createSeamlessWallet(db);
// A policy that allows everything but has no statement form: while it is registered, every call takes the general path.
const generalOnly: MoneyPolicy = { name: 'general-path-only', before: async () => undefined };
function generalWallet(): SeamlessWallet {
  const wallet = createSeamlessWallet(db);
  const onGeneralPath = async <T>(call: () => Promise<T>): Promise<T> => {
    const remove = addMoneyPolicy(db, generalOnly);
    try {
      return await call();
    } finally {
      remove();
    }
  };
  return {
    debit: (request) => onGeneralPath(() => wallet.debit(request)),
    credit: (request) => onGeneralPath(() => wallet.credit(request)),
    rollback: (request) => onGeneralPath(() => wallet.rollback(request)),
  };
}

/** The same call on two fresh players with the same money, one per path. */
async function bothPaths(cash: bigint, bonus: bigint, play: (wallet: SeamlessWallet, playerId: string, id: string) => Promise<string>) {
  const [fastPlayer, generalPlayer] = [await newPlayer(cash, bonus), await newPlayer(cash, bonus)];
  const [fastId, generalId] = [next('tx'), next('tx')];
  const fastKey = await play(fastWallet(), fastPlayer, fastId);
  const oneStatementCalls = oneStatementQueries;
  const generalKey = await play(generalWallet(), generalPlayer, generalId);
  // Without policies the wallet took the one-statement path; with the general-path policy it never did.
  expect(oneStatementCalls).toBeGreaterThan(0);
  expect(oneStatementQueries).toBe(oneStatementCalls);
  oneStatementQueries = 0;
  // Keys are one namespace, so each path gets its own transaction id; the comparison names neither.
  const strip = (rows: Written, id: string) => ({
    ...rows,
    requestHash: rows.requestHash.length,
    metadata: JSON.parse(JSON.stringify(rows.metadata).replaceAll(id, 'ID')),
  });
  return {
    fast: strip(await written(fastKey), fastId),
    general: strip(await written(generalKey), generalId),
    balances: [await getPlayerBalance(db, fastPlayer, 'EUR'), await getPlayerBalance(db, generalPlayer, 'EUR')],
  };
}

describe('one-statement game movements', () => {
  it('a debit from cash writes what the general path writes; a retry through the general path is a replay', async () => {
    const { fast, general, balances } = await bothPaths(1_000n, 0n, async (wallet, playerId, id) => {
      await wallet.debit({ providerId: 'emerald-studio', playerId, currency: 'EUR', amount: 250n, transactionId: id, roundId: 'r', gameId: 'g' });
      const again = await generalWallet().debit({
        providerId: 'emerald-studio',
        playerId,
        currency: 'EUR',
        amount: 250n,
        transactionId: id,
        roundId: 'r',
        gameId: 'g',
      });
      expect(again.replayed).toBe(true);
      return gameKey('emerald-studio', id);
    });
    expect(fast).toEqual(general);
    expect(fast.entries).toEqual([
      { bucket: 'CASH', amount: '-250', balanceAfter: '750' },
      { bucket: 'GAME', amount: '250', balanceAfter: null },
    ]);
    expect(balances[0]).toEqual(balances[1]);
  });

  it('a debit larger than the cash takes the rest from bonus, with the same split and balances after', async () => {
    const { fast, general, balances } = await bothPaths(100n, 500n, async (wallet, playerId, id) => {
      const outcome = await wallet.debit({
        providerId: 'emerald-studio',
        playerId,
        currency: 'EUR',
        amount: 350n,
        transactionId: id,
        roundId: 'r',
        gameId: 'g',
      });
      expect({ cash: outcome.cash, bonus: outcome.bonus }).toEqual({ cash: 0n, bonus: 250n });
      return gameKey('emerald-studio', id);
    });
    expect(fast).toEqual(general);
    expect(fast.metadata.split).toEqual({ cash: '100', bonus: '250' });
    expect(fast.entries).toEqual([
      { bucket: 'BONUS', amount: '-250', balanceAfter: '250' },
      { bucket: 'CASH', amount: '-100', balanceAfter: '0' },
      { bucket: 'GAME', amount: '350', balanceAfter: null },
    ]);
    expect(balances[0]).toEqual(balances[1]);
  });

  it('credits, including a zero win, write what the general path writes; a retry through either path is a replay', async () => {
    for (const amount of [0n, 480n]) {
      const { fast, general, balances } = await bothPaths(1_000n, 0n, async (wallet, playerId, id) => {
        await wallet.credit({ providerId: 'emerald-studio', playerId, currency: 'EUR', amount, transactionId: id, roundId: 'r', gameId: 'g' });
        const again = await generalWallet().credit({
          providerId: 'emerald-studio',
          playerId,
          currency: 'EUR',
          amount,
          transactionId: id,
          roundId: 'r',
          gameId: 'g',
        });
        expect(again.replayed).toBe(true);
        return gameKey('emerald-studio', id);
      });
      expect(fast).toEqual(general);
      expect(balances[0]).toEqual(balances[1]);
    }
  });

  it('issue 26: the win of a round whose stake took bonus money pays its share into BONUS, on both paths alike (the credit leaves it to the general path)', async () => {
    let fastCalls = 0;
    const { fast, general, balances } = await bothPaths(150n, 1_000n, async (wallet, playerId, id) => {
      // 1.50 of cash and 3.50 of bonus: 70 % of the round's win (1 001 × 70 % = 700.7, rounded up) is bonus money.
      await wallet.debit({
        providerId: 'emerald-studio',
        playerId,
        currency: 'EUR',
        amount: 500n,
        transactionId: `${id}-bet`,
        roundId: `round-${id}`,
        gameId: 'g',
      });
      const before = oneStatementQueries;
      const won = await wallet.credit({
        providerId: 'emerald-studio',
        playerId,
        currency: 'EUR',
        amount: 1_001n,
        transactionId: id,
        roundId: `round-${id}`,
        gameId: 'g',
      });
      fastCalls += oneStatementQueries - before;
      expect({ cash: won.cash, bonus: won.bonus }).toEqual({ cash: 300n, bonus: 650n + 701n });
      const again = await generalWallet().credit({
        providerId: 'emerald-studio',
        playerId,
        currency: 'EUR',
        amount: 1_001n,
        transactionId: id,
        roundId: `round-${id}`,
        gameId: 'g',
      });
      expect(again.replayed).toBe(true);
      return gameKey('emerald-studio', id);
    });
    // The one statement was tried for the first credit and wrote nothing.
    expect(fastCalls).toBe(1);
    expect(fast).toEqual(general);
    expect(fast.entries).toEqual([
      { bucket: 'BONUS', amount: '701', balanceAfter: '1351' },
      { bucket: 'CASH', amount: '300', balanceAfter: '300' },
      { bucket: 'GAME', amount: '-1001', balanceAfter: null },
    ]);
    expect(balances[0]).toEqual(balances[1]);
    expect(auditProblems(await auditLedger(db))).toEqual([]);
  });

  it('answers nothing and changes nothing for a replay, an unaffordable debit or a player without an account', async () => {
    const playerId = await newPlayer(300n);
    const movement = (overrides: Partial<GameMovement>): GameMovement => ({
      idempotencyKey: next('key'),
      requestFingerprint: 'f',
      kind: 'GAME_BET',
      playerId,
      currency: 'EUR',
      amount: 100n,
      reference: 'r',
      gameId: 'g',
      metadata: {},
      ...overrides,
      money: {
        kind: overrides.kind === 'GAME_WIN' ? 'win' : 'bet',
        playerId: overrides.playerId ?? playerId,
        currency: overrides.currency ?? 'EUR',
        amount: overrides.amount ?? 100n,
        idempotencyKey: 'k',
      },
      ...(overrides.kind === 'GAME_WIN' ? { wonWith: { betKind: 'GAME_BET', providerId: 'emerald-studio' } } : {}),
    });
    const first = movement({});
    expect(await debitInOneStatement(db, first)).toBeDefined();
    const before = await getPlayerBalance(db, playerId, 'EUR');
    expect(await debitInOneStatement(db, first)).toBeUndefined();
    expect(await debitInOneStatement(db, movement({ amount: 201n }))).toBeUndefined();
    expect(await creditInOneStatement(db, { ...first, kind: 'GAME_WIN', wonWith: { betKind: 'GAME_BET', providerId: 'emerald-studio' } })).toBeUndefined();
    expect(await creditInOneStatement(db, movement({ kind: 'GAME_WIN', currency: 'GBP' }))).toBeUndefined();
    expect(await debitInOneStatement(db, movement({ playerId: randomUUID() }))).toBeUndefined();
    expect(await getPlayerBalance(db, playerId, 'EUR')).toEqual(before);
    expect(auditProblems(await auditLedger(db))).toEqual([]);
  });
});
