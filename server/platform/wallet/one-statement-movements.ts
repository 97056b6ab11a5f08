import { executePrepared, type Db, type StatementParams } from '../../db/database';
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
 * $1 key, $2 fingerprint, $3 kind, $4 player, $5 currency, $6 amount, $7 reference, $8 game id,
 * $9 metadata (the split is added), $10 the house GAME account.
 */
const DEBIT = `WITH a AS (
    SELECT id, bucket, balance FROM wallet_account
     WHERE player_id = $4 AND currency = $5 AND bucket IN ('CASH', 'BONUS')
     ORDER BY id FOR UPDATE),
  s AS (
    SELECT c.id AS cash_id, c.balance AS cash_before, b.id AS bonus_id, coalesce(b.balance, 0) AS bonus_before,
           least(c.balance, $6::bigint) AS cash_take, $6::bigint - least(c.balance, $6::bigint) AS bonus_take
      FROM (SELECT id, balance FROM a WHERE bucket = 'CASH') AS c
      LEFT JOIN (SELECT id, balance FROM a WHERE bucket = 'BONUS') AS b ON true
     WHERE c.balance + coalesce(b.balance, 0) >= $6::bigint),
  t AS (
    INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount, reference, game_id, metadata)
    SELECT $1, $2, $3, $4, $5, $6::bigint, $7, $8,
           $9::jsonb || jsonb_build_object('split', jsonb_build_object('cash', s.cash_take::text, 'bonus', s.bonus_take::text))
      FROM s
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, created_at),
  u AS (
    UPDATE wallet_account SET balance = wallet_account.balance - (CASE WHEN wallet_account.id = s.cash_id THEN s.cash_take ELSE s.bonus_take END)
      FROM s, t
     WHERE (wallet_account.id = s.cash_id AND s.cash_take > 0) OR (wallet_account.id = s.bonus_id AND s.bonus_take > 0)
    RETURNING wallet_account.id),
  e AS (
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT t.id, v.account_id, v.amount, v.balance_after
      FROM t CROSS JOIN s CROSS JOIN LATERAL (VALUES
             (s.cash_id, -s.cash_take, s.cash_before - s.cash_take),
             (s.bonus_id, -s.bonus_take, s.bonus_before - s.bonus_take),
             ($10::bigint, $6::bigint, NULL::bigint)) AS v(account_id, amount, balance_after)
     WHERE v.amount <> 0
    RETURNING 1)
  SELECT t.id, t.created_at, s.cash_before - s.cash_take AS cash, s.bonus_before - s.bonus_take AS bonus, s.cash_take, s.bonus_take,
         (SELECT count(*) FROM u) + (SELECT count(*) FROM e) AS written
    FROM t CROSS JOIN s`;

/** The same parameters as DEBIT; the metadata is stored as given. */
const CREDIT = `WITH c AS (
    SELECT id, balance FROM wallet_account WHERE player_id = $4 AND currency = $5 AND bucket = 'CASH' FOR UPDATE),
  t AS (
    INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount, reference, game_id, metadata)
    SELECT $1, $2, $3, $4, $5, $6::bigint, $7, $8, $9::jsonb
      FROM c
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, created_at),
  u AS (
    UPDATE wallet_account SET balance = wallet_account.balance + $6::bigint FROM c, t WHERE wallet_account.id = c.id AND $6::bigint > 0 RETURNING 1),
  e AS (
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT t.id, v.account_id, v.amount, v.balance_after
      FROM t CROSS JOIN c CROSS JOIN LATERAL (VALUES
             (c.id, $6::bigint, c.balance + $6::bigint),
             ($10::bigint, -$6::bigint, NULL::bigint)) AS v(account_id, amount, balance_after)
     WHERE $6::bigint > 0
    RETURNING 1)
  SELECT t.id, t.created_at, c.balance + $6::bigint AS cash,
         coalesce((SELECT balance FROM wallet_account WHERE player_id = $4 AND currency = $5 AND bucket = 'BONUS'), 0) AS bonus,
         (SELECT count(*) FROM u) + (SELECT count(*) FROM e) AS written
    FROM t CROSS JOIN c`;

