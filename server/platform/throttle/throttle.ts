import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';

export interface ThrottleRule {
  /** Slots in one window: attempts (or failures, when a success gives its slot back) allowed. */
  limit: number;
  windowSeconds: number;
}

/**
 * Sign-in throttling is by account and client address together, so that a stranger's guesses do
 * not lock the owner out:
 * - one address guessing one account gets 10 tries per 5 minutes (`…PerAccountAndAddress`); the
 *   owner signing in from another address is not touched by it;
 * - one account across all addresses gets 100 per 15 minutes (`…PerAccount`): guessing spread
 *   over many addresses stays bounded, and only an attacker with many addresses can close the
 *   account for a while (each address of theirs adds at most 30 in that time);
 * - one address across all accounts gets 50 per 15 minutes (`…PerAddress`), which stops a spray
 *   over many usernames.
 * The second factor of staff sign-in is counted the same way with tighter numbers: whoever
 * reaches it holds the password already.
 */
export const throttleRules = {
  signInPerAccountAndAddress: { limit: 10, windowSeconds: 5 * 60 },
  signInPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  signInPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  twoFactorPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  twoFactorPerAccount: { limit: 50, windowSeconds: 15 * 60 },
  /** A signed-in player changing their password: a stolen session must not become a password oracle. */
  passwordChangePerAccount: { limit: 10, windowSeconds: 5 * 60 },
  resetRequestPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetRequestPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  resetConfirmPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  /** Each social sign-in start stores a pending row; this bounds what one address can make. */
  socialLoginStartPerAddress: { limit: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, ThrottleRule>;

export interface ThrottleCheck {
  key: string;
  rule: ThrottleRule;
  /** The answer when this check is full; a 429 with Retry-After unless said otherwise. */
  refusal?: (retryAfterSeconds: number) => AppError;
}

/**
 * The three checks of one sign-in attempt (see `throttleRules`). `scope` keeps one door's counts
 * apart from another's (players, staff, staff's second factor); `account` is what is being signed
 * in to, `address` the client's.
 */
export function signInChecks(scope: string, account: string, address: string, factor: 'password' | 'twoFactor' = 'password'): ThrottleCheck[] {
  const rules =
    factor === 'password'
      ? { pair: throttleRules.signInPerAccountAndAddress, account: throttleRules.signInPerAccount }
      : { pair: throttleRules.twoFactorPerAccountAndAddress, account: throttleRules.twoFactorPerAccount };
  return [
    { key: `${scope}:account+address:${account}:${address}`, rule: rules.pair },
    { key: `${scope}:account:${account}`, rule: rules.account },
    { key: `${scope}:address:${address}`, rule: throttleRules.signInPerAddress },
  ];
}

type Slot = { granted: true; key: string; windowStart: string } | { granted: false; retryAfterSeconds: number };

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Takes one slot of `key`, in one statement: the upsert adds one only while the window holds
 * fewer than the limit (or starts a new window when the last one has passed), so of requests
 * arriving together exactly `limit` are granted, on one node or many. A refused request changes
 * nothing and learns how long until the window ends.
 */
export async function takeSlot(db: Db, key: string, rule: ThrottleRule): Promise<Slot> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = rows<{ window_start: string | null; retry_after: number | null }>(
    await db.execute(sql`
      WITH taken AS (
        INSERT INTO throttle_bucket AS bucket (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN bucket.window_start <= now() - ${window} THEN 1 ELSE bucket.count + 1 END,
          window_start = CASE WHEN bucket.window_start <= now() - ${window} THEN now() ELSE bucket.window_start END
        WHERE bucket.window_start <= now() - ${window} OR bucket.count < ${rule.limit}
        RETURNING bucket.window_start::text AS window_start
      )
      SELECT (SELECT window_start FROM taken) AS window_start,
             (SELECT CEIL(EXTRACT(EPOCH FROM (window_start + ${window} - now())))::int FROM throttle_bucket WHERE key = ${key}) AS retry_after`),
  );
  if (row?.window_start) return { granted: true, key, windowStart: row.window_start };
  // The statement's snapshot may predate the competing request that filled the window: then the
  // whole window is the honest upper bound.
  const retryAfterSeconds = row?.retry_after && row.retry_after > 0 ? row.retry_after : rule.windowSeconds;
  return { granted: false, retryAfterSeconds };
}

/** Slots taken for one attempt. */
export interface TakenSlots {
  /**
   * The attempt did not count after all (the password was right, the check passed): its slots
   * are given back, in the window they were taken from.
   */
  giveBack(): Promise<void>;
}

/**
 * Takes one slot of every check, all or none, or refuses (429 with Retry-After, or the check's
 * own refusal). Every counted limit goes through here. A limit on failures takes its slot before
 * the attempt and gives it back on success (`giveBack`), so parallel failures cannot all be
 * checked before the first of them is counted.
 */
export async function takeSlots(db: Db, checks: readonly ThrottleCheck[]): Promise<TakenSlots> {
  // One order for everyone: two requests that lock the same buckets cannot wait on each other.
  const ordered = [...checks].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const take = async (tx: Db) => {
    const taken: { key: string; windowStart: string }[] = [];
    for (const check of ordered) {
      const slot = await takeSlot(tx, check.key, check.rule);
      if (!slot.granted) throw (check.refusal ?? ((seconds: number) => new ThrottledError(seconds)))(slot.retryAfterSeconds);
      taken.push(slot);
    }
    return taken;
  };
  // Several checks: a refusal by a later one rolls back the slots of the earlier ones.
  const taken = ordered.length === 1 ? await take(db) : await db.transaction((tx) => take(tx as unknown as Db));
  return {
    async giveBack() {
      for (const slot of taken) {
        await db.execute(sql`
          UPDATE throttle_bucket SET count = count - 1
          WHERE key = ${slot.key} AND window_start = ${slot.windowStart}::timestamptz AND count > 0`);
      }
    },
  };
}

/** Forgets every attempt counted against `key` (a success that proves the attempts honest). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM throttle_bucket WHERE key = ${key}`);
}

export class ThrottledError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', `Too many attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, undefined, { retryAfterSeconds });
  }
}
