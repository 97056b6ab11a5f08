import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sha256Hex } from '../../http/digest';
import { AppError } from '../../http/app-error';

/**
 * The double-entry ledger (ARCHITECTURE §3). Every movement of money is one `postMovement`: a
 * transaction of entries that sum to zero in one currency, applied once per idempotency key.
 * Player balances cannot go negative (a CHECK constraint); ledger rows are never changed (a
 * trigger); a transaction that does not balance cannot commit (a deferred trigger).
 */

export type Bucket = 'CASH' | 'BONUS';

/**
 * House accounts. PSP_CLEARING (money arriving from or leaving to payment providers), GAME (the
 * house side of every bet and win) and BONUS_COST stand for the outside world and may go below
 * zero; WITHDRAWALS_PENDING holds reserved withdrawals and may not.
 */
export type HouseAccount = 'PSP_CLEARING' | 'WITHDRAWALS_PENDING' | 'GAME' | 'BONUS_COST';
const unboundedHouseAccounts: ReadonlySet<HouseAccount> = new Set(['PSP_CLEARING', 'GAME', 'BONUS_COST']);

export type AccountRef = { playerId: string; bucket: Bucket } | { house: HouseAccount };

export interface Posting {
  account: AccountRef;
  /** Signed minor units: positive credits the account, negative debits it. */
  amount: bigint;
}

export interface MovementRequest {
  /** The same key twice applies once; the same key with a different request is refused. */
  idempotencyKey: string;
  /** DEPOSIT, WITHDRAWAL_RESERVE, WITHDRAWAL_PAYOUT, WITHDRAWAL_RETURN, GAME_BET, GAME_WIN, GAME_ROLLBACK, … */
  kind: string;
  playerId: string | null;
  currency: string;
  /** The headline amount, positive, in minor units. */
  amount: bigint;
  /** Entries; they must sum to zero. An empty list records the key without moving money. */
  postings: Posting[];
  reference?: string | null;
  gameId?: string | null;
  reversesTransactionId?: bigint | null;
  metadata?: Record<string, unknown>;
}

export interface MovementResult {
  transactionId: bigint;
  /** True when the key had already been applied: nothing moved this time. */
  replayed: boolean;
  createdAt: Date;
  metadata: Record<string, unknown>;
}

