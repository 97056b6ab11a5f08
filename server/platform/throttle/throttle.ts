import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';

export interface ThrottleRule {
  /** Failures allowed within one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Sign-in and password-reset throttling. An account is slowed for a few minutes only, so an
 * attacker cannot lock a player out for long; a client address gets a larger allowance across
 * all accounts, which is what stops a spray over many usernames.
 */
export const throttleRules = {
  loginPerAccount: { limit: 10, windowSeconds: 5 * 60 },
  loginPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  resetRequestPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetRequestPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  resetConfirmPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  /** Each social sign-in start stores a pending row; this bounds what one address can make. */
  socialLoginStartPerAddress: { limit: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, ThrottleRule>;

interface BucketRow {
  count: number;
  retry_after: number;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Seconds until `key` may try again, or 0 when it is under its limit. */
export async function retryAfter(db: Db, key: string, rule: ThrottleRule): Promise<number> {
  const [bucket] = rows<BucketRow>(
    await db.execute(sql`
      SELECT count, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int AS retry_after
      FROM throttle_bucket
      WHERE key = ${key} AND window_start > now() - make_interval(secs => ${rule.windowSeconds})`),
  );
  return bucket && bucket.count >= rule.limit ? Math.max(1, bucket.retry_after) : 0;
}

/** Counts one attempt against `key`, starting a new window when the last one has passed. */
export async function recordAttempt(db: Db, key: string, rule: ThrottleRule): Promise<void> {
  await db.execute(sql`
    INSERT INTO throttle_bucket (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN throttle_bucket.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) THEN 1 ELSE throttle_bucket.count + 1 END,
      window_start = CASE WHEN throttle_bucket.window_start <= now() - make_interval(secs => ${rule.windowSeconds}) THEN now() ELSE throttle_bucket.window_start END`);
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM throttle_bucket WHERE key = ${key}`);
}

export class ThrottledError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', `Too many attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, undefined, { retryAfterSeconds });
  }
}

/** Throws a 429 with Retry-After when any of the keys is over its limit. */
export async function assertNotThrottled(db: Db, checks: { key: string; rule: ThrottleRule }[]): Promise<void> {
  let wait = 0;
  for (const check of checks) wait = Math.max(wait, await retryAfter(db, check.key, check.rule));
  if (wait > 0) throw new ThrottledError(wait);
}
