import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fromMinorUnits, toMinorUnits } from '../../../contracts/money';
import {
  GAME_TIME_MINUTES,
  isMoneyLimit,
  limitMessages,
  PERIOD_DAYS,
  TIME_CHOICES,
  type LimitChangeResponse,
  type LimitType,
  type LimitUsage,
  type PendingLimit,
  type PeriodType,
  type ResponsibleGamingLimit,
} from '../../../contracts/platform/limits/limits';
import type { Db } from '../../db/database';
import { rgLimit, rgPlayClock } from '../../db/schema';
import { AppError, fieldError } from '../../http/app-error';
import { inTransaction } from '../../db/transaction';
import { coolingOffDays, type LimitSettings } from './settings';
import { formatDateTime } from '../../../contracts/format';

/**
 * The limits themselves (RG-13…50): set, change, confirm, cancel and read them with their live
 * usage. The rules of a change (RG-17, RG-18, RG-22): a first limit or a decrease applies at once;
 * an increase or a removal waits for the cooling-off and then applies only when the player
 * confirms it. A reality check is a reminder, not a limit: its interval applies at once.
 */

export type LimitRow = typeof rgLimit.$inferSelect;

/** Where a deposit limit's usage comes from: the cashier's deposits (counted: credited and on their way) in a rolling window. */
export type DepositUsageSource = (db: Db, playerId: string, currency: string, since: Date) => Promise<{ total: bigint; oldest: Date | null }>;

/** What reading limits with their live usage needs: the cashier's deposits and the module's settings (both handed in by the composition root). */
export interface UsageSources {
  deposits: DepositUsageSource;
  settings: Pick<LimitSettings, 'breakMinutes'>;
}

const DAY_MS = 86_400_000;
const TIME_TYPES: readonly LimitType[] = ['SESSION_LIMIT', 'GAME_TIME_LIMIT', 'REALITY_CHECK'];

/** The period a type's limits default to and may use (RG-27, RG-46, RG-48, DIS-18). */
export function periodFor(type: LimitType, requested: PeriodType | undefined, field = 'periodType'): PeriodType {
  if (type === 'SESSION_LIMIT' || type === 'REALITY_CHECK') {
    if (requested && requested !== 'Session')
      throw fieldError(field, `A ${type === 'SESSION_LIMIT' ? 'session limit' : 'reality check'} has the period Session`);
    return 'Session';
  }
  if (type === 'GAME_TIME_LIMIT') {
    if (requested && requested !== 'Day' && requested !== 'Daily') throw fieldError(field, 'A game-time limit is per day');
    return 'Day';
  }
  const period = requested ?? 'Weekly';
  if (period === 'Session') throw fieldError(field, 'Money limits are per day, week, month or year');
  if (type === 'DEPOSIT_LIMIT' && period === 'Year') throw fieldError(field, 'Deposit limits are per day, week or month');
  return period;
}

const periodDays = (period: PeriodType) => (period === 'Session' ? 0 : PERIOD_DAYS[period]);

/**
 * The value of a limit of `type` in its unit (minor units or minutes), checked (DEF-10, NS-09,
 * RG-19, RG-37): money > 0 with at most 2 decimals and at most the period's maximum; game time
 * 1…1440 minutes; session limit and reality check one of the choices (0 = off, answered as null).
 */
export function limitValue(
  settings: Pick<LimitSettings, 'depositMax' | 'moneyLimitMax'>,
  type: LimitType,
  period: PeriodType,
  value: number | null,
  field = 'limit',
): bigint | null {
  if (value === null) return null;
  if (isMoneyLimit(type)) {
    if (!(value > 0)) throw fieldError(field, 'The limit must be greater than 0');
    let minor: bigint;
    try {
      minor = toMinorUnits(value, 2);
    } catch {
      throw fieldError(field, 'The limit can have at most 2 decimals');
    }
    const max =
      type === 'DEPOSIT_LIMIT' ? (settings.depositMax[period as 'Daily' | 'Weekly' | 'Monthly'] ?? settings.depositMax.Monthly) : settings.moneyLimitMax;
    if (minor > max) throw fieldError(field, `The limit must be at most ${fromMinorUnits(max)}`);
    return minor;
  }
  if (type === 'GAME_TIME_LIMIT') {
    if (!Number.isInteger(value) || value < GAME_TIME_MINUTES.min || value > GAME_TIME_MINUTES.max)
      throw fieldError(field, `The game-time limit must be ${GAME_TIME_MINUTES.min} to ${GAME_TIME_MINUTES.max} whole minutes`);
    return BigInt(value);
  }
  if (!(TIME_CHOICES as readonly number[]).includes(value)) throw fieldError(field, 'Choose OFF (0) or 10, 20, 30, 40, 50 or 60 minutes');
  return value === 0 ? null : BigInt(value);
}

