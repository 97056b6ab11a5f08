import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FieldError } from '../../../contracts/errors';
import { formatMinorUnits } from '../../../contracts/money';
import type { Db } from '../../db/database';
import { rgLimit } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { noteLimitReached } from './limit-hits';
import type { DepositUsageSource } from './limits.service';
import { refuseIfLocked } from './locks.service';

/**
 * Personal deposit limits at deposit time (RG-13…19, DEP-14; UKGC RTS 12): gross deposits — those
 * credited and those still on their way — per rolling 24 hours, 7 days and 30 days. Where several
 * are set the lowest headroom binds. The cashier calls this inside the transaction that records
 * the deposit, with the limits' rows locked, so two deposits of one player cannot both use the
 * same headroom; only the amount in force counts (an increase waits for its confirmation).
 */

const DAY_MS = 86_400_000;
const PERIOD_NAMES: Record<number, string> = { 1: 'daily', 7: 'weekly', 30: 'monthly' };

export interface DepositHeadroom {
  periodType: string;
  periodDays: number;
  limit: bigint;
  used: bigint;
  left: bigint;
  /** When the window frees up: its oldest counted deposit leaves it. */
  freesAt: Date | null;
}

/** What each of the player's deposit limits in `currency` still allows; with `lock`, their rows are locked. */
export async function depositHeadroom(db: Db, playerId: string, currency: string, deposits: DepositUsageSource, now = new Date(), lock = false): Promise<DepositHeadroom[]> {
  const query = db
    .select()
    .from(rgLimit)
    .where(and(eq(rgLimit.playerId, playerId), eq(rgLimit.limitType, 'DEPOSIT_LIMIT'), eq(rgLimit.currency, currency), sql`(${rgLimit.expiresAt} IS NULL OR ${rgLimit.expiresAt} > ${now})`))
    .orderBy(asc(rgLimit.id));
  const rows = lock ? await query.for('update') : await query;
  const headroom: DepositHeadroom[] = [];
  for (const row of rows) {
    const { total, oldest } = await deposits(db, playerId, currency, new Date(now.getTime() - row.periodDays * DAY_MS));
    headroom.push({
      periodType: row.periodType,
      periodDays: row.periodDays,
      limit: row.amount,
      used: total,
      left: row.amount > total ? row.amount - total : 0n,
      freesAt: oldest ? new Date(oldest.getTime() + row.periodDays * DAY_MS) : null,
    });
  }
  return headroom;
}

const money = (minor: bigint, currency: string) => `${formatMinorUnits(minor)} ${currency}`;
const when = (at: Date | null) => (at ? `; more can be deposited from ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '');

/**
 * Refuses a deposit of `amount` that a lock forbids (PLAYER_LOCKED), that comes in a currency
 * without deposit limits while the player keeps them in another (LIMIT_CURRENCY_NOT_SET: limits
 * are never summed across currencies, and a second currency must not slip past them), or that
 * would pass a limit (HIGH_LIMIT, naming the amount, what may still be deposited and when the
 * window frees up).
 */
export async function checkDepositLimits(tx: Db, deposit: { playerId: string; currency: string; amount: bigint }, deposits: DepositUsageSource, now = new Date()): Promise<void> {
  await refuseIfLocked(tx, deposit.playerId, now);
  const headroom = await depositHeadroom(tx, deposit.playerId, deposit.currency, deposits, now, true);
  if (headroom.length === 0) {
    const [elsewhere] = await tx
      .select({ currency: rgLimit.currency })
      .from(rgLimit)
      .where(and(eq(rgLimit.playerId, deposit.playerId), eq(rgLimit.limitType, 'DEPOSIT_LIMIT'), ne(rgLimit.currency, deposit.currency), sql`(${rgLimit.expiresAt} IS NULL OR ${rgLimit.expiresAt} > ${now})`))
      .limit(1);
    if (elsewhere) {
      throw new AppError('LIMIT_CURRENCY_NOT_SET', undefined, [{ field: 'amount', error: `Your deposit limits are set in ${elsewhere.currency}; set a deposit limit in ${deposit.currency} first` }]);
    }
    return;
  }
  const errors: FieldError[] = headroom
    .filter((entry) => deposit.amount > entry.left)
    .sort((a, b) => (a.left < b.left ? -1 : a.left > b.left ? 1 : 0))
    .map((entry) => ({
      field: 'amount',
      error: `This deposit would go over your ${PERIOD_NAMES[entry.periodDays] ?? entry.periodType} deposit limit of ${money(entry.limit, deposit.currency)}: you can deposit ${money(entry.left, deposit.currency)} more${when(entry.freesAt)}`,
    }));
  if (errors.length > 0) {
    noteLimitReached({ playerId: deposit.playerId, reason: 'HIGH_LIMIT', currency: deposit.currency, at: now });
    throw new AppError('HIGH_LIMIT', undefined, errors);
  }
}
