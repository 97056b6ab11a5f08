import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { busOf } from '../../bus/nats-bus';
import { afterCommit, inOpenTransaction, inTransaction } from '../../db/transaction';
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
 * zero; WITHDRAWALS_PENDING holds reserved withdrawals and may not. MANUAL_ADJUSTMENT is the house
 * side of staff's approved corrections of a player's cash (migration 0022), unbounded as well.
 */
export type HouseAccount = 'PSP_CLEARING' | 'WITHDRAWALS_PENDING' | 'GAME' | 'BONUS_COST' | 'MANUAL_ADJUSTMENT';
const unboundedHouseAccounts: ReadonlySet<HouseAccount> = new Set(['PSP_CLEARING', 'GAME', 'BONUS_COST', 'MANUAL_ADJUSTMENT']);

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
  /**
   * What identifies the request for idempotency, when the postings depend on the balances at the
   * time of posting (a game debit's CASH/BONUS split): a retried request is then still a replay.
   * By default the digest of the kind, player, currency, amount, postings and references.
   */
  requestFingerprint?: string;
}

export interface PostingHooks {
  /**
   * Runs inside the transaction after the idempotency key has been claimed (so never for a
   * replay) and before any balance or entry is written; throwing refuses the movement and the
   * caller's transaction rolls back whole. Responsible-gaming limit checks hang here.
   */
  beforePosting?: (transactionId: bigint) => Promise<void>;
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

/** The channel on which committed movements name the players whose balances changed. */
export const BALANCE_CHANNEL = 'wallet_balance';

/** Players whose balances the movements of an open transaction changed, announced once it commits. */
const changedPlayersByTransaction = new WeakMap<object, Set<string>>();

/**
 * The players to announce when the transaction `tx` commits (one set and one after-commit hook per
 * transaction), or null when `tx` is the database itself: a statement there commits on its own.
 */
function changedPlayersOf(tx: Db): Set<string> | null {
  if (!inOpenTransaction(tx)) return null;
  let changed = changedPlayersByTransaction.get(tx);
  if (!changed) {
    const players = new Set<string>();
    changedPlayersByTransaction.set(tx, players);
    afterCommit(tx, (db) => {
      if (players.size > 0) announceBalanceChanges(db, players);
    });
    changed = players;
  }
  return changed;
}

/**
 * Balance notices, sent after the commit rather than inside the movement's transaction: on
 * PostgreSQL a transaction that notifies holds a database-wide lock from before its commit record
 * until it is flushed, so notifying inside every money movement would queue all commits behind one
 * another's disk flush. Notices committed within a few milliseconds are sent together, in one
 * statement whose own commit need not wait for the disk (a notice is a hint to refresh, not money).
 * A node that stops between a commit and its notice loses that notice; subscribers read the
 * balance again whenever they (re)connect.
 */
const NOTICE_WINDOW_MS = 5;
const pendingNotices = new WeakMap<Db, { players: Set<string>; timer: NodeJS.Timeout }>();

function announceBalanceChanges(db: Db, players: Iterable<string>): void {
  let pending = pendingNotices.get(db);
  if (!pending) {
    const batch = { players: new Set<string>(), timer: setTimeout(() => flushNotices(db, batch.players), NOTICE_WINDOW_MS) };
    pendingNotices.set(db, batch);
    pending = batch;
  }
  for (const player of players) pending.players.add(player);
}

/**
 * Names players whose balances a statement on `db` has just changed: inside `inTransaction`, once
 * that transaction commits; on the database itself (a statement that committed on its own), now.
 */
export function announceAfterCommit(db: Db, players: Iterable<string>): void {
  const changed = changedPlayersOf(db);
  if (changed) for (const player of players) changed.add(player);
  else announceBalanceChanges(db, players);
}

function flushNotices(db: Db, players: Set<string>): void {
  pendingNotices.delete(db);
  // With a NATS bus (BUS_URL) the notices go through it and the database is not asked at all.
  const bus = busOf(db);
  if (bus) {
    bus.notify(BALANCE_CHANNEL, [...players]);
    return;
  }
  const list = [...players].join(',');
  db.execute(
    sql`SELECT set_config('synchronous_commit', 'off', true), pg_notify(${BALANCE_CHANNEL}, player) FROM unnest(string_to_array(${list}, ',')) AS player`,
  ).catch(
    () => undefined, // The database is closing, or unreachable: subscribers refresh when they reconnect.
  );
}

function accountKey(ref: AccountRef, currency: string): string {
  return 'house' in ref ? `house:${ref.house}:${currency}` : `player:${ref.playerId}:${ref.bucket}:${currency}`;
}

/** House account ids never change (the migrations create them), so each node remembers them. */
const houseAccountIds = new Map<string, bigint>();

/**
 * What one open database transaction already knows (keyed by the transaction's handle): the
 * player account ids it has read or created, and the accounts it holds locked. An id is trusted
 * only inside the transaction that read or created it: an account created by a transaction that
 * rolled back never existed, so nothing here outlives its transaction.
 */
interface TransactionState {
  accountIds: Map<string, bigint>;
  locked: Set<bigint>;
}
const stateByTransaction = new WeakMap<object, TransactionState>();

function transactionState(tx: Db): TransactionState {
  let state = stateByTransaction.get(tx);
  if (!state) {
    state = { accountIds: new Map(), locked: new Set() };
    stateByTransaction.set(tx, state);
  }
  return state;
}

/** A house account's id in a currency (read once per node: the migrations create them and they never change). */
export async function houseAccountId(tx: Db, house: HouseAccount, currency: string): Promise<bigint> {
  const key = accountKey({ house }, currency);
  const known = houseAccountIds.get(key);
  if (known !== undefined) return known;
  const [row] = await query<{ id: bigint }>(tx, sql`SELECT id FROM wallet_account WHERE house = ${house} AND currency = ${currency}`);
  // House accounts are created by the migrations, per currency, never inside a movement.
  if (!row) throw new Error(`no house account ${key}: is ${currency} a currency Emerald holds?`);
  houseAccountIds.set(key, BigInt(row.id));
  return BigInt(row.id);
}

/** The ids of a player's buckets in one currency, creating the missing ones: one query when all exist. */
async function playerAccountIds(tx: Db, playerId: string, currency: string, buckets: Bucket[]): Promise<Map<Bucket, bigint>> {
  const known = transactionState(tx).accountIds;
  const ids = new Map<Bucket, bigint>();
  const remember = (rows: { id: bigint; bucket: string }[]) => {
    for (const row of rows) {
      known.set(accountKey({ playerId, bucket: row.bucket as Bucket }, currency), BigInt(row.id));
      if (buckets.includes(row.bucket as Bucket)) ids.set(row.bucket as Bucket, BigInt(row.id));
    }
  };
  for (const bucket of buckets) {
    const id = known.get(accountKey({ playerId, bucket }, currency));
    if (id !== undefined) ids.set(bucket, id);
  }
  if (ids.size === buckets.length) return ids;
  remember(
    await query<{ id: bigint; bucket: string }>(tx, sql`SELECT id, bucket FROM wallet_account WHERE player_id = ${playerId} AND currency = ${currency}`),
  );
  const missing = buckets.filter((bucket) => !ids.has(bucket));
  if (missing.length === 0) return ids;
  const values = sql.join(
    missing.map((bucket) => sql`(${playerId}, ${currency}, ${bucket})`),
    sql`, `,
  );
  await query(
    tx,
    sql`INSERT INTO wallet_account (player_id, currency, bucket) VALUES ${values} ON CONFLICT (player_id, currency, bucket) WHERE player_id IS NOT NULL DO NOTHING`,
  );
  remember(
    await query<{ id: bigint; bucket: string }>(tx, sql`SELECT id, bucket FROM wallet_account WHERE player_id = ${playerId} AND currency = ${currency}`),
  );
  if (ids.size !== buckets.length) throw new Error('player account could not be created');
  return ids;
}

export interface LockedPlayerAccounts {
  currency: string;
  cash: bigint;
  bonus: bigint;
}

/**
 * Locks a player's buckets in one currency (`SELECT … FOR UPDATE`, ascending id, the ledger's
 * lock order) and reads their balances, for a movement whose postings depend on them (a game
 * debit takes CASH first, then BONUS). Buckets that do not exist yet read as zero. Call it before
 * any other ledger write of the transaction, and post only movements whose other bounded accounts
 * are this player's: a lower-id account (WITHDRAWALS_PENDING) locked afterwards could deadlock.
 */
export async function lockPlayerAccounts(tx: Db, playerId: string, currency: string): Promise<LockedPlayerAccounts> {
  const rows = await query<{ id: bigint; bucket: string; balance: bigint }>(
    tx,
    sql`SELECT id, bucket, balance FROM wallet_account WHERE player_id = ${playerId} AND currency = ${currency} ORDER BY id FOR UPDATE`,
  );
  const state = transactionState(tx);
  const locked: LockedPlayerAccounts = { currency, cash: 0n, bonus: 0n };
  for (const row of rows) {
    state.accountIds.set(accountKey({ playerId, bucket: row.bucket as Bucket }, currency), BigInt(row.id));
    state.locked.add(BigInt(row.id));
    if (row.bucket === 'CASH') locked.cash = BigInt(row.balance);
    else if (row.bucket === 'BONUS') locked.bonus = BigInt(row.balance);
  }
  return locked;
}

/** The request as a stable text, to tell a replay from a different request under the same key. */
export function movementFingerprint(request: MovementRequest): string {
  const postings = request.postings
    .map((posting) => `${accountKey(posting.account, request.currency)}=${posting.amount}`)
    .sort()
    .join(';');
  return sha256Hex(
    JSON.stringify([
      request.kind,
      request.playerId,
      request.currency,
      String(request.amount),
      postings,
      request.reference ?? null,
      request.gameId ?? null,
      request.reversesTransactionId?.toString() ?? null,
    ]),
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
const FOREIGN_KEY_VIOLATION = '23503';

/** True when the database refused a write because the player it names does not exist. */
export function isUnknownPlayerError(error: unknown): boolean {
  return databaseErrorCode(error) === FOREIGN_KEY_VIOLATION;
}

interface Delta {
  accountId: bigint;
  amount: bigint;
  bounded: boolean;
  playerId: string | null;
}

/** One delta per account, zero deltas dropped, in ascending account id: the fixed lock order. */
function orderedDeltas(request: MovementRequest, idOf: (ref: AccountRef) => bigint): Delta[] {
  const deltas = new Map<bigint, Delta>();
  for (const { account, amount } of request.postings) {
    const accountId = idOf(account);
    const current = deltas.get(accountId);
    deltas.set(accountId, {
      accountId,
      amount: (current?.amount ?? 0n) + amount,
      bounded: 'house' in account ? !unboundedHouseAccounts.has(account.house) : true,
      playerId: 'playerId' in account ? account.playerId : null,
    });
  }
  return [...deltas.values()].filter((delta) => delta.amount !== 0n).sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

/** Every account id of the request when this transaction already knows them all (no query), else undefined. */
function knownDeltas(tx: Db, request: MovementRequest): Delta[] | undefined {
  const known = transactionState(tx).accountIds;
  let complete = true;
  const deltas = orderedDeltas(request, (ref) => {
    const id = 'house' in ref ? houseAccountIds.get(accountKey(ref, request.currency)) : known.get(accountKey(ref, request.currency));
    if (id === undefined) complete = false;
    return id ?? 0n;
  });
  return complete ? deltas : undefined;
}

function insufficientFundsFrom(error: unknown): never {
  if (databaseErrorCode(error) === CHECK_VIOLATION) throw new AppError('INSUFFICIENT_FUNDS');
  throw error;
}

/**
 * Applies one movement inside `tx` (open one with `inTransaction`). Accounts are locked in a
 * fixed order (ascending id) so concurrent movements cannot deadlock; a player balance that
 * would go negative throws INSUFFICIENT_FUNDS and the caller's transaction rolls back whole.
 * Players whose balances changed are named on BALANCE_CHANNEL once the transaction commits (right
 * after it, through `inTransaction`; inside it, delivered at commit, for a transaction opened otherwise).
 */
export async function postMovement(tx: Db, request: MovementRequest, hooks: PostingHooks = {}): Promise<MovementResult> {
  if (request.amount < 0n) throw new RangeError('the headline amount must not be negative');
  const total = request.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (total !== 0n) throw new RangeError(`postings of ${request.idempotencyKey} sum to ${total}, not 0`);

  const requestHash = request.requestFingerprint ?? movementFingerprint(request);
  const metadata = request.metadata ?? {};
  const state = transactionState(tx);
  const insertTransaction = sql`INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount, reference, game_id, reverses_transaction_id, metadata)
        VALUES (${request.idempotencyKey}, ${requestHash}, ${request.kind}, ${request.playerId}, ${request.currency}, ${request.amount},
                ${request.reference ?? null}, ${request.gameId ?? null}, ${request.reversesTransactionId ?? null}, ${JSON.stringify(metadata)}::jsonb)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, created_at`;

  const replayOrConflict = async (): Promise<MovementResult> => {
    const [existing] = await query<{ id: bigint; request_hash: string; created_at: Date | string; metadata: Record<string, unknown> }>(
      tx,
      sql`SELECT id, request_hash, created_at, metadata FROM wallet_transaction WHERE idempotency_key = ${request.idempotencyKey}`,
    );
    if (!existing) throw new Error(`transaction ${request.idempotencyKey} vanished`);
    if (existing.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { transactionId: BigInt(existing.id), replayed: true, createdAt: new Date(existing.created_at), metadata: existing.metadata };
  };

  // Inside `inTransaction` the changed players are announced after the commit; otherwise inside the transaction.
  const announcedAfterCommit = changedPlayersOf(tx);
  const changedPlayers = (deltas: Delta[]) => new Set(deltas.flatMap((delta) => (delta.playerId ? [delta.playerId] : [])));
  const announceLater = (players: Set<string>) => {
    for (const playerId of players) announcedAfterCommit?.add(playerId);
  };
  const notifyInside = (players: Set<string>) =>
    sql.join(
      [...players].map((playerId) => sql`SELECT pg_notify(${BALANCE_CHANNEL}, ${playerId}::text)`),
      sql` UNION ALL `,
    );

  // Fast path: with no hook to run between the claim and the posting, every account id known to
  // this transaction and at most one bounded account not already locked by it (so the lock order
  // cannot be broken), the key claim, the balance updates and the entries are one statement. A
  // claimed key (a replay) leaves the rest of the statement with nothing to do.
  const fast = hooks.beforePosting ? undefined : knownDeltas(tx, request);
  if (fast && fast.filter((delta) => delta.bounded && !state.locked.has(delta.accountId)).length <= 1) {
    const bounded = fast.filter((delta) => delta.bounded);
    const updates = bounded.map(
      (delta, index) =>
        sql`${sql.raw(`u${index}`)} AS (UPDATE wallet_account SET balance = balance + ${delta.amount} WHERE id = ${delta.accountId} AND EXISTS (SELECT 1 FROM t) RETURNING id, balance)`,
    );
    const balances = sql.raw(
      bounded.length === 0
        ? '(SELECT NULL::bigint AS id, NULL::bigint AS balance WHERE false)'
        : `(${bounded.map((_, index) => `SELECT id, balance FROM u${index}`).join(' UNION ALL ')})`,
    );
    const entryValues = sql.join(
      fast.map((delta) => sql`(${delta.accountId}::bigint, ${delta.amount}::bigint)`),
      sql`, `,
    );
    const players = changedPlayers(fast);
    const notifyNow = !announcedAfterCommit && players.size > 0;
    const notices = notifyNow ? sql`, n AS (${notifyInside(players)})` : sql``;
    const statement =
      fast.length === 0
        ? sql`WITH t AS (${insertTransaction}) SELECT id, created_at FROM t`
        : sql`WITH t AS (${insertTransaction}),
            ${sql.join(updates, sql`, `)}${bounded.length > 0 ? sql`,` : sql``}
            b AS ${balances},
            e AS (INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
                  SELECT t.id, v.account_id, v.amount, b.balance FROM t CROSS JOIN (VALUES ${entryValues}) AS v(account_id, amount) LEFT JOIN b ON b.id = v.account_id
                  RETURNING 1)${notices}
            SELECT id, created_at${notifyNow ? sql`, (SELECT COUNT(*) FROM n) AS notices` : sql``} FROM t`;
    const [row] = await query<{ id: bigint; created_at: Date | string }>(tx, statement).catch(insufficientFundsFrom);
    if (!row) return replayOrConflict();
    for (const delta of bounded) state.locked.add(delta.accountId);
    announceLater(players);
    return { transactionId: BigInt(row.id), replayed: false, createdAt: new Date(row.created_at), metadata };
  }

  const [inserted] = await query<{ id: bigint; created_at: Date | string }>(tx, insertTransaction);
  if (!inserted) return replayOrConflict();
  const transactionId = BigInt(inserted.id);
  if (hooks.beforePosting) await hooks.beforePosting(transactionId);

  // Resolve every account (one query per player whose ids this transaction has not seen yet).
  const bucketsByPlayer = new Map<string, Set<Bucket>>();
  for (const { account } of request.postings) {
    if ('playerId' in account) bucketsByPlayer.set(account.playerId, (bucketsByPlayer.get(account.playerId) ?? new Set()).add(account.bucket));
  }
  for (const [playerId, buckets] of bucketsByPlayer) await playerAccountIds(tx, playerId, request.currency, [...buckets]);
  for (const { account } of request.postings) if ('house' in account) await houseAccountId(tx, account.house, request.currency);
  const deltas = knownDeltas(tx, request);
  if (!deltas) throw new Error('accounts not resolved');

  const entries: { accountId: bigint; amount: bigint; balanceAfter: bigint | null }[] = [];
  for (const delta of deltas) {
    if (!delta.bounded) {
      entries.push({ accountId: delta.accountId, amount: delta.amount, balanceAfter: null });
      continue;
    }
    const [row] = await query<{ balance: bigint }>(
      tx,
      sql`UPDATE wallet_account SET balance = balance + ${delta.amount} WHERE id = ${delta.accountId} RETURNING balance`,
    ).catch(insufficientFundsFrom);
    if (!row) throw new Error(`account ${delta.accountId} not found`);
    state.locked.add(delta.accountId);
    entries.push({ accountId: delta.accountId, amount: delta.amount, balanceAfter: BigInt(row.balance) });
  }
  if (entries.length > 0) {
    const values = sql.join(
      entries.map((entry) => sql`(${transactionId}, ${entry.accountId}, ${entry.amount}, ${entry.balanceAfter})`),
      sql`, `,
    );
    const insertEntries = sql`INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after) VALUES ${values}`;
    const players = changedPlayers(deltas);
    // The entries and the notices in one round trip; a notice inside the transaction is delivered only if it commits.
    await query(tx, announcedAfterCommit || players.size === 0 ? insertEntries : sql`WITH e AS (${insertEntries} RETURNING 1) ${notifyInside(players)}`);
    announceLater(players);
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