export interface LimitChange {
  playerId: string;
  limitType: LimitType;
  periodType: PeriodType;
  /** The money limit's currency (the session's); ignored for time limits. */
  currency: string;
  /** The new value in its unit, or null to remove the limit. */
  value: bigint | null;
  /** A dynamic limit's lapse (RG-44). */
  expiresAt?: Date | null;
  /** The request field the value came in, for refusals. */
  field?: string;
  /** updateResponsibleGamingLimit changes an existing limit only (RG-42). */
  mustExist?: boolean;
}

const keyOf = (change: LimitChange) => ({ currency: isMoneyLimit(change.limitType) ? change.currency : '' });

async function lockedLimit(tx: Db, change: LimitChange): Promise<LimitRow | undefined> {
  const [row] = await tx
    .select()
    .from(rgLimit)
    .where(
      and(
        eq(rgLimit.playerId, change.playerId),
        eq(rgLimit.limitType, change.limitType),
        eq(rgLimit.periodType, change.periodType),
        eq(rgLimit.currency, keyOf(change).currency),
      ),
    )
    .for('update');
  return row;
}

/** A player with a time limit or reality check has a play clock (created once, when the first is set). */
async function ensurePlayClock(tx: Db, playerId: string): Promise<void> {
  await tx.insert(rgPlayClock).values({ playerId }).onConflictDoNothing();
}

const applied = (message: string = limitMessages.submitted): LimitChangeResponse => ({ status: 'SUCCESS', message, requiresDays: 0, pending: false });

/** Sets, lowers, raises or removes one limit by the rules of a change; one transaction, the limit's row locked. */
export async function changeLimit(
  db: Db,
  settings: Pick<LimitSettings, 'coolingOffHours'>,
  change: LimitChange,
  now = new Date(),
): Promise<LimitChangeResponse> {
  const field = change.field ?? 'limit';
  return inTransaction(db, async (tx) => {
    let row = await lockedLimit(tx, change);
    if (row?.expiresAt && row.expiresAt <= now) {
      // A lapsed dynamic limit is gone: what comes now is a new limit.
      await tx.delete(rgLimit).where(eq(rgLimit.id, row.id));
      row = undefined;
    }
    if (!row) {
      if (change.mustExist)
        throw new AppError('NOT_FOUND', 'There is no such limit to update', [{ field: 'limitType', error: 'There is no such limit to update; add it first' }]);
      if (change.value === null) throw fieldError(field, 'There is no limit to remove');
      if (TIME_TYPES.includes(change.limitType)) await ensurePlayClock(tx, change.playerId);
      await tx.insert(rgLimit).values({
        playerId: change.playerId,
        limitType: change.limitType,
        periodType: change.periodType,
        periodDays: periodDays(change.periodType),
        currency: keyOf(change).currency,
        amount: change.value,
        periodStartedAt: now,
        effectiveAt: now,
        createdAt: now,
        expiresAt: change.expiresAt ?? null,
      });
      if (change.limitType === 'REALITY_CHECK') await restartRealityCheck(tx, change.playerId, change.value, now);
      return applied();
    }
    // A reality check is a reminder, not a limit: its interval applies at once; OFF removes it.
    if (change.limitType === 'REALITY_CHECK') {
      if (change.value === null) await tx.delete(rgLimit).where(eq(rgLimit.id, row.id));
      else
        await tx
          .update(rgLimit)
          .set({ amount: change.value, effectiveAt: now, pendingAmount: null, pendingRemoval: false, pendingEffectiveAt: null })
          .where(eq(rgLimit.id, row.id));
      await restartRealityCheck(tx, change.playerId, change.value, now);
      return applied();
    }
    const expiry = change.expiresAt === undefined ? {} : { expiresAt: change.expiresAt };
    if (change.value !== null && change.value <= row.amount) {
      // A decrease (or the same value) applies at once and drops any pending increase (RG-17).
      await tx
        .update(rgLimit)
        .set({ amount: change.value, effectiveAt: now, pendingAmount: null, pendingRemoval: false, pendingEffectiveAt: null, ...expiry })
        .where(eq(rgLimit.id, row.id));
      return applied();
    }
    // An increase or a removal waits for its cooling-off, then for the player's confirmation (RG-18).
    const effectiveAt = new Date(now.getTime() + settings.coolingOffHours * 3_600_000);
    await tx
      .update(rgLimit)
      .set({ pendingAmount: change.value, pendingRemoval: change.value === null, pendingEffectiveAt: effectiveAt, ...expiry })
      .where(eq(rgLimit.id, row.id));
    const days = coolingOffDays(settings);
    return {
      status: 'SUCCESS',
      message: `${limitMessages.submitted} It can be confirmed from ${formatDateTime(effectiveAt, 'en', { timeZone: 'UTC' })} UTC, ${days} day${days === 1 ? '' : 's'} from now.`,
      requiresDays: days,
      pending: true,
    };
  });
}

