import { executePrepared, StatementParams, type Db } from '../../db/database';
import { announceAfterCommit, houseAccountId, type MovementResult } from './ledger';

/**
 * A game's debit and credit in one SQL statement each: the claim of the idempotency key, the lock
 * of the player's buckets, the balance updates and the entries are one round trip, which commits
 * on its own outside a transaction (or joins the caller's). This is the hot path of every round;
 * it produces exactly the rows `postMovement` would (same key, fingerprint, kind, metadata, entries
 * and balances after).
 *
 * It answers only the ordinary case. When the statement writes nothing (the key was already
 * claimed, the player cannot afford the debit, the player has no account in the currency) it
 * answers `undefined` and changes nothing, and the caller takes the general path, which tells a
 * replay from a conflict, INSUFFICIENT_FUNDS from an unknown player.
 *
 * Concurrency: the player's CASH and BONUS rows are locked first (`FOR UPDATE`, ascending id, the
 * ledger's lock order); under READ COMMITTED a locked row is read in its newest committed version,
 * so the split and the balances after are computed from the balances the update applies to. The
 * house GAME account keeps no running balance, so it is not locked. The database's own checks
 * (no negative balance, balanced transaction at commit) still hold every row written here.
 */

export interface GameMovement {
  idempotencyKey: string;
  requestFingerprint: string;
  kind: string;
  playerId: string;
  currency: string;
  /** Minor units; positive for a debit, zero or positive for a credit. */
  amount: bigint;
  reference: string;
  gameId: string;
  metadata: Record<string, unknown>;
}

export interface OneStatementOutcome extends MovementResult {
  /** The player's buckets in the movement's currency after it. */
  cash: bigint;
  bonus: bigint;
  /** The debit's parts (a credit: all cash). */
  split: { cash: bigint; bonus: bigint };
}

interface Row {
  id: bigint;
  created_at: Date | string;
  cash: bigint;
  bonus: bigint;
  cash_take?: bigint;
  bonus_take?: bigint;
}

function outcome(row: Row, split: { cash: bigint; bonus: bigint }, metadata: Record<string, unknown>): OneStatementOutcome {
  return {
    transactionId: BigInt(row.id),
    replayed: false,
    createdAt: new Date(row.created_at),
    metadata,
    cash: BigInt(row.cash),
    bonus: BigInt(row.bonus),
    split,
  };
}

/**
 * The CTEs `a` (the player's CASH and BONUS rows in the currency, locked `FOR UPDATE` in ascending
 * id order, the ledger's lock order; when `after` names a CTE, only once it has yielded a row, so a
 * caller's own lock comes first) and `funds` (one row when the player can afford `stake`, with the
 * split a debit makes: cash first, then bonus).
 */
function bucketLocks({ player, currency, stake }: { player: string; currency: string; stake: string }, after?: string): string {
  return `a AS (
    SELECT id, bucket, balance FROM wallet_account
     WHERE player_id = ${player} AND currency = ${currency} AND bucket IN ('CASH', 'BONUS')${after ? ` AND EXISTS (SELECT 1 FROM ${after})` : ''}
     ORDER BY id FOR UPDATE),
  funds AS (
    SELECT c.id AS cash_id, c.balance AS cash_before, b.id AS bonus_id, coalesce(b.balance, 0) AS bonus_before,
           least(c.balance, ${stake}) AS cash_take, ${stake} - least(c.balance, ${stake}) AS bonus_take
      FROM (SELECT id, balance FROM a WHERE bucket = 'CASH') AS c
      LEFT JOIN (SELECT id, balance FROM a WHERE bucket = 'BONUS') AS b ON true
     WHERE c.balance + coalesce(b.balance, 0) >= ${stake})`;
}

/** `INSERT INTO wallet_transaction … SELECT <the movement's values>` (the caller adds FROM and RETURNING). */
function transactionInsert(params: StatementParams, movement: GameMovement, ids: { player: string; currency: string; amount: string }, metadata: string): string {
  return `INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount, reference, game_id, metadata)
    SELECT ${params.add(movement.idempotencyKey)}, ${params.add(movement.requestFingerprint)}, ${params.add(movement.kind)}, ${ids.player}, ${ids.currency}, ${ids.amount},
           ${params.add(movement.reference)}, ${params.add(movement.gameId)}, ${metadata}`;
}

/** A debit's metadata with the split `funds` computed (`split: {cash, bonus}`, strings of minor units). */
function splitMetadata(params: StatementParams, movement: GameMovement): string {
  return `${params.add(JSON.stringify(movement.metadata), 'jsonb')} || jsonb_build_object('split', jsonb_build_object('cash', funds.cash_take::text, 'bonus', funds.bonus_take::text))`;
}

