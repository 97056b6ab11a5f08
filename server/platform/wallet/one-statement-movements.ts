import { executePrepared, StatementParams, type Db } from '../../db/database';
import { announceAfterCommit, houseAccountId, type Bucket, type MovementResult } from './ledger';
import {
  conditionsSql,
  statementName,
  statementParts,
  walletOf,
  writesSql,
  type MoneyMovement,
  type StatementContext,
  type StatementParts,
  type Wallet,
} from './money-policy';
import { balanceAfterSql, bucketLiteral, stakeSplitSql, STAKE_ORDER, WIN_BUCKET, winSplitSql } from './money-rules';

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
 *
 * Money rules and policies: the stake's split and the win's come from `money-rules.ts`, as on the
 * general path. A credit on its own pays only a win the rules pay all into WIN_BUCKET (the round's
 * stakes took nothing from BONUS, `roundStakesSql`); a win with a share for BONUS takes the general
 * path. The registered money policies (`money-policy.ts`) add their statement parts — a
 * condition in `funds`, which gates every write, and their own CTEs after the ledger's; when one
 * of them needs the general path for the movement the statement is not run at all (`undefined`).
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
  /** The movement as the money policies see it. */
  money: MoneyMovement;
  /**
   * A credit: the round's bets the win is split by (money-rules `splitWin`): the debits of kind
   * `betKind` of this player, currency and provider whose reference is the credit's.
   */
  wonWith?: { betKind: string; providerId: string };
}