async function run(db: Db, name: string, text: string, movement: GameMovement): Promise<Row | undefined> {
  const game = await houseAccountId(db, 'GAME', movement.currency);
  const { idempotencyKey, requestFingerprint, kind, playerId, currency, amount, reference, gameId, metadata } = movement;
  const [row] = await executePrepared<Row>(db, name, text, [idempotencyKey, requestFingerprint, kind, playerId, currency, String(amount), reference, gameId, JSON.stringify(metadata), String(game)]);
  return row;
}

/**
 * Takes `amount` from the player's CASH, the rest from BONUS, to the house GAME account; the
 * split goes into the metadata as `split: {cash, bonus}` (strings of minor units).
 */
export async function debitInOneStatement(db: Db, movement: GameMovement): Promise<OneStatementOutcome | undefined> {
  if (movement.amount <= 0n) throw new RangeError('a debit amount must be positive');
  const row = await run(db, 'wallet-game-debit', DEBIT, movement);
  if (!row) return undefined;
  const split = { cash: BigInt(row.cash_take ?? 0n), bonus: BigInt(row.bonus_take ?? 0n) };
  announceAfterCommit(db, [movement.playerId]);
  return outcome(row, split, { ...movement.metadata, split: { cash: String(split.cash), bonus: String(split.bonus) } });
}

/** Pays `amount` from the house GAME account into the player's CASH; zero records the key and moves nothing. */
export async function creditInOneStatement(db: Db, movement: GameMovement): Promise<OneStatementOutcome | undefined> {
  if (movement.amount < 0n) throw new RangeError('a credit amount must not be negative');
  const row = await run(db, 'wallet-game-credit', CREDIT, movement);
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
  const player = params.add(bet.playerId, 'uuid');
  const currency = params.add(bet.currency);
  const stake = params.add(bet.amount, 'bigint');
  const won = params.add(win.amount, 'bigint');
  const game = params.add(gameAccount, 'bigint');
  const locks = `a AS (
    SELECT id, bucket, balance FROM wallet_account
     WHERE player_id = ${player} AND currency = ${currency} AND bucket IN ('CASH', 'BONUS') AND EXISTS (SELECT 1 FROM ${after})
     ORDER BY id FOR UPDATE),
  funds AS (
    SELECT c.id AS cash_id, c.balance AS cash_before, b.id AS bonus_id, coalesce(b.balance, 0) AS bonus_before,
           least(c.balance, ${stake}) AS cash_take, ${stake} - least(c.balance, ${stake}) AS bonus_take
      FROM (SELECT id, balance FROM a WHERE bucket = 'CASH') AS c
      LEFT JOIN (SELECT id, balance FROM a WHERE bucket = 'BONUS') AS b ON true
     WHERE c.balance + coalesce(b.balance, 0) >= ${stake})`;
  const transaction = (movement: GameMovement, amount: string, metadata: string) => `
    INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount, reference, game_id, metadata)
    SELECT ${params.add(movement.idempotencyKey)}, ${params.add(movement.requestFingerprint)}, ${params.add(movement.kind)}, ${player}, ${currency}, ${amount},
           ${params.add(movement.reference)}, ${params.add(movement.gameId)}, ${metadata}`;
  const writes = `tb AS (${transaction(bet, stake, `${params.add(JSON.stringify(bet.metadata), 'jsonb')} || jsonb_build_object('split', jsonb_build_object('cash', funds.cash_take::text, 'bonus', funds.bonus_take::text))`)}
      FROM funds, ${claim}
    RETURNING id, created_at),
  tw AS (${transaction(win, won, params.add(JSON.stringify(win.metadata), 'jsonb'))}
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
