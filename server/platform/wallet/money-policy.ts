import { createHash } from 'node:crypto';
import type { Db, StatementParams } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { ErrorStatus, FieldError } from '../../../contracts/errors';
import { inTransaction, perDatabase } from '../../db/transaction';
import { postMovement, type MovementRequest, type MovementResult } from './ledger';
import type { BucketAmounts } from './money-rules';

/**
 * The money-policy point (ARCHITECTURE §3, server/platform/wallet/README.md). Every movement of a player's
 * money — the cashier's deposits and withdrawals, a game's bets, wins and rollbacks, on the
 * general path or in one statement — passes the policies of the server's wallet, inside the movement's
 * own database transaction:
 *
 * - `before` runs once the movement's idempotency key is claimed (so never for a replay) and
 *   before any money moves; throwing (a `PolicyRefusal`, or any AppError) refuses the movement, and
 *   everything the transaction wrote rolls back with it. Responsible-gaming limits plug in here.
 * - `after` runs once the movement is posted (never for a replay) and may write the policy's own
 *   rows, which commit or roll back with the movement. Bonus wagering and loyalty points plug in
 *   here.
 * - `inStatement` is the policy's form as parts of a one-statement movement (a game's debit,
 *   credit, or a whole instant round): a condition that must hold for the statement to write
 *   anything, and a data-modifying CTE written with the movement. A policy without it needs the
 *   general path: while it applies, the wallet never takes the one-statement path — the wallet
 *   decides, not its caller. The general path is always the authority: when a statement's
 *   condition fails the statement writes nothing and the wallet takes the general path, where
 *   `before` refuses with its typed error (or allows, if things changed meanwhile).
 *
 * Policies are values: each module that owns some builds them from its settings, the composition
 * root (server/modules.ts) puts them in order into the server's wallet (`createWallet`) and
 * attaches it to the server's database; they keep their state in that database.
 */

/** What kind of money movement a policy is looking at. */
export type MovementKind =
  | 'deposit'
  /** A withdrawal requested: the amount leaves the player's CASH for WITHDRAWALS_PENDING. */
  | 'withdrawal'
  /** A withdrawal paid out by the provider: WITHDRAWALS_PENDING → PSP_CLEARING; the player's buckets do not move. */
  | 'withdrawal-payout'
  /** A withdrawal whose payout failed: back to the player's CASH. */
  | 'withdrawal-return'
  | 'bet'
  | 'win'
  /** A bet cancelled by its provider: its split returned to each bucket. */
  | 'rollback'
  /** The bonus engine's movements: BONUS_COST → BONUS, BONUS → CASH, BONUS → BONUS_COST. */
  | 'bonus-grant'
  | 'bonus-release'
  | 'bonus-forfeit'
  /** A staff member's approved correction of the player's CASH, against the house's MANUAL_ADJUSTMENT. */
  | 'manual-adjustment';

export interface GameRef {
  providerId: string;
  gameId: string;
  roundId: string;
  /** The kind of game (slot, roulette, blackjack, …) when the provider says; third-party providers may not. */
  kind?: string;
  /** Our game server held the round to the jurisdiction's game cycle itself (in process only). */
  gameCycleHeld?: true;
}

/** A movement as every policy sees it, on every path. */
export interface MoneyMovement {
  kind: MovementKind;
  playerId: string;
  currency: string;
  /** Minor units, zero or positive: the movement's headline amount. */
  amount: bigint;
  /** The ledger's idempotency key of the movement. */
  idempotencyKey: string;
  /** For bets, wins and rollbacks. */
  game?: GameRef;
  /** For the cashier's movements: the payment they belong to. */
  paymentId?: string;
  /** For a rollback: the ledger transaction of the bet it cancels (what the bet earned is undone with it). */
  reversesLedgerTransactionId?: bigint;
}

/** A movement about to be posted (its key claimed, no money moved yet). */
export interface PendingMovement extends MoneyMovement {
  /** What the movement takes from (negative) or pays into (positive) each of the player's buckets, minor units. */
  buckets: BucketAmounts;
  /** The ledger transaction being written. */
  ledgerTransactionId: bigint;
  /** The player's buckets before the movement, when the wallet holds them locked (game movements). */
  balanceBefore?: BucketAmounts;
}

/** A movement just posted, in its still open transaction. */
export interface PostedMovement extends MoneyMovement {
  buckets: BucketAmounts;
  ledgerTransactionId: bigint;
}

/**
 * What a policy's statement form may use, as SQL text valid inside the movement's statement. All
 * placeholders are already numbered in `params`; add the policy's own values with `params.add`.
 */