/** A new reality-check interval starts counting now (and OFF clears the next check). */
async function restartRealityCheck(tx: Db, playerId: string, minutes: bigint | null, now: Date): Promise<void> {
  await tx
    .update(rgPlayClock)
    .set({ realityCheckDueAt: minutes === null ? null : new Date(now.getTime() + Number(minutes) * 60_000) })
    .where(eq(rgPlayClock.playerId, playerId));
}

const asIds = (ids: string | string[] | undefined): string[] => (ids === undefined ? [] : Array.isArray(ids) ? ids : [ids]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * confirmPendingLimit (RG-21, RG-22): applies the named pending changes whose cooling-off is over
 * and drops the cancelled ones, all or nothing. An id that is not one of the player's pending
 * changes is 404 naming its field (another player's id looks the same as an unknown one).
 */
export async function confirmPendingLimits(
  db: Db,
  playerId: string,
  confirm: string | string[] | undefined,
  cancel: string | string[] | undefined,
  now = new Date(),
): Promise<{ confirmed: string[]; cancelled: string[] }> {
  const confirmIds = [...new Set(asIds(confirm))];
  const cancelIds = [...new Set(asIds(cancel))];
  const both = confirmIds.find((id) => cancelIds.includes(id));
  if (both) throw fieldError('cancelId', `${both} cannot be both confirmed and cancelled`);
  return inTransaction(db, async (tx) => {
    const wanted = [...confirmIds, ...cancelIds].filter((id) => UUID.test(id));
    const rows =
      wanted.length === 0
        ? []
        : await tx
            .select()
            .from(rgLimit)
            .where(and(eq(rgLimit.playerId, playerId), inArray(rgLimit.id, wanted)))
            .orderBy(asc(rgLimit.id))
            .for('update');
    const pending = new Map(rows.filter((row) => row.pendingEffectiveAt !== null).map((row) => [row.id, row]));
    for (const [ids, field] of [
      [confirmIds, 'confirmId'],
      [cancelIds, 'cancelId'],
    ] as const) {
      const unknown = ids.find((id) => !pending.has(id));
      if (unknown) throw new AppError('NOT_FOUND', 'No such pending limit', [{ field, error: `No pending limit ${unknown}` }]);
    }
    for (const id of confirmIds) {
      const row = pending.get(id)!;
      if (row.pendingEffectiveAt! > now) {
        throw new AppError('LIMIT_NOT_CONFIRMABLE', undefined, [
          { field: 'confirmId', error: `This change can be confirmed from ${row.pendingEffectiveAt!.toISOString()}` },
        ]);
      }
    }
    for (const id of confirmIds) {
      const row = pending.get(id)!;
      if (row.pendingRemoval) await tx.delete(rgLimit).where(eq(rgLimit.id, id));
      else
        await tx.update(rgLimit).set({ amount: row.pendingAmount!, effectiveAt: now, pendingAmount: null, pendingEffectiveAt: null }).where(eq(rgLimit.id, id));
    }
    for (const id of cancelIds)
      await tx.update(rgLimit).set({ pendingAmount: null, pendingRemoval: false, pendingEffectiveAt: null }).where(eq(rgLimit.id, id));
    return { confirmed: confirmIds, cancelled: cancelIds };
  });
}

// ── reading limits with their usage ───────────────────────────────────────────────────────────

export interface PlayClockRow {
  sessionStartedAt: Date | null;
  lastActivityAt: Date | null;
  sessionMs: bigint;
  day: string;
  dayMs: bigint;
  sessionNetEur: bigint;
  sessionNetGbp: bigint;
  realityCheckDueAt: Date | null;
}

export async function playClockOf(db: Db, playerId: string): Promise<PlayClockRow | undefined> {
  const [row] = await db.select().from(rgPlayClock).where(eq(rgPlayClock.playerId, playerId));
  return row;
}

/** True while the clock's play session is live (a round less than the break ago). */
export const sessionLive = (clock: PlayClockRow | undefined, now: Date, settings: Pick<LimitSettings, 'breakMinutes'>): boolean =>
  Boolean(clock?.lastActivityAt && clock.lastActivityAt.getTime() > now.getTime() - settings.breakMinutes * 60_000);

/** The UK/IE calendar day (London time), as the clock's `day`. */
export const londonDay = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

function nextLondonMidnight(now: Date): Date {
  // London is UTC or UTC+1: the first hour boundary after now whose London day differs.
  const today = londonDay(now);
  let probe = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
  while (londonDay(probe) === today) probe = new Date(probe.getTime() + 3_600_000);
  return probe;
}

const minutes = (ms: bigint) => Math.floor(Number(ms) / 60_000);
const isoOrNull = (at: Date | null | undefined) => (at ? at.toISOString() : null);

function usageOf(used: number, limit: number, resetsAt: Date | null): LimitUsage {
  return { used, limit, left: Math.max(0, limit - used), resetsAt: isoOrNull(resetsAt) };
}

/** The live usage of one limit now (beyond the spec: the limits page's and the game client's bars). */
async function usage(
  db: Db,
  row: LimitRow,
  clock: PlayClockRow | undefined,
  { deposits, settings }: UsageSources,
  now: Date,
): Promise<{ usage: LimitUsage; cumulated: bigint }> {
  const limit = row.amount;
  switch (row.limitType as LimitType) {
    case 'DEPOSIT_LIMIT': {
      const { total, oldest } = await deposits(db, row.playerId, row.currency, new Date(now.getTime() - row.periodDays * DAY_MS));
      // A rolling window frees up as its oldest counted deposit leaves it.
      const freesAt = oldest ? new Date(oldest.getTime() + row.periodDays * DAY_MS) : null;
      return { usage: usageOf(fromMinorUnits(total), fromMinorUnits(limit), freesAt), cumulated: total };
    }
    case 'LOSS_LIMIT':
    case 'WAGER_LIMIT': {
      const ends = new Date(row.periodStartedAt.getTime() + row.periodDays * DAY_MS);
      const used = now >= ends ? 0n : row.cumulated;
      return { usage: usageOf(fromMinorUnits(used), fromMinorUnits(limit), now >= ends ? null : ends), cumulated: used };
    }
    case 'SESSION_LIMIT': {
      const live = sessionLive(clock, now, settings);
      const ms = live && clock ? clock.sessionMs + BigInt(now.getTime() - clock.lastActivityAt!.getTime()) : 0n;
      return {
        usage: usageOf(minutes(ms), Number(limit), live && clock ? new Date(clock.lastActivityAt!.getTime() + settings.breakMinutes * 60_000) : null),
        cumulated: BigInt(minutes(ms)),
      };
    }
    case 'GAME_TIME_LIMIT': {
      const today = clock?.day === londonDay(now) ? clock.dayMs : 0n;
      const ms = today + (sessionLive(clock, now, settings) && clock ? BigInt(now.getTime() - clock.lastActivityAt!.getTime()) : 0n);
      return { usage: usageOf(minutes(ms), Number(limit), today > 0n ? nextLondonMidnight(now) : null), cumulated: BigInt(minutes(ms)) };
    }
    case 'REALITY_CHECK': {
      const due = clock?.realityCheckDueAt ?? null;
      const left = due ? Math.max(0, Math.ceil((due.getTime() - now.getTime()) / 60_000)) : Number(limit);
      return { usage: usageOf(Number(limit) - left, Number(limit), due), cumulated: BigInt(Number(limit) - left) };
    }
  }
}

export function pendingOf(row: LimitRow, now: Date): PendingLimit | null {
  if (!row.pendingEffectiveAt) return null;
  return {
    id: row.id,
    limitType: row.limitType as LimitType,
    limitPeriod: row.periodType as PeriodType,
    limit: row.pendingRemoval || row.pendingAmount === null ? null : displayValue(row.limitType as LimitType, row.pendingAmount),
    effectiveDate: row.pendingEffectiveAt.toISOString(),
    confirmable: row.pendingEffectiveAt <= now,
    currency: row.currency === '' ? null : row.currency,
  };
}

export const displayValue = (type: LimitType, value: bigint): number => (isMoneyLimit(type) ? fromMinorUnits(value) : Number(value));

export interface LimitFilter {
  limitTypes?: readonly LimitType[];
  periodTypes?: readonly PeriodType[];
  /** Money limits of this currency only (time limits always). */
  currency?: string;
}

/** The player's limits in force (a lapsed dynamic limit is gone) as the spec's limit entity, with usage and pending change. */
export async function listLimits(
  db: Db,
  playerId: string,
  sources: UsageSources,
  filter: LimitFilter = {},
  now = new Date(),
): Promise<ResponsibleGamingLimit[]> {
  const rows = await db
    .select()
    .from(rgLimit)
    .where(and(eq(rgLimit.playerId, playerId), sql`(${rgLimit.expiresAt} IS NULL OR ${rgLimit.expiresAt} > ${now})`))
    .orderBy(asc(rgLimit.limitType), asc(rgLimit.periodDays));
  const clock = rows.some((row) => TIME_TYPES.includes(row.limitType as LimitType)) ? await playClockOf(db, playerId) : undefined;
  const chosen = rows.filter(
    (row) =>
      (!filter.limitTypes || filter.limitTypes.includes(row.limitType as LimitType)) &&
      (!filter.periodTypes || filter.periodTypes.includes(row.periodType as PeriodType)) &&
      (!filter.currency || row.currency === '' || row.currency === filter.currency),
  );
  return Promise.all(
    chosen.map(async (row) => {
      const type = row.limitType as LimitType;
      const { usage: used, cumulated } = await usage(db, row, clock, sources, now);
      return {
        id: row.id,
        limitType: type,
        periodType: row.periodType as PeriodType,
        limit: displayValue(type, row.amount),
        currency: row.currency === '' ? null : row.currency,
        creationDate: row.createdAt.toISOString(),
        effectiveDate: row.effectiveAt.toISOString(),
        // The end of the current period (RG-50); limits do not lapse (see addResponsibleGamingLimit).
        expiryDate: used.resetsAt ? used.resetsAt.slice(0, 10) : null,
        lastCumulationDateTime: isoOrNull(row.lastCumulationAt),
        cumulatedValue: displayValue(type, cumulated),
        usage: used,
        pending: pendingOf(row, now),
      };
    }),
  );
}

/** The rows of one type (and currency, for money limits), for the fixed-period screens. */
export async function limitRows(db: Db, playerId: string, type: LimitType, currency: string): Promise<LimitRow[]> {
  return db
    .select()
    .from(rgLimit)
    .where(and(eq(rgLimit.playerId, playerId), eq(rgLimit.limitType, type), eq(rgLimit.currency, isMoneyLimit(type) ? currency : '')));
}
