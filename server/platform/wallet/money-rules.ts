import type { Bucket } from './ledger';

/**
 * The wallet's money rules, written once (ARCHITECTURE §3):
 *
 * - a stake is taken from the player's buckets in STAKE_ORDER — CASH first, then BONUS — each
 *   giving what it holds until the stake is covered;
 * - a win is paid into WIN_BUCKET (CASH).
 *
 * The general path computes a split with `splitStake` (bigint arithmetic); every SQL statement
 * that moves a stake gets its split from `stakeSplitSql` (the same algorithm, `takeInOrder`, over
 * SQL expressions). Neither path has its own copy of the rule, so they cannot drift apart; the
 * row-equality tests (one-statement-movements.test.ts, one-statement-round.test.ts) hold the
 * statements' rows to the general path's.
 */

/** The order in which a stake empties the player's buckets. */
export const STAKE_ORDER: readonly Bucket[] = ['CASH', 'BONUS'];

/** The bucket every win is paid into. */
export const WIN_BUCKET: Bucket = 'CASH';

export type BucketAmounts = Record<Bucket, bigint>;

interface Arithmetic<T> {
  least(a: T, b: T): T;
  minus(a: T, b: T): T;
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

const bigintArithmetic: Arithmetic<bigint> = {
  least: (a, b) => (a < b ? a : b),
  minus: (a, b) => a - b,
};

const sqlArithmetic: Arithmetic<string> = {
  least: (a, b) => `least(${a}, ${b})`,
  minus: (a, b) => `(${a} - ${b})`,
};

/** What a stake takes from each bucket, given the balances (the caller has checked it is affordable). */
export function splitStake(available: BucketAmounts, stake: bigint): BucketAmounts {
  return takeInOrder(bigintArithmetic, available, stake);
}

/** The same split as SQL expressions over the balances' and the stake's expressions. */
export function stakeSplitSql(available: Record<Bucket, string>, stake: string): Record<Bucket, string> {
  return takeInOrder(sqlArithmetic, available, stake);
}

/** The balance of `bucket` after a stake and a win, as an SQL expression (the win lands only in WIN_BUCKET). */
export function balanceAfterSql(bucket: Bucket, before: string, take: string, won: string): string {
  return bucket === WIN_BUCKET ? `${before} - ${take} + ${won}` : `${before} - ${take}`;
}

/** A bucket as an SQL literal (the bucket names are fixed words, never input). */
export const bucketLiteral = (bucket: Bucket) => `'${bucket}'`;