/** The placeholders every statement here shares: the player, the currency and the amount. */
function movementIds(params: StatementParams, movement: GameMovement): { player: string; currency: string; amount: string } {
  return { player: params.add(movement.playerId, 'uuid'), currency: params.add(movement.currency), amount: params.add(movement.amount, 'bigint') };
}

/** The debit: the key claimed (`t`, ON CONFLICT DO NOTHING) only when the player can afford it. */
function debitStatement(params: StatementParams, movement: GameMovement, gameAccount: bigint): string {
  const ids = movementIds(params, movement);
  const game = params.add(gameAccount, 'bigint');
  return `WITH ${bucketLocks({ ...ids, stake: ids.amount })},
  t AS (
    ${transactionInsert(params, movement, ids, splitMetadata(params, movement))}
      FROM funds
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, created_at),
  u AS (
    UPDATE wallet_account SET balance = wallet_account.balance - (CASE WHEN wallet_account.id = funds.cash_id THEN funds.cash_take ELSE funds.bonus_take END)
      FROM funds, t
     WHERE (wallet_account.id = funds.cash_id AND funds.cash_take > 0) OR (wallet_account.id = funds.bonus_id AND funds.bonus_take > 0)
    RETURNING 1),
  e AS (
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT t.id, v.account_id, v.amount, v.balance_after
      FROM t CROSS JOIN funds CROSS JOIN LATERAL (VALUES
             (funds.cash_id, -funds.cash_take, funds.cash_before - funds.cash_take),
             (funds.bonus_id, -funds.bonus_take, funds.bonus_before - funds.bonus_take),
             (${game}, ${ids.amount}, NULL::bigint)) AS v(account_id, amount, balance_after)
     WHERE v.amount <> 0
    RETURNING 1)
  SELECT t.id, t.created_at, funds.cash_before - funds.cash_take AS cash, funds.bonus_before - funds.bonus_take AS bonus, funds.cash_take, funds.bonus_take
    FROM t CROSS JOIN funds`;
}

/** The credit into CASH; the metadata is stored as given. */
function creditStatement(params: StatementParams, movement: GameMovement, gameAccount: bigint): string {
  const ids = movementIds(params, movement);
  const game = params.add(gameAccount, 'bigint');
  return `WITH c AS (
    SELECT id, balance FROM wallet_account WHERE player_id = ${ids.player} AND currency = ${ids.currency} AND bucket = 'CASH' FOR UPDATE),
  t AS (
    ${transactionInsert(params, movement, ids, params.add(JSON.stringify(movement.metadata), 'jsonb'))}
      FROM c
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, created_at),
  u AS (
    UPDATE wallet_account SET balance = wallet_account.balance + ${ids.amount} FROM c, t WHERE wallet_account.id = c.id AND ${ids.amount} > 0 RETURNING 1),
  e AS (
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT t.id, v.account_id, v.amount, v.balance_after
      FROM t CROSS JOIN c CROSS JOIN LATERAL (VALUES
             (c.id, ${ids.amount}, c.balance + ${ids.amount}),
             (${game}, -${ids.amount}, NULL::bigint)) AS v(account_id, amount, balance_after)
     WHERE ${ids.amount} > 0
    RETURNING 1)
  SELECT t.id, t.created_at, c.balance + ${ids.amount} AS cash,
         coalesce((SELECT balance FROM wallet_account WHERE player_id = ${ids.player} AND currency = ${ids.currency} AND bucket = 'BONUS'), 0) AS bonus
    FROM t CROSS JOIN c`;
}

async function run(db: Db, name: string, statement: typeof debitStatement, movement: GameMovement): Promise<Row | undefined> {
  const params = new StatementParams();
  const text = statement(params, movement, await houseAccountId(db, 'GAME', movement.currency));
  const [row] = await executePrepared<Row>(db, name, text, params.values);
  return row;
}

/**
 * Takes `amount` from the player's CASH, the rest from BONUS, to the house GAME account; the
 * split goes into the metadata as `split: {cash, bonus}` (strings of minor units).
 */
export async function debitInOneStatement(db: Db, movement: GameMovement): Promise<OneStatementOutcome | undefined> {
  if (movement.amount <= 0n) throw new RangeError('a debit amount must be positive');
  const row = await run(db, 'wallet-game-debit', debitStatement, movement);
  if (!row) return undefined;
  const split = { cash: BigInt(row.cash_take ?? 0n), bonus: BigInt(row.bonus_take ?? 0n) };
  announceAfterCommit(db, [movement.playerId]);
  return outcome(row, split, { ...movement.metadata, split: { cash: String(split.cash), bonus: String(split.bonus) } });
}

