import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FieldError } from '../../../contracts/errors';
import type { Db } from '../../db/database';
import { rgLimit, rgOperatorLimit } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { noteLimitReached, type LimitNotices } from './limit-hits';
import type { DepositUsageSource } from './limits.service';
import { refuseIfLocked } from './locks.service';
import { formatDateTime, formatMinorMoney } from '../../../contracts/format';

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
export async function depositHeadroom(
  db: Db,
  playerId: string,
  currency: string,
  deposits: DepositUsageSource,
  now = new Date(),
  lock = false,
): Promise<DepositHeadroom[]> {
  const query = db
    .select()
    .from(rgLimit)
    .where(
      and(
        eq(rgLimit.playerId, playerId),
        eq(rgLimit.limitType, 'DEPOSIT_LIMIT'),
        eq(rgLimit.currency, currency),
        sql`(${rgLimit.expiresAt} IS NULL OR ${rgLimit.expiresAt} > ${now})`,
      ),
    )
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

// The refusal's words are English (its field message); money and moments as the contracts write them.
const money = (minor: bigint, currency: string) => formatMinorMoney(minor, currency, 'en');
const when = (at: Date | null) => (at ? `; more can be deposited from ${formatDateTime(at, 'en', { timeZone: 'UTC' })} UTC` : '');

/**
 * Refuses a deposit of `amount` that a lock forbids (PLAYER_LOCKED), that comes in a currency
 * without deposit limits while the player keeps them in another (LIMIT_CURRENCY_NOT_SET: limits
 * are never summed across currencies, and a second currency must not slip past them), or that
 * would pass a limit (HIGH_LIMIT, naming the amount, what may still be deposited and when the
 * window frees up).
 */
export async function checkDepositLimits(
  tx: Db,
  deposit: { playerId: string; currency: string; amount: bigint },
  deposits: DepositUsageSource,
  notices: Pick<LimitNotices, 'limitReached'>,
  now = new Date(),
): Promise<void> {
  await refuseIfLocked(tx, deposit.playerId, now);
  await checkOperatorLimits(tx, deposit, deposits, notices, now);
  const headroom = await depositHeadroom(tx, deposit.playerId, deposit.currency, deposits, now, true);
  if (headroom.length === 0) {
    const [elsewhere] = await tx
      .select({ currency: rgLimit.currency })
      .from(rgLimit)
      .where(
        and(
          eq(rgLimit.playerId, deposit.playerId),
          eq(rgLimit.limitType, 'DEPOSIT_LIMIT'),
          ne(rgLimit.currency, deposit.currency),
          sql`(${rgLimit.expiresAt} IS NULL OR ${rgLimit.expiresAt} > ${now})`,
        ),
      )
      .limit(1);
    if (elsewhere) {
      throw new AppError('LIMIT_CURRENCY_NOT_SET', undefined, [
        { field: 'amount', error: `Your deposit limits are set in ${elsewhere.currency}; set a deposit limit in ${deposit.currency} first` },
      ]);
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
    noteLimitReached(notices, { playerId: deposit.playerId, reason: 'HIGH_LIMIT', currency: deposit.currency, at: now });
    throw new AppError('HIGH_LIMIT', undefined, errors);
  }
}

/**
 * Deposit limits the operator set on the player (a financial vulnerability check's CONCERN, issue
 * 29 item 3): gross deposits per rolling window as the player's own limits count them, the rows
 * locked in the deposit's transaction so two deposits cannot share the headroom. The refusal says
 * that we set a limit and what is left, never why: the check's content is not the player's to read.
 * A currency without an operator limit is not refused here: the cap is set in the currency whose
 * deposits raised the concern.
 */
async function checkOperatorLimits(
  tx: Db,
  deposit: { playerId: string; currency: string; amount: bigint },
  deposits: DepositUsageSource,
  notices: Pick<LimitNotices, 'limitReached'>,
  now: Date,
): Promise<void> {
  const rows = await tx
    .select()
    .from(rgOperatorLimit)
    .where(and(eq(rgOperatorLimit.playerId, deposit.playerId), eq(rgOperatorLimit.currency, deposit.currency)))
    .orderBy(asc(rgOperatorLimit.id))
    .for('update');
  for (const row of rows) {
    const { total, oldest } = await deposits(tx, deposit.playerId, deposit.currency, new Date(now.getTime() - row.periodDays * DAY_MS));
    const left = row.amount > total ? row.amount - total : 0n;
    if (deposit.amount > left) {
      noteLimitReached(notices, { playerId: deposit.playerId, reason: 'HIGH_LIMIT', currency: deposit.currency, at: now });
      const freesAt = oldest ? new Date(oldest.getTime() + row.periodDays * DAY_MS) : null;
      throw new AppError('HIGH_LIMIT', undefined, [
        {
          field: 'amount',
          error: `This deposit would go over the deposit limit of ${money(row.amount, deposit.currency)} per ${row.periodDays} days we have set on your account: you can deposit ${money(left, deposit.currency)} more${when(freesAt)}`,
        },
      ]);
    }
  }
}

/**
 * Sets an operator deposit limit on a player, in the caller's transaction (issue 29 item 3: a
 * financial vulnerability check's CONCERN). Only ever lowers one already set: a conditional upsert,
 * so two settings racing keep the lower amount. No player operation can raise or remove it.
 */
export async function setOperatorDepositLimit(
  tx: Db,
  limit: { playerId: string; currency: string; periodDays: number; amount: bigint; reason: string; sourceKey: string },
): Promise<void> {
  await tx
    .insert(rgOperatorLimit)
    .values(limit)
    .onConflictDoUpdate({
      target: [rgOperatorLimit.playerId, rgOperatorLimit.currency, rgOperatorLimit.periodDays],
      set: {
        amount: sql`least(${rgOperatorLimit.amount}, excluded.amount)`,
        reason: sql`excluded.reason`,
        sourceKey: sql`excluded.source_key`,
        updatedAt: sql`now()`,
      },
    });
}

/** The operator deposit limits of a player, for staff. */
export async function operatorDepositLimits(
  db: Db,
  playerId: string,
): Promise<{ currency: string; periodDays: number; amount: bigint; reason: string; sourceKey: string; updatedAt: Date }[]> {
  return db
    .select({
      currency: rgOperatorLimit.currency,
      periodDays: rgOperatorLimit.periodDays,
      amount: rgOperatorLimit.amount,
      reason: rgOperatorLimit.reason,
      sourceKey: rgOperatorLimit.sourceKey,
      updatedAt: rgOperatorLimit.updatedAt,
    })
    .from(rgOperatorLimit)
    .where(eq(rgOperatorLimit.playerId, playerId))
    .orderBy(asc(rgOperatorLimit.currency));
}
