import { and, asc, gte, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rgLimit, rgLock } from '../../db/schema';

/** A limit row as a regulator reads it: what is in force, what is waiting, and when each began. */
export interface LimitEvidence {
  id: string;
  playerId: string;
  limitType: string;
  periodType: string;
  currency: string;
  amount: string;
  pendingAmount: string | null;
  pendingRemoval: boolean;
  pendingEffectiveAt: string | null;
  createdAt: string;
  effectiveAt: string;
}

export interface LockEvidence {
  id: string;
  playerId: string;
  lockType: string;
  lockPeriodUnit: string;
  lockPeriod: number;
  startsAt: string;
  endsAt: string;
  returnRequestedAt: string | null;
  createdAt: string;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * The responsible-gaming rows an auditor's evidence pack holds for [from, to): limits set, changed
 * into force or waiting for their cooling-off in the window (a limit keeps one row, so its last
 * change is what shows), and locks taken in it. Read-only; amounts as decimal strings of minor units.
 */
export async function limitEvidence(db: Db, from: Date, to: Date): Promise<{ limits: LimitEvidence[]; locks: LockEvidence[] }> {
  const inWindow = (column: typeof rgLimit.createdAt | typeof rgLimit.effectiveAt | typeof rgLimit.pendingEffectiveAt) =>
    and(gte(column, from), lt(column, to));
  const limits = await db
    .select()
    .from(rgLimit)
    .where(or(inWindow(rgLimit.createdAt), inWindow(rgLimit.effectiveAt), inWindow(rgLimit.pendingEffectiveAt)))
    .orderBy(asc(rgLimit.createdAt), asc(rgLimit.id));
  const locks = await db
    .select()
    .from(rgLock)
    .where(and(gte(rgLock.createdAt, from), lt(rgLock.createdAt, to)))
    .orderBy(asc(rgLock.createdAt), asc(rgLock.id));
  return {
    limits: limits.map((row) => ({
      id: row.id,
      playerId: row.playerId,
      limitType: row.limitType,
      periodType: row.periodType,
      currency: row.currency,
      amount: row.amount.toString(),
      pendingAmount: row.pendingAmount === null ? null : row.pendingAmount.toString(),
      pendingRemoval: row.pendingRemoval,
      pendingEffectiveAt: iso(row.pendingEffectiveAt),
      createdAt: row.createdAt.toISOString(),
      effectiveAt: row.effectiveAt.toISOString(),
    })),
    locks: locks.map((row) => ({
      id: row.id,
      playerId: row.playerId,
      lockType: row.lockType,
      lockPeriodUnit: row.lockPeriodUnit,
      lockPeriod: row.lockPeriod,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      returnRequestedAt: iso(row.returnRequestedAt),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