export interface StatementContext {
  params: StatementParams;
  /** Placeholders of the player (uuid), the currency (text) and the amount (bigint, minor units). */
  player: string;
  currency: string;
  amount: string;
  /**
   * For `write` only: a FROM list that yields exactly one row when the movement's ledger
   * transaction is written in this statement and none otherwise, over which `transactionId`,
   * `cash` and `bonus` are valid.
   */
  from: string;
  /** The ledger transaction's id. */
  transactionId: string;
  /** What the movement takes from (negative) or pays into (positive) CASH and BONUS, bigint expressions. */
  cash: string;
  bonus: string;
  /**
   * The name of the statement's CTE that locks the player's accounts (`FOR UPDATE`). A policy
   * that reads rows of its own which concurrent movements change must lock them in a CTE of its
   * own (`locks`) that refers to this one (`EXISTS (SELECT 1 FROM <locked>)`): it then runs once
   * the accounts are locked — the lock order of both paths — and, being a top-level locking CTE,
   * reads each row in its newest committed version. (A `FOR UPDATE` sub-select inside a condition
   * does not: under READ COMMITTED it may answer the version of the statement's snapshot.)
   */
  locked: string;
  /**
   * In a whole instant round's statement (bet and win together): the bet's context carries the
   * win's amount (`win`, a bigint expression), and the win's says that the bet's parts account
   * for it (`paidWithBet`). A policy that updates one row from both must write it once: a row can
   * be updated only once per statement.
   */
  round?: { win: string } | { paidWithBet: true };
}

export interface PolicyStatementPart {
  /**
   * A boolean SQL expression (over the context's placeholders and the policy's own tables) that
   * must hold for the statement to write anything: the policy's `before` as SQL. When it does not
   * hold, nothing is written and the movement takes the general path.
   */
  condition?: string;
  /** The body of a data-modifying CTE written with the movement: the policy's `after` as SQL. */
  write?: string;
  /**
   * Whole CTE definitions (`name AS (SELECT … FOR UPDATE)`) placed right after the wallet's
   * account locks, for the condition to read; names must be the policy's own (see `locked`).
   */
  locks?: string[];
}

export interface MoneyPolicy {
  /** Names the policy in refusals and logs. */
  readonly name: string;
  /** The movements it looks at; all when absent. */
  readonly kinds?: readonly MovementKind[];
  before?(tx: Db, movement: PendingMovement): Promise<void>;
  after?(tx: Db, movement: PostedMovement): Promise<void>;
  /**
   * The policy as parts of a one-statement movement; `undefined` when this movement needs the
   * general path. Without it, every movement the policy looks at takes the general path.
   */
  inStatement?(movement: MoneyMovement, context: StatementContext): PolicyStatementPart | undefined;
}

