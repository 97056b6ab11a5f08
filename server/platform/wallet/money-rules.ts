import type { Bucket } from './ledger';

/**
 * The wallet's money rules, written once (ARCHITECTURE §3):
 *
 * - a stake is taken from the player's buckets in STAKE_ORDER — CASH first, then BONUS — each
 *   giving what it holds until the stake is covered;
 * - a win goes back where the round's stake came from (issue 26): the share that bonus money
 *   staked — win × (the round's stake taken from BONUS ÷ the round's whole stake), rounded up, in
 *   the house's favour, in minor units — is paid into BONUS, where it is bonus money like the
 *   stake that won it (wagered, released as cash at the requirement, forfeited with the bonus);
 *   the rest is paid into WIN_BUCKET (CASH). Without it, winnings of bonus stakes were
 *   withdrawable at once and the wagering requirement protected nothing.
 *
 * The general path computes a split with `splitStake` and `splitWin` (bigint arithmetic); every
 * SQL statement that moves a stake or a win gets its split from `stakeSplitSql` and `winSplitSql`
 * (the same algorithms, `takeInOrder` and `shareOfWin`, over SQL expressions). Neither path has its
 * own copy of a rule, so they cannot drift apart; the row-equality tests
 * (one-statement-movements.test.ts, one-statement-round.test.ts) hold the statements' rows to the
 * general path's, and money-policy.test.ts evaluates each SQL form against the TypeScript one.
 */

/** The order in which a stake empties the player's buckets. */
export const STAKE_ORDER: readonly Bucket[] = ['CASH', 'BONUS'];

/** The bucket a win is paid into, but for the share bonus money staked (`splitWin`): CASH. */
export const WIN_BUCKET = 'CASH' satisfies Bucket;

export type BucketAmounts = Record<Bucket, bigint>;

interface Arithmetic<T> {
  least(a: T, b: T): T;
  minus(a: T, b: T): T;
  /** ⌈total × part ÷ whole⌉ for whole-number operands (0 when whole is 0): a share rounded up. */
  shareRoundedUp(total: T, part: T, whole: T): T;
}

/**
 * The one statement of the split: walk STAKE_ORDER, each bucket giving the least of what it holds
 * and what is still owed, the last one the rest (the caller has checked the stake is affordable;
 * a replayed debit's postings are built before the ledger answers that it is a replay).
 */
function takeInOrder<T>(arithmetic: Arithmetic<T>, available: Record<Bucket, T>, stake: T): Record<Bucket, T> {
  const takes = {} as Record<Bucket, T>;
  let owed = stake;
  STAKE_ORDER.forEach((bucket, index) => {
    const take = index === STAKE_ORDER.length - 1 ? owed : arithmetic.least(available[bucket], owed);
    takes[bucket] = take;
    owed = arithmetic.minus(owed, take);
  });
  return takes;
}

/**
 * The one statement of a win's split: the share of `won` that the stake's BONUS part produced,
 * rounded up (never a fraction of a minor unit more of cash than the cash stake earned), goes to
 * BONUS; the rest to WIN_BUCKET. `stake` and `fromBonus` are the round's whole stake and what of it
 * came from BONUS (a round without a stake — a provider's win with no debit — pays all to WIN_BUCKET).
 */
function shareOfWin<T>(arithmetic: Arithmetic<T>, won: T, stake: T, fromBonus: T): Record<typeof WIN_BUCKET | 'BONUS', T> {
  const bonus = arithmetic.shareRoundedUp(won, fromBonus, stake);
  return { [WIN_BUCKET]: arithmetic.minus(won, bonus), BONUS: bonus };
}

const bigintArithmetic: Arithmetic<bigint> = {
  least: (a, b) => (a < b ? a : b),
  minus: (a, b) => a - b,
  shareRoundedUp: (total, part, whole) => (whole > 0n ? (total * part + whole - 1n) / whole : 0n),
};

const sqlArithmetic: Arithmetic<string> = {
  least: (a, b) => `least(${a}, ${b})`,
  minus: (a, b) => `(${a} - ${b})`,
  // numeric: exact for any bigint operands (their product may not fit a bigint); div() truncates, as bigint division does.
  shareRoundedUp: (total, part, whole) => `(CASE WHEN ${whole} > 0 THEN div(${total}::numeric * ${part} + ${whole} - 1, ${whole})::bigint ELSE 0::bigint END)`,
};

/** What a stake takes from each bucket, given the balances (the caller has checked it is affordable). */
export function splitStake(available: BucketAmounts, stake: bigint): BucketAmounts {
  return takeInOrder(bigintArithmetic, available, stake);
}

/** The same split as SQL expressions over the balances' and the stake's expressions. */
export function stakeSplitSql(available: Record<Bucket, string>, stake: string): Record<Bucket, string> {
  return takeInOrder(sqlArithmetic, available, stake);
}

/**
 * What a win of `won` pays into each bucket, for a round whose stakes were `stake` in all, of which
 * `fromBonus` came from BONUS (minor units; see `shareOfWin`).
 */
export function splitWin(won: bigint, stake: bigint, fromBonus: bigint): BucketAmounts {
  return shareOfWin(bigintArithmetic, won, stake, fromBonus);
}

/** The same split as SQL expressions over the win's, the stake's and its BONUS part's expressions (bigint). */
export function winSplitSql(won: string, stake: string, fromBonus: string): Record<Bucket, string> {
  return shareOfWin(sqlArithmetic, won, stake, fromBonus);
}

/** The balance of `bucket` after a stake and a win, as an SQL expression (`paid`: what the win pays into it). */
export function balanceAfterSql(before: string, take: string, paid: string): string {
  return `${before} - ${take} + ${paid}`;
}

/** A bucket as an SQL literal (the bucket names are fixed words, never input). */
export const bucketLiteral = (bucket: Bucket) => `'${bucket}'`;
