import { and, desc, eq, sql } from 'drizzle-orm';
import { EXCLUSION_MONTHS, TIMEOUT_WEEKS, type LockPeriodUnit, type LockType } from '../../../contracts/platform/limits/limits';
import type { Db } from '../../db/database';
import { rgLock } from '../../db/schema';
import { AppError, fieldError } from '../../http/app-error';
import { inTransaction } from '../../db/transaction';
import type { Language } from '../../../contracts/content/translations';
import { lockedText, reopensText, stillRunningText } from './lock-texts';
import { lockInForceSql } from './play-rules-sql';

/**
 * Time-out and self-exclusion (RG-51…61, DEF-11, DEF-26; UKGC LCCP 3.5.3 and RTS 12, Ireland's
 * Gambling Regulation Act 2024). A lock ends every session of the player at once, refuses login,
 * real and free play and deposits until it ends, and cannot be shortened or lifted early: a
 * shorter lock taken during a longer one changes nothing, and nothing here deletes or moves an end.
 * After a self-exclusion ends the account stays closed until the player asks to return, and for
 * 24 hours after that.
 */

export type LockRow = typeof rgLock.$inferSelect;

const DAY_MS = 86_400_000;
const MIN_EXCLUSION_MONTHS = 6;
const MAX_EXCLUSION_MONTHS = 60;

/** The lock's span checked against its type's rules; 400 naming the field when it does not fit. */
export function checkLockSpan(lockType: LockType, unit: LockPeriodUnit, period: number): void {
  if (lockType === 'TIMEOUT') {
    const weeks = unit === 'WEEK' ? period : unit === 'DAY' ? period / 7 : period * 4.35;
    if (unit === 'MONTH' || weeks < 1 / 7 || weeks > Math.max(...TIMEOUT_WEEKS)) throw fieldError('lockPeriod', 'A time-out lasts 24 hours (1 day) to 6 weeks');
    return;
  }
  // Self-exclusion: at least six months (DEF-26: a short break is a time-out) and at most five years.
  const months = unit === 'MONTH' ? period : unit === 'WEEK' ? (period * 7) / 30.4375 : period / 30.4375;
  if (months < MIN_EXCLUSION_MONTHS - 0.05)
    throw fieldError(
      'lockPeriod',
      `A self-exclusion lasts at least 6 months (choose ${EXCLUSION_MONTHS.join(', ')} months); for a shorter break take a time-out`,
    );
  if (months > MAX_EXCLUSION_MONTHS + 0.05) throw fieldError('lockPeriod', 'A self-exclusion lasts at most 5 years');
}

/** When a lock of `period` units taken at `start` ends (months are calendar months). */
export function lockEnd(start: Date, unit: LockPeriodUnit, period: number): Date {
  if (unit === 'DAY') return new Date(start.getTime() + period * DAY_MS);
  if (unit === 'WEEK') return new Date(start.getTime() + period * 7 * DAY_MS);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + period);
  return end;
}

/** The player's locks in force now, the longest first. */
export async function locksInForce(db: Db, playerId: string): Promise<LockRow[]> {
  return db
    .select()
    .from(rgLock)
    .where(and(eq(rgLock.playerId, playerId), sql.raw(lockInForceSql('"rg_lock"'))))
    .orderBy(desc(rgLock.endsAt));
}

export interface LockTaken {
  /** The new lock's id. */
  id: string;
  lockType: LockType;
  /** The end of the longest lock in force after this one: what binds the player. */
  endsAt: Date;
}

/**
 * Ends every live session of a player inside the caller's transaction: the sessions module's
 * `endAllSessions`, handed in by the caller (the sessions module asks this one whether a player may
 * sign in, so this one does not import it).
 */
export type EndSessions = (tx: Db, playerId: string, now: Date) => Promise<void>;

/**
 * lockPlayer: records the lock and ends every session of the player in the same transaction
 * (DEF-11). A self-exclusion's cash is paid back by the caller once the lock holds.
 */