export interface StoredTransaction {
  id: bigint;
  idempotencyKey: string;
  kind: string;
  playerId: string | null;
  currency: string;
  amount: bigint;
  reference: string | null;
  gameId: string | null;
  reversesTransactionId: bigint | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

interface QueryResult<Row> {
  rows: Row[];
}

async function query<Row>(db: Db, statement: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as QueryResult<Row>;
  return result.rows;
}

/** Runs `work` in one database transaction; every ledger write happens inside one. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

function accountKey(ref: AccountRef, currency: string): string {
  return 'house' in ref ? `house:${ref.house}:${currency}` : `player:${ref.playerId}:${ref.bucket}:${currency}`;
}

/** House account ids never change (the migrations create them), so each node remembers them. */
const houseAccountIds = new Map<string, bigint>();

async function resolveAccountId(tx: Db, ref: AccountRef, currency: string): Promise<{ id: bigint; bounded: boolean }> {
  if ('house' in ref) {
    const bounded = !unboundedHouseAccounts.has(ref.house);
    const key = accountKey(ref, currency);
    const known = houseAccountIds.get(key);
    if (known !== undefined) return { id: known, bounded };
    const [row] = await query<{ id: bigint }>(tx, sql`SELECT id FROM wallet_account WHERE house = ${ref.house} AND currency = ${currency}`);
    // House accounts are created by the migrations, per currency, never inside a movement.
    if (!row) throw new Error(`no house account ${key}: is ${currency} a currency Emerald holds?`);
    houseAccountIds.set(key, BigInt(row.id));
    return { id: BigInt(row.id), bounded };
  }
  const [existing] = await query<{ id: bigint }>(
    tx,
    sql`SELECT id FROM wallet_account WHERE player_id = ${ref.playerId} AND currency = ${currency} AND bucket = ${ref.bucket}`,
  );
  if (existing) return { id: BigInt(existing.id), bounded: true };
  await query(
    tx,
    sql`INSERT INTO wallet_account (player_id, currency, bucket) VALUES (${ref.playerId}, ${currency}, ${ref.bucket})
        ON CONFLICT (player_id, currency, bucket) WHERE player_id IS NOT NULL DO NOTHING`,
  );
  const [created] = await query<{ id: bigint }>(
    tx,
    sql`SELECT id FROM wallet_account WHERE player_id = ${ref.playerId} AND currency = ${currency} AND bucket = ${ref.bucket}`,
  );
  if (!created) throw new Error('player account could not be created');
  return { id: BigInt(created.id), bounded: true };
}

/** The request as a stable text, to tell a replay from a different request under the same key. */
function requestFingerprint(request: MovementRequest): string {
  const postings = request.postings
    .map((posting) => `${accountKey(posting.account, request.currency)}=${posting.amount}`)
    .sort()
    .join(';');
  return sha256Hex(
    JSON.stringify([request.kind, request.playerId, request.currency, String(request.amount), postings, request.reference ?? null, request.gameId ?? null, request.reversesTransactionId?.toString() ?? null]),
  );
}

function databaseErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const CHECK_VIOLATION = '23514';

/**
 * Applies one movement inside `tx` (open one with `inTransaction`). Accounts are locked in a
 * fixed order (ascending id) so concurrent movements cannot deadlock; a player balance that
 * would go negative throws INSUFFICIENT_FUNDS and the caller's transaction rolls back whole.
 */
export async function postMovement(tx: Db, request: MovementRequest): Promise<MovementResult> {
  if (request.amount < 0n) throw new RangeError('the headline amount must not be negative');
  const total = request.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (total !== 0n) throw new RangeError(`postings of ${request.idempotencyKey} sum to ${total}, not 0`);

  const requestHash = requestFingerprint(request);
  const metadata = request.metadata ?? {};
  const [inserted] = await query<{ id: bigint; created_at: Date | string }>(
    tx,
    sql`INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount, reference, game_id, reverses_transaction_id, metadata)
        VALUES (${request.idempotencyKey}, ${requestHash}, ${request.kind}, ${request.playerId}, ${request.currency}, ${request.amount},
                ${request.reference ?? null}, ${request.gameId ?? null}, ${request.reversesTransactionId ?? null}, ${JSON.stringify(metadata)}::jsonb)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, created_at`,
  );
  if (!inserted) {
    const [existing] = await query<{ id: bigint; request_hash: string; created_at: Date | string; metadata: Record<string, unknown> }>(
      tx,
      sql`SELECT id, request_hash, created_at, metadata FROM wallet_transaction WHERE idempotency_key = ${request.idempotencyKey}`,
    );
    if (!existing) throw new Error(`transaction ${request.idempotencyKey} vanished`);
    if (existing.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { transactionId: BigInt(existing.id), replayed: true, createdAt: new Date(existing.created_at), metadata: existing.metadata };
  }
  const transactionId = BigInt(inserted.id);

  // One delta per account, in ascending account id: the fixed lock order.
  const deltas = new Map<bigint, { amount: bigint; bounded: boolean }>();
  for (const posting of request.postings) {
    const account = await resolveAccountId(tx, posting.account, request.currency);
    const current = deltas.get(account.id);
    deltas.set(account.id, { amount: (current?.amount ?? 0n) + posting.amount, bounded: account.bounded });
  }
  const ordered = [...deltas.entries()].filter(([, delta]) => delta.amount !== 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  const entries: { accountId: bigint; amount: bigint; balanceAfter: bigint | null }[] = [];
  for (const [accountId, delta] of ordered) {
    if (!delta.bounded) {
      entries.push({ accountId, amount: delta.amount, balanceAfter: null });
      continue;
    }
    try {
      const [row] = await query<{ balance: bigint }>(tx, sql`UPDATE wallet_account SET balance = balance + ${delta.amount} WHERE id = ${accountId} RETURNING balance`);
      if (!row) throw new Error(`account ${accountId} not found`);
      entries.push({ accountId, amount: delta.amount, balanceAfter: BigInt(row.balance) });
    } catch (error) {
      if (databaseErrorCode(error) === CHECK_VIOLATION) throw new AppError('INSUFFICIENT_FUNDS');
      throw error;
    }
  }
  if (entries.length > 0) {
    const values = sql.join(
      entries.map((entry) => sql`(${transactionId}, ${entry.accountId}, ${entry.amount}, ${entry.balanceAfter})`),
      sql`, `,
    );
    await query(tx, sql`INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) VALUES ${values}`);
  }
  return { transactionId, replayed: false, createdAt: new Date(inserted.created_at), metadata };
}

/** Applies one movement in a transaction of its own. */
export function postMovementNow(db: Db, request: MovementRequest): Promise<MovementResult> {
  return inTransaction(db, (tx) => postMovement(tx, request));
}

export interface PlayerBalance {
  currency: string;
  cash: bigint;
  bonus: bigint;
}

/** A player's buckets per currency (zero for currencies with no movement yet are left out). */
export async function getPlayerBalances(db: Db, playerId: string): Promise<PlayerBalance[]> {
  const rows = await query<{ currency: string; bucket: Bucket; balance: bigint }>(
    db,
    sql`SELECT currency, bucket, balance FROM wallet_account WHERE player_id = ${playerId} ORDER BY currency`,
  );
  const byCurrency = new Map<string, PlayerBalance>();
  for (const row of rows) {
    const balance = byCurrency.get(row.currency) ?? { currency: row.currency, cash: 0n, bonus: 0n };
    if (row.bucket === 'CASH') balance.cash = BigInt(row.balance);
    else if (row.bucket === 'BONUS') balance.bonus = BigInt(row.balance);
    byCurrency.set(row.currency, balance);
  }
  return [...byCurrency.values()];
}

/** One player's balance in one currency; zero when nothing has moved yet. */
export async function getPlayerBalance(db: Db, playerId: string, currency: string): Promise<PlayerBalance> {
  return (await getPlayerBalances(db, playerId)).find((balance) => balance.currency === currency) ?? { currency, cash: 0n, bonus: 0n };
}

/** A transaction by its idempotency key, or undefined. */
export async function findTransaction(db: Db, idempotencyKey: string): Promise<StoredTransaction | undefined> {
  const [row] = await query<{
    id: bigint;
    idempotency_key: string;
    kind: string;
    player_id: string | null;
    currency: string;
    amount: bigint;
    reference: string | null;
    game_id: string | null;
    reverses_transaction_id: bigint | null;
    metadata: Record<string, unknown>;
    created_at: Date | string;
  }>(db, sql`SELECT * FROM wallet_transaction WHERE idempotency_key = ${idempotencyKey}`);
  if (!row) return undefined;
  return {
    id: BigInt(row.id),
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    playerId: row.player_id,
    currency: row.currency,
    amount: BigInt(row.amount),
    reference: row.reference,
    gameId: row.game_id,
    reversesTransactionId: row.reverses_transaction_id === null ? null : BigInt(row.reverses_transaction_id),
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
  };
}