export interface OneStatementOutcome extends MovementResult {
  /** The player's buckets in the movement's currency after it. */
  cash: bigint;
  bonus: bigint;
  /** The debit's parts (a credit on its own: all cash). */
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

/** The columns `funds` has per bucket: its account id, its balance before, and what the stake takes from it. */
const column = (bucket: Bucket, what: 'id' | 'before' | 'take') => `funds.${bucket.toLowerCase()}_${what}`;

/** The buckets with WIN_BUCKET first: a player without it (no account in the currency yet) takes the general path. */
const BUCKETS: readonly Bucket[] = [WIN_BUCKET, ...STAKE_ORDER.filter((bucket) => bucket !== WIN_BUCKET)];

/**
 * SQL generated from the money rules once, at start-up, with slots for placeholders (the stake,
 * the win): the hot path fills the slots instead of generating the text again per round.
 */
function withSlot(build: (slot: string) => string): (value: string) => string {
  const pieces = build('\u0000').split('\u0000');
  return (value) => pieces.join(value);
}
function withSlots(build: (first: string, second: string) => string): (first: string, second: string) => string {
  const pieces = build('\u0000', '\u0001')
    .split('\u0000')
    .map((piece) => piece.split('\u0001'));
  return (first, second) => pieces.map((piece) => piece.join(second)).join(first);
}

const alias = (bucket: Bucket) => `x_${bucket.toLowerCase()}`;
const balanceBefore = (bucket: Bucket) => (bucket === WIN_BUCKET ? `${alias(bucket)}.balance` : `coalesce(${alias(bucket)}.balance, 0)`);

/** `funds`'s select list, FROM and affordability check for a stake (the money rules' split per bucket). */
const fundsSql = withSlot((stake) => {
  const takes = stakeSplitSql(Object.fromEntries(BUCKETS.map((bucket) => [bucket, balanceBefore(bucket)])) as Record<Bucket, string>, stake);
  const select = BUCKETS.map(
    (bucket) =>
      `${alias(bucket)}.id AS ${bucket.toLowerCase()}_id, ${balanceBefore(bucket)} AS ${bucket.toLowerCase()}_before, ${takes[bucket]} AS ${bucket.toLowerCase()}_take`,
  ).join(',\n           ');
  const from = BUCKETS.map((bucket, index) => {
    const rows = `(SELECT id, balance FROM a WHERE bucket = ${bucketLiteral(bucket)}) AS ${alias(bucket)}`;
    return index === 0 ? rows : `LEFT JOIN ${rows} ON true`;
  }).join('\n      ');
  return `SELECT ${select}
      FROM ${from}
     WHERE ${BUCKETS.map(balanceBefore).join(' + ')} >= ${stake}`;
});

const BUCKET_LIST = BUCKETS.map(bucketLiteral).join(', ');

/**
 * The CTEs `a` (the player's buckets in the currency, locked `FOR UPDATE` in ascending id order,
 * the ledger's lock order; when `after` names a CTE, only once it has yielded a row, so a caller's
 * own lock comes first) and `funds` (one row when the player can afford `stake` and every policy
 * condition holds, with each bucket's id, balance before and take: the money rules' split).
 */
function bucketLocks(
  { player, currency, stake }: { player: string; currency: string; stake: string },
  conditions: readonly string[],
  after?: string,
  policyLocks: readonly string[] = [],
): string {
  return `a AS (
    SELECT id, bucket, balance FROM wallet_account
     WHERE player_id = ${player} AND currency = ${currency} AND bucket IN (${BUCKET_LIST})${after ? ` AND EXISTS (SELECT 1 FROM ${after})` : ''}
     ORDER BY id FOR UPDATE),${policyLocks
       .map(
         (lock) => `
  ${lock},`,
       )
       .join('')}
  funds AS (
    ${fundsSql(stake)}${conditionsSql(conditions)})`;
}

/** A stake's entries on the player's buckets, `(transaction, account, amount, balance after)` rows of a VALUES list. */
const stakeEntries = (transactionId: string): string[] =>
  STAKE_ORDER.map(
    (bucket) => `(${transactionId}, ${column(bucket, 'id')}, -${column(bucket, 'take')}, ${column(bucket, 'before')} - ${column(bucket, 'take')})`,
  );
const DEBIT_ENTRIES = stakeEntries('t.id');
const ROUND_BET_ENTRIES = stakeEntries('tb.id');

/** The debit's balance update (each bucket less its take) and its answer's columns. */
const DEBIT_SET = `CASE ${STAKE_ORDER.map((bucket) => `WHEN wallet_account.id = ${column(bucket, 'id')} THEN ${column(bucket, 'take')}`).join(' ')} END`;
const DEBIT_WHERE = STAKE_ORDER.map((bucket) => `(wallet_account.id = ${column(bucket, 'id')} AND ${column(bucket, 'take')} > 0)`).join(' OR ');
const DEBIT_ANSWER = STAKE_ORDER.map(
  (bucket) => `${column(bucket, 'before')} - ${column(bucket, 'take')} AS ${bucket.toLowerCase()}, ${column(bucket, 'take')} AS ${bucket.toLowerCase()}_take`,
).join(', ');

/**
 * What a round's win pays into each bucket (the money rules' `winSplitSql`: the share the bet's
 * BONUS part produced into BONUS, the rest into WIN_BUCKET), and from it the round's balance
 * update, win entries and answer's columns, with slots for the win and the stake.
 */
const roundPaid = (won: string, stake: string) => winSplitSql(won, stake, column('BONUS', 'take'));
const roundBalanceAfter = (bucket: Bucket, won: string, stake: string) =>
  balanceAfterSql(column(bucket, 'before'), column(bucket, 'take'), roundPaid(won, stake)[bucket]);
const roundUpdateSql = withSlots(
  (
    won,
    stake,
  ) => `SET balance = CASE ${STAKE_ORDER.map((bucket) => `WHEN wallet_account.id = ${column(bucket, 'id')} THEN ${roundBalanceAfter(bucket, won, stake)}`).join(' ')} END
      FROM funds, tw
     WHERE ${STAKE_ORDER.map((bucket) => `(wallet_account.id = ${column(bucket, 'id')} AND (${column(bucket, 'take')} > 0 OR ${roundPaid(won, stake)[bucket]} > 0))`).join(' OR ')}`,
);
/** The win's entries, one per bucket it pays into (the caller drops those of 0). */
const roundWinEntriesSql = withSlots((won, stake) =>
  BUCKETS.map((bucket) => `(tw.id, ${column(bucket, 'id')}, ${roundPaid(won, stake)[bucket]}, ${roundBalanceAfter(bucket, won, stake)})`).join(
    ',\n             ',
  ),
);
const roundBalancesSql = withSlots((won, stake) =>
  STAKE_ORDER.map((bucket) => `${roundBalanceAfter(bucket, won, stake)} AS ${bucket.toLowerCase()}`).join(', '),
);

/**
 * One row `(stake, from_bonus)`: what the round's bets (debits of `betKind` by the provider, for the
 * player in the currency, referenced by the round) staked in all and of it from BONUS, as their
 * recorded splits say. A win is split by them (money rules); the general path reads the same row.
 */
export function roundStakesSql(ids: { player: string; currency: string; round: string; betKind: string; providerId: string }): string {
  return `SELECT coalesce(sum(rb.amount), 0)::bigint AS stake, coalesce(sum((rb.metadata->'split'->>'bonus')::bigint), 0)::bigint AS from_bonus
      FROM wallet_transaction rb
     WHERE rb.reference = ${ids.round} AND rb.player_id = ${ids.player} AND rb.currency = ${ids.currency} AND rb.kind = ${ids.betKind}
       AND rb.metadata->>'providerId' = ${ids.providerId}`;
}

/** `INSERT INTO wallet_transaction … SELECT <the movement's values>` (the caller adds FROM and RETURNING). */
function transactionInsert(
  params: StatementParams,
  movement: GameMovement,
  ids: { player: string; currency: string; amount: string },
  metadata: string,
): string {
  return `INSERT INTO wallet_transaction (idempotency_key, request_hash, kind, player_id, currency, amount, reference, game_id, metadata)
    SELECT ${params.add(movement.idempotencyKey)}, ${params.add(movement.requestFingerprint)}, ${params.add(movement.kind)}, ${ids.player}, ${ids.currency}, ${ids.amount},
           ${params.add(movement.reference)}, ${params.add(movement.gameId)}, ${metadata}`;
}

/** A debit's metadata with the split `funds` computed (`split: {cash, bonus}`, strings of minor units). */
function splitMetadata(params: StatementParams, movement: GameMovement): string {
  return `${params.add(JSON.stringify(movement.metadata), 'jsonb')} || jsonb_build_object('split', jsonb_build_object('cash', ${column('CASH', 'take')}::text, 'bonus', ${column('BONUS', 'take')}::text))`;
}

/** The placeholders every statement here shares: the player, the currency and the amount. */
function movementIds(params: StatementParams, movement: GameMovement): { player: string; currency: string; amount: string } {
  return { player: params.add(movement.playerId, 'uuid'), currency: params.add(movement.currency), amount: params.add(movement.amount, 'bigint') };
}

/** The policies' parts of a stake taken in a statement whose ledger transaction is the CTE `t`. */
function stakeParts(
  wallet: Wallet,
  params: StatementParams,
  movement: GameMovement,
  ids: { player: string; currency: string; amount: string },
  t: string,
  round?: { win: string },
): StatementParts | undefined {
  return statementParts(
    wallet,
    movement.money,
    (): StatementContext => ({
      params,
      ...ids,
      from: `${t} CROSS JOIN funds`,
      transactionId: `${t}.id`,
      cash: `-${column('CASH', 'take')}`,
      bonus: `-${column('BONUS', 'take')}`,
      locked: 'a',
      ...(round ? { round } : {}),
    }),
  );
}

/**
 * The policies' parts of a win of `won`, paying `paid` into each bucket, in a statement whose
 * ledger transaction is the CTE `t` (`from`: the FROM list over which `paid` is valid, `t` at least).
 */
function winParts(
  wallet: Wallet,
  params: StatementParams,
  movement: GameMovement,
  ids: { player: string; currency: string },
  won: string,
  paid: { cash: string; bonus: string },
  { t, from, locked }: { t: string; from: string; locked: string },
  inRound = false,
): StatementParts | undefined {
  return statementParts(
    wallet,
    movement.money,
    (): StatementContext => ({
      params,
      ...ids,
      amount: won,
      from,
      transactionId: `${t}.id`,
      ...paid,
      locked,
      ...(inRound ? { round: { paidWithBet: true } as const } : {}),
    }),
  );
}

interface Statement {
  text: string;
  parts: StatementParts[];
}

/** The debit: the key claimed (`t`, ON CONFLICT DO NOTHING) only when the player can afford it and every policy condition holds. */
function debitStatement(wallet: Wallet, params: StatementParams, movement: GameMovement, gameAccount: bigint): Statement | undefined {
  const ids = movementIds(params, movement);
  const game = params.add(gameAccount, 'bigint');
  const parts = stakeParts(wallet, params, movement, ids, 't');
  if (!parts) return undefined;
  const text = `WITH ${bucketLocks({ ...ids, stake: ids.amount }, parts.conditions, undefined, parts.locks)},
  t AS (
    ${transactionInsert(params, movement, ids, splitMetadata(params, movement))}
      FROM funds
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, created_at),
  u AS (
    UPDATE wallet_account SET balance = wallet_account.balance - (${DEBIT_SET})
      FROM funds, t
     WHERE ${DEBIT_WHERE}
    RETURNING 1),
  e AS (
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT v.transaction_id, v.account_id, v.amount, v.balance_after
      FROM t CROSS JOIN funds CROSS JOIN LATERAL (VALUES
             ${[...DEBIT_ENTRIES, `(t.id, ${game}, ${ids.amount}, NULL::bigint)`].join(',\n             ')}) AS v(transaction_id, account_id, amount, balance_after)
     WHERE v.amount <> 0
    RETURNING 1)${writesSql('pb', parts.writes)}
  SELECT t.id, t.created_at, ${DEBIT_ANSWER}
    FROM t CROSS JOIN funds`;
  return { text, parts: [parts] };
}

/**
 * The credit into WIN_BUCKET, written only when the money rules pay all of it there (`rs`: the
 * round's stakes took nothing from BONUS); the metadata is stored as given.
 */
function creditStatement(wallet: Wallet, params: StatementParams, movement: GameMovement, gameAccount: bigint): Statement | undefined {
  const ids = movementIds(params, movement);
  const game = params.add(gameAccount, 'bigint');
  const parts = winParts(wallet, params, movement, ids, ids.amount, { cash: ids.amount, bonus: '0::bigint' }, { t: 't', from: 't', locked: 'c' });
  if (!parts || !movement.wonWith) return undefined;
  const stakes = roundStakesSql({
    ...ids,
    round: params.add(movement.reference),
    betKind: params.add(movement.wonWith.betKind),
    providerId: params.add(movement.wonWith.providerId),
  });
  const allToWinBucket = `${winSplitSql(ids.amount, 'rs.stake', 'rs.from_bonus').BONUS} = 0`;
  const other = (bucket: Bucket) =>
    `coalesce((SELECT balance FROM wallet_account WHERE player_id = ${ids.player} AND currency = ${ids.currency} AND bucket = ${bucketLiteral(bucket)}), 0) AS ${bucket.toLowerCase()}`;
  const text = `WITH c AS (
    SELECT id, balance FROM wallet_account WHERE player_id = ${ids.player} AND currency = ${ids.currency} AND bucket = ${bucketLiteral(WIN_BUCKET)} FOR UPDATE),${parts.locks.map((lock) => `\n  ${lock},`).join('')}
  rs AS (
    ${stakes}),
  t AS (
    ${transactionInsert(params, movement, ids, params.add(JSON.stringify(movement.metadata), 'jsonb'))}
      FROM c, rs WHERE ${allToWinBucket}${conditionsSql(parts.conditions)}
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
    RETURNING 1)${writesSql('pw', parts.writes)}
  SELECT t.id, t.created_at, ${BUCKETS.map((bucket) => (bucket === WIN_BUCKET ? `c.balance + ${ids.amount} AS ${bucket.toLowerCase()}` : other(bucket))).join(', ')}
    FROM t CROSS JOIN c`;
  return { text, parts: [parts] };
}

async function run(db: Db, name: string, statement: typeof debitStatement, movement: GameMovement): Promise<Row | undefined> {
  const params = new StatementParams();
  const built = statement(walletOf(db), params, movement, await houseAccountId(db, 'GAME', movement.currency));
  // A policy needs the general path for this movement.
  if (!built) return undefined;
  const [row] = await executePrepared<Row>(db, statementName(name, built.text, built.parts), built.text, params.values);
  return row;
}

/**
 * Takes `amount` from the player's buckets by the money rules (CASH, then BONUS) to the house
 * GAME account; the split goes into the metadata as `split: {cash, bonus}` (strings of minor units).
 */
export async function debitInOneStatement(db: Db, movement: GameMovement): Promise<OneStatementOutcome | undefined> {
  if (movement.amount <= 0n) throw new RangeError('a debit amount must be positive');
  const row = await run(db, 'wallet-game-debit', debitStatement, movement);
  if (!row) return undefined;
  const split = { cash: BigInt(row.cash_take ?? 0n), bonus: BigInt(row.bonus_take ?? 0n) };
  announceAfterCommit(db, [movement.playerId]);
  return outcome(row, split, { ...movement.metadata, split: { cash: String(split.cash), bonus: String(split.bonus) } });
}

/**
 * Pays `amount` from the house GAME account into the player's WIN_BUCKET when the money rules pay
 * all of it there; zero records the key and moves nothing.
 */
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
  /** The wallet whose policies the round's money runs (`walletOf` the round's database). */
  wallet: Wallet;
}