export async function lockPlayer(
  db: Db,
  playerId: string,
  request: { lockType: LockType; lockPeriodUnit: LockPeriodUnit; lockPeriod: number },
  endSessions: EndSessions,
  now = new Date(),
): Promise<LockTaken> {
  checkLockSpan(request.lockType, request.lockPeriodUnit, request.lockPeriod);
  const endsAt = lockEnd(now, request.lockPeriodUnit, request.lockPeriod);
  return inTransaction(db, async (tx) => {
    await serializeWithSessions(tx, playerId);
    const [taken] = await tx
      .insert(rgLock)
      .values({
        playerId,
        lockType: request.lockType,
        lockPeriodUnit: request.lockPeriodUnit,
        lockPeriod: request.lockPeriod,
        startsAt: now,
        endsAt,
        createdAt: now,
      })
      .returning({ id: rgLock.id });
    await endSessions(tx, playerId, now);
    const [longest] = await locksInForce(tx, playerId);
    return { id: taken!.id, lockType: request.lockType, endsAt: longest && longest.endsAt > endsAt ? longest.endsAt : endsAt };
  });
}

/**
 * Serialises taking a lock with making a session for the same player (issue 26 defect 3): both run
 * this first in their transaction, so a lock committed while a session is being made is seen by
 * it, and a session committed before a lock is ended by the lock. Held until the transaction ends.
 */
export async function serializeWithSessions(tx: Db, playerId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rg_lock:${playerId}`}, 0))`);
}

/**
 * The refusal for a player whose account a lock closes now, or nothing: PLAYER_LOCKED with the
 * end date, or EXCLUSION_RETURN_REQUIRED once a self-exclusion has ended but the player has not
 * asked to return (or asked less than 24 hours ago).
 */
export async function lockRefusal(db: Db, playerId: string, now = new Date()): Promise<AppError | undefined> {
  return refusalOf(await locksInForce(db, playerId), now);
}

/**
 * The refusal of sign-in (issue 26 defect 4): as lockRefusal, but a running time-out does not
 * refuse — it restricts the session instead (session-store.ts openSession).
 */
export async function signInRefusal(db: Db, playerId: string, now = new Date(), language: Language = 'en'): Promise<AppError | undefined> {
  const locks = await locksInForce(db, playerId);
  return refusalOf(
    locks.filter((lock) => !(lock.lockType === 'TIMEOUT' && lock.endsAt > now)),
    now,
    language,
  );
}

function refusalOf(locks: LockRow[], now: Date, language: Language = 'en'): AppError | undefined {
  const running = locks.find((lock) => lock.endsAt > now);
  if (running) {
    const message = lockedText(running.lockType, running.endsAt, language);
    // The sign-in form shows the field's error: the same words, not a timestamp.
    return new AppError('PLAYER_LOCKED', message, [{ field: 'username', error: message }]);
  }
  const ended = locks[0];
  if (!ended) return undefined;
  if (ended.returnRequestedAt) {
    const opens = new Date(ended.returnRequestedAt.getTime() + DAY_MS);
    const message = reopensText(opens, language);
    return new AppError('EXCLUSION_RETURN_REQUIRED', message, [{ field: 'username', error: message }]);
  }
  const askToReturn = new AppError('EXCLUSION_RETURN_REQUIRED');
  return new AppError('EXCLUSION_RETURN_REQUIRED', undefined, [{ field: 'username', error: askToReturn.message }]);
}

/** Throws the lock's refusal when a lock closes the player's account now. */
export async function refuseIfLocked(db: Db, playerId: string, now = new Date()): Promise<void> {
  const refusal = await lockRefusal(db, playerId, now);
  if (refusal) throw refusal;
}

/**
 * A self-excluded player whose exclusion has ended asks to return: the account reopens 24 hours
 * later. Refused while the exclusion runs; nothing to do for a player with no ended exclusion.
 */
export async function requestExclusionReturn(db: Db, playerId: string, now = new Date(), language: Language = 'en'): Promise<Date> {
  return inTransaction(db, async (tx) => {
    const locks = await locksInForce(tx, playerId);
    const running = locks.find((lock) => lock.endsAt > now);
    if (running) throw new AppError('PLAYER_LOCKED', stillRunningText(running.lockType, running.endsAt, language));
    const waiting = locks.filter((lock) => lock.lockType === 'EXCLUSION');
    if (waiting.length === 0)
      throw new AppError('VALIDATION_ERROR', 'Your account is not closed by a self-exclusion', [
        { field: 'username', error: 'There is no ended self-exclusion to return from' },
      ]);
    const requested = waiting.find((lock) => lock.returnRequestedAt)?.returnRequestedAt ?? now;
    for (const lock of waiting) {
      if (!lock.returnRequestedAt) await tx.update(rgLock).set({ returnRequestedAt: requested }).where(eq(rgLock.id, lock.id));
    }
    return new Date(requested.getTime() + DAY_MS);
  });
}