/** A refusal by a policy: an AppError (answered from the error catalogue) that names the policy. */
export class PolicyRefusal extends AppError {
  constructor(
    readonly policy: string,
    status: ErrorStatus,
    message?: string,
    errors?: FieldError[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(status, message, errors, options);
    this.name = 'PolicyRefusal';
  }
}

/** Every kind of movement, for the policies' lists per kind. */
const MOVEMENT_KINDS: readonly MovementKind[] = [
  'deposit',
  'withdrawal',
  'withdrawal-payout',
  'withdrawal-return',
  'bet',
  'win',
  'rollback',
  'bonus-grant',
  'bonus-release',
  'bonus-forfeit',
  'manual-adjustment',
];

/**
 * The wallet of one server: the money policies every movement on its database runs, in the order
 * given. Built once in the composition root (server/modules.ts) from the policy values of the
 * modules that own them, and never changed afterwards.
 */
export interface Wallet {
  readonly policies: readonly MoneyPolicy[];
  /** The policies that look at movements of `kind`, in order. */
  policiesFor(kind: MovementKind): readonly MoneyPolicy[];
}

export function createWallet({ policies }: { policies: readonly MoneyPolicy[] }): Wallet {
  for (const policy of policies) if (!policy.before && !policy.after) throw new Error(`money policy ${policy.name} has neither before nor after`);
  const all = Object.freeze([...policies]);
  // Per kind, worked out once: the one-statement hot path asks for every movement.
  const byKind = new Map(MOVEMENT_KINDS.map((kind) => [kind, Object.freeze(all.filter((policy) => !policy.kinds || policy.kinds.includes(kind)))] as const));
  return { policies: all, policiesFor: (kind) => byKind.get(kind) ?? all.filter((policy) => !policy.kinds || policy.kinds.includes(kind)) };
}

/** The wallet of a database no server runs (a unit test's, the seeding scripts'): no policies. */
const NO_POLICIES = createWallet({ policies: [] });

/**
 * Each database's wallet, by the database's own handle. The composition root hands its wallet to
 * the database it runs on (`attachWallet`), and every movement, whatever handle it is given (the
 * database, or a transaction opened on it by `inTransaction`), runs that wallet's policies: the
 * movements' callers pass a database handle, not the wallet. Written only at start-up (and by
 * tests that run policies of their own).
 */
const wallets = perDatabase<Wallet>();

/** Makes `wallet` the one movements on `db` run; answers a function that puts the previous one back (tests). */
export function attachWallet(db: Db, wallet: Wallet): () => void {
  return wallets.attach(db, wallet);
}

/**
 * The wallet movements on `db` run: the one attached to its database; none attached, no policies.
 * A transaction's database is known when `inTransaction` opened it (server/db/transaction.ts), as
 * every module's are: a movement in a transaction opened past it would run no policies.
 */
export function walletOf(db: Db): Wallet {
  return wallets.of(db) ?? NO_POLICIES;
}

/** The policies of `db`'s wallet that look at movements of `kind`, in order. */
export function policiesFor(db: Db, kind: MovementKind): readonly MoneyPolicy[] {
  return walletOf(db).policiesFor(kind);
}

/** Runs every `before` of `policies`, in order; the first refusal refuses the movement. */
export async function runBefore(policies: readonly MoneyPolicy[], tx: Db, movement: PendingMovement): Promise<void> {
  for (const policy of policies) if (policy.before) await policy.before(tx, movement);
}

/** Runs every `after` of `policies`, in order. */
export async function runAfter(policies: readonly MoneyPolicy[], tx: Db, movement: PostedMovement): Promise<void> {
  for (const policy of policies) if (policy.after) await policy.after(tx, movement);
}

/**
 * Posts one movement inside `tx`, the movement's own open transaction, with the policies that
 * look at it: `before` between the key claim and the posting, `after` once it is posted, neither
 * for a replay. `buckets` are the movement's parts per bucket; `balanceBefore` the player's locked
 * buckets, when the caller holds them. Without policies it is `postMovement` itself.
 */
export async function postInTransaction(
  tx: Db,
  request: MovementRequest,
  movement: MoneyMovement,
  buckets: BucketAmounts,
  balanceBefore?: BucketAmounts,
): Promise<MovementResult> {
  const policies = policiesFor(tx, movement.kind);
  if (policies.length === 0) return postMovement(tx, request);
  const hasBefore = policies.some((policy) => policy.before);
  const result = await postMovement(
    tx,
    request,
    hasBefore
      ? {
          beforePosting: (ledgerTransactionId) =>
            runBefore(policies, tx, { ...movement, buckets, ledgerTransactionId, ...(balanceBefore ? { balanceBefore } : {}) }),
        }
      : {},
  );
  if (!result.replayed) await runAfter(policies, tx, { ...movement, buckets, ledgerTransactionId: result.transactionId });
  return result;
}

/**
 * `postInTransaction` in a transaction of its own inside `tx` (a savepoint when `tx` is one
 * already), for callers that may hand the database itself: a refusal, or a failing `after`, then
 * leaves nothing of the movement either way.
 */
export function postWithPolicies(tx: Db, request: MovementRequest, movement: MoneyMovement, buckets: BucketAmounts): Promise<MovementResult> {
  if (policiesFor(tx, movement.kind).length === 0) return postMovement(tx, request);
  return inTransaction(tx, (inner) => postInTransaction(inner, request, movement, buckets));
}

/** The parts the registered policies add to a one-statement movement. */
export interface StatementParts {
  conditions: string[];
  /** CTE definitions that lock the policies' rows, after the wallet's account locks. */
  locks: string[];
  /** Bodies of data-modifying CTEs. */
  writes: string[];
}

const NO_PARTS: StatementParts = { conditions: [], locks: [], writes: [] };

/**
 * The policies' parts of `movement` in one statement, or `undefined` when one of them needs the
 * general path for it: the wallet's decision whether a movement may take the one-statement path.
 */
export function statementParts(wallet: Wallet, movement: MoneyMovement, context: () => StatementContext): StatementParts | undefined {
  const policies = wallet.policiesFor(movement.kind);
  if (policies.length === 0) return NO_PARTS;
  const parts: StatementParts = { conditions: [], locks: [], writes: [] };
  const shared = context();
  for (const policy of policies) {
    const part = policy.inStatement?.(movement, shared);
    if (!part) return undefined;
    if (part.condition) parts.conditions.push(part.condition);
    if (part.locks) parts.locks.push(...part.locks);
    if (part.write) parts.writes.push(part.write);
  }
  return parts;
}

/** ` AND (<condition>)…` for a WHERE clause. */
export const conditionsSql = (conditions: readonly string[]) => conditions.map((condition) => ` AND (${condition})`).join('');

/** `,\n  <prefix>0 AS (<write>), …` to follow a statement's last CTE. */
export const writesSql = (prefix: string, writes: readonly string[]) => writes.map((write, index) => `,\n  ${prefix}${index} AS (${write})`).join('');

/**
 * The prepared statement's name: the wallet's own name when no policy added a part, else one per
 * text (on PostgreSQL a prepared name stands for one text on each connection).
 */
export function statementName(base: string, text: string, parts: readonly StatementParts[]): string {
  const plain = parts.every((part) => part.conditions.length === 0 && part.locks.length === 0 && part.writes.length === 0);
  return plain ? base : `${base}:${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}