/** A round's money as statement parts (see `roundMoneyParts`). */
export interface RoundMoneyParts {
  locks: string;
  writes: string;
  balances: string;
  /**
   * The prepared statement's name for the caller's whole text: `base` itself unless a policy added
   * parts (the text then varies with the policies, and each text needs a name of its own).
   */
  statementName(base: string, text: string): string;
}

/**
 * The money of one instant round as parts of a statement that also writes the game's own rows,
 * so the round, its bet and its win commit together in one round trip; `undefined` when a money
 * policy needs the general path for the bet or the win. The parts use fixed CTE names:
 *
 * - `locks` defines `a` (the player's buckets, locked `FOR UPDATE` in ascending id order once the
 *   caller's CTE `after` has yielded a row: the caller's own lock comes first, as on the general
 *   path) and `funds` (one row when the player can afford the bet and every policy condition of
 *   the bet and the win holds, with the split by the money rules).
 * - `writes` defines `tb` and `tw` (the bet's and the win's ledger transactions, written only when
 *   the caller's CTE `claim` yields a row), `u` (the buckets' new balances: one update per row, as a
 *   row may be updated once per statement), `e` (the entries, with the balances after the bet and
 *   after the win as the general path records them), and the policies' own CTEs (`pb…`, `pw…`).
 * - `balances` is a select list: `cash` and `bonus` after the round, over `funds`.
 *
 * The rows written are exactly those of a debit followed by a credit on the general path (same
 * keys, fingerprints, kinds, metadata, entries and balances after); a retry of either is a replay.
 */