/** Pays `amount` from the house GAME account into the player's CASH; zero records the key and moves nothing. */
export async function creditInOneStatement(db: Db, movement: GameMovement): Promise<OneStatementOutcome | undefined> {
  if (movement.amount < 0n) throw new RangeError('a credit amount must not be negative');
  const row = await run(db, 'wallet-game-credit', creditStatement, movement);
  if (!row) return undefined;
  if (movement.amount > 0n) announceAfterCommit(db, [movement.playerId]);
  return outcome(row, { cash: movement.amount, bonus: 0n }, movement.metadata);
}

/** A whole instant round's money: the bet (a debit) and the win (a credit, zero when nothing is won). */
export interface RoundMovements {
  bet: GameMovement;
  win: GameMovement;
  /** The house GAME account in the round's currency (`houseAccountId`). */
  gameAccount: bigint;
}

/**
 * The money of one instant round as parts of a statement that also writes the game's own rows,
 * so the round, its bet and its win commit together in one round trip. The parts use fixed CTE
 * names:
 *
 * - `locks` defines `a` (the player's CASH and BONUS rows, locked `FOR UPDATE` in ascending id
 *   order once the caller's CTE `after` has yielded a row: the caller's own lock comes first, as on
 *   the general path) and `funds` (one row when the player can afford the bet, with the split:
 *   cash first, then bonus).
 * - `writes` defines `tb` and `tw` (the bet's and the win's ledger transactions, written only when
 *   the caller's CTE `claim` yields a row), `u` (the buckets' new balances: one update per row, as a
 *   row may be updated once per statement) and `e` (the entries, with the balances after the bet and
 *   after the win as the general path records them).
 * - `balances` is a select list: `cash` and `bonus` after the round, over `funds`.
 *
 * The rows written are exactly those of a debit followed by a credit on the general path (same
 * keys, fingerprints, kinds, metadata, entries and balances after); a retry of either is a replay.
 */
export function roundMoneyParts({ bet, win, gameAccount }: RoundMovements, params: StatementParams, { after, claim }: { after: string; claim: string }): { locks: string; writes: string; balances: string } {
  if (bet.amount <= 0n) throw new RangeError('a bet must be positive');
  if (win.amount < 0n) throw new RangeError('a win must not be negative');
  if (bet.playerId !== win.playerId || bet.currency !== win.currency) throw new Error("a round's bet and win belong to one player and currency");
  const ids = movementIds(params, bet);
  const { player, currency, amount: stake } = ids;
  const won = params.add(win.amount, 'bigint');
  const game = params.add(gameAccount, 'bigint');
  const locks = bucketLocks({ ...ids, stake }, after);
  const writes = `tb AS (
    ${transactionInsert(params, bet, ids, splitMetadata(params, bet))}
      FROM funds, ${claim}
    RETURNING id, created_at),
  tw AS (
    ${transactionInsert(params, win, { player, currency, amount: won }, params.add(JSON.stringify(win.metadata), 'jsonb'))}
      FROM tb
    RETURNING id),
  u AS (
    UPDATE wallet_account
       SET balance = CASE WHEN wallet_account.id = funds.cash_id THEN funds.cash_before - funds.cash_take + ${won} ELSE funds.bonus_before - funds.bonus_take END
      FROM funds, tw
     WHERE (wallet_account.id = funds.cash_id AND (funds.cash_take > 0 OR ${won} > 0)) OR (wallet_account.id = funds.bonus_id AND funds.bonus_take > 0)
    RETURNING 1),
  e AS (
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT v.transaction_id, v.account_id, v.amount, v.balance_after
      FROM tb CROSS JOIN tw CROSS JOIN funds CROSS JOIN LATERAL (VALUES
             (tb.id, funds.cash_id, -funds.cash_take, funds.cash_before - funds.cash_take),
             (tb.id, funds.bonus_id, -funds.bonus_take, funds.bonus_before - funds.bonus_take),
             (tb.id, ${game}, ${stake}, NULL::bigint),
             (tw.id, funds.cash_id, ${won}, funds.cash_before - funds.cash_take + ${won}),
             (tw.id, ${game}, -${won}, NULL::bigint)) AS v(transaction_id, account_id, amount, balance_after)
     WHERE v.amount <> 0
    RETURNING 1)`;
  const balances = `funds.cash_before - funds.cash_take + ${won} AS cash, funds.bonus_before - funds.bonus_take AS bonus`;
  return { locks, writes, balances };
}