export function roundMoneyParts(
  { bet, win, gameAccount, wallet }: RoundMovements,
  params: StatementParams,
  { after, claim }: { after: string; claim: string },
): RoundMoneyParts | undefined {
  if (bet.amount <= 0n) throw new RangeError('a bet must be positive');
  if (win.amount < 0n) throw new RangeError('a win must not be negative');
  if (bet.playerId !== win.playerId || bet.currency !== win.currency) throw new Error("a round's bet and win belong to one player and currency");
  const ids = movementIds(params, bet);
  const { player, currency, amount: stake } = ids;
  const won = params.add(win.amount, 'bigint');
  const game = params.add(gameAccount, 'bigint');
  const betParts = stakeParts(wallet, params, bet, ids, 'tb', { win: won });
  const paid = roundPaid(won, stake);
  const winParts_ =
    betParts &&
    winParts(
      wallet,
      params,
      win,
      { player, currency },
      won,
      { cash: paid.CASH, bonus: paid.BONUS },
      { t: 'tw', from: 'tw CROSS JOIN funds', locked: 'a' },
      true,
    );
  if (!betParts || !winParts_) return undefined;
  const locks = bucketLocks({ ...ids, stake }, [...betParts.conditions, ...winParts_.conditions], after, [...betParts.locks, ...winParts_.locks]);
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
       ${roundUpdateSql(won, stake)}
    RETURNING 1),
  e AS (
    INSERT INTO wallet_entry (transaction_id, account_id, amount, balance_after)
    SELECT v.transaction_id, v.account_id, v.amount, v.balance_after
      FROM tb CROSS JOIN tw CROSS JOIN funds CROSS JOIN LATERAL (VALUES
             ${[...ROUND_BET_ENTRIES, `(tb.id, ${game}, ${stake}, NULL::bigint)`, roundWinEntriesSql(won, stake), `(tw.id, ${game}, -${won}, NULL::bigint)`].join(',\n             ')}) AS v(transaction_id, account_id, amount, balance_after)
     WHERE v.amount <> 0
    RETURNING 1)${writesSql('pb', betParts.writes)}${writesSql('pw', winParts_.writes)}`;
  const balances = roundBalancesSql(won, stake);
  return { locks, writes, balances, statementName: (base, text) => statementName(base, text, [betParts, winParts_]) };
}
