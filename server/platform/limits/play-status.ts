import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { errorCatalogue, type ErrorStatus } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import type { PlayStatus } from '../../../contracts/platform/limits/limits';
import { executePrepared, StatementParams, type Db } from '../../db/database';
import { rgLimit, rgPlayClock } from '../../db/schema';
import { listLimits, playClockOf, sessionLive, type UsageSources } from './limits.service';
import type { EndSessions } from './locks.service';
import { refusalsQuery } from './play-rules-sql';
import type { LimitNotices } from './limit-hits';
import { noteRealityCheckPattern } from './reality-check-patterns';
import type { LimitSettings } from './settings';

/**
 * The play status the portal and the game client show (RG-62, NS-23, beyond the spec: live usage):
 * the reality check's next time, minutes played in the session and today, the session's net
 * position, every limit with its usage, and why real-money play is refused now if it is — read
 * with the very rules the wallet's policy runs (`refusalsSql`).
 */

const minutes = (ms: number) => Math.max(0, Math.floor(ms / 60_000));

async function blockedNow(db: Db, playerId: string, currency: string, settings: Pick<LimitSettings, 'breakMinutes'>): Promise<PlayStatus['blocked']> {
  const params = new StatementParams();
  // The smallest stake: a loss or wager limit that has no room left refuses it.
  const text = `${refusalsQuery(
    {
      player: params.add(playerId, 'uuid'),
      currency: params.add(currency),
      stake: params.add(1n, 'bigint'),
      breakInterval: `(${params.add(settings.breakMinutes, 'integer')} * interval '1 minute')`,
    },
    false,
  )} LIMIT 1`;
  const [row] = await executePrepared<{ reason: string; until: Date | string | null }>(db, 'rg-play-blocked', text, params.values);
  if (!row) return null;
  const status = row.reason as ErrorStatus;
  return { status, message: errorCatalogue[status]?.message ?? status, until: row.until === null ? null : new Date(row.until).toISOString() };
}

export async function getPlayStatus(db: Db, playerId: string, currency: string, sources: UsageSources, now = new Date()): Promise<PlayStatus> {
  const { settings } = sources;
  const clock = await playClockOf(db, playerId);
  const limits = await listLimits(db, playerId, sources, { currency }, now);
  const live = sessionLive(clock, now, settings);
  const sinceLast = live && clock?.lastActivityAt ? now.getTime() - clock.lastActivityAt.getTime() : 0;
  const interval = limits.find((limit) => limit.limitType === 'REALITY_CHECK')?.limit ?? 0;
  const dueAt = interval > 0 && live ? (clock?.realityCheckDueAt ?? null) : null;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return {
    status: 'SUCCESS',
    sessionStartedAt: live && clock?.sessionStartedAt ? clock.sessionStartedAt.toISOString() : null,
    sessionMinutes: live && clock ? minutes(Number(clock.sessionMs) + sinceLast) : 0,
    todayMinutes: clock && clock.day === today ? minutes(Number(clock.dayMs) + sinceLast) : 0,
    netPosition:
      live && clock
        ? [
            { currency: 'EUR', amount: fromMinorUnits(clock.sessionNetEur) },
            { currency: 'GBP', amount: fromMinorUnits(clock.sessionNetGbp) },
          ].filter((entry) => entry.amount !== 0 || entry.currency === currency)
        : [{ currency, amount: 0 }],
    realityCheck: { interval, dueAt: dueAt ? dueAt.toISOString() : null, due: dueAt !== null && dueAt <= now },
    limits,
    blocked: await blockedNow(db, playerId, currency, settings),
    breakMinutes: settings.breakMinutes,
  };
}

/**
 * The player's answer to a reality check: CONTINUE starts the next interval now (only a check that
 * is due is answered: an early answer changes nothing); LOGOUT ends every session of the player.
 * A Continue also counts towards the run of Continues the back office watches (one UTC day, one play
 * session; a Log out ends the run), and tells it when the run or the session's length crosses the
 * configured threshold (`settings.realityCheckPattern`).
 */
export async function answerRealityCheck(
  db: Db,
  playerId: string,
  action: 'CONTINUE' | 'LOGOUT',
  endSessions: EndSessions,
  settings: Pick<LimitSettings, 'breakMinutes' | 'realityCheckPattern'>,
  notices: Pick<LimitNotices, 'realityCheckPattern'>,
  now = new Date(),
): Promise<{ nextDueAt: Date | null }> {
  if (action === 'LOGOUT') {
    await endSessions(db, playerId, now);
    await db.update(rgPlayClock).set({ realityCheckStreak: 0 }).where(eq(rgPlayClock.playerId, playerId));
    return { nextDueAt: null };
  }
  const [interval] = await db
    .select({ minutes: rgLimit.amount })
    .from(rgLimit)
    .where(and(eq(rgLimit.playerId, playerId), eq(rgLimit.limitType, 'REALITY_CHECK')));
  if (!interval) return { nextDueAt: null };
  const next = new Date(now.getTime() + Number(interval.minutes) * 60_000);
  const day = now.toISOString().slice(0, 10);
  // One statement: the check is answered and counted once, however many answers race.
  const [answered] = await db
    .update(rgPlayClock)
    .set({
      realityCheckDueAt: next,
      realityCheckStreak: sql`CASE WHEN ${rgPlayClock.realityCheckStreakDay} = ${day} AND ${rgPlayClock.realityCheckStreakSession} IS NOT DISTINCT FROM ${rgPlayClock.sessionStartedAt} THEN ${rgPlayClock.realityCheckStreak} + 1 ELSE 1 END`,
      realityCheckStreakDay: day,
      realityCheckStreakSession: sql`${rgPlayClock.sessionStartedAt}`,
    })
    .where(and(eq(rgPlayClock.playerId, playerId), isNotNull(rgPlayClock.realityCheckDueAt), lte(rgPlayClock.realityCheckDueAt, now)))
    .returning();
  if (answered) {
    const sessionMinutes = sessionLive(answered, now, settings) ? minutes(Number(answered.sessionMs) + now.getTime() - answered.lastActivityAt!.getTime()) : 0;
    const thresholds = settings.realityCheckPattern;
    const trigger =
      answered.realityCheckStreak >= thresholds.continuesInARow ? 'CONTINUES_IN_A_ROW' : sessionMinutes >= thresholds.sessionMinutes ? 'SESSION_LENGTH' : null;
    if (trigger)
      noteRealityCheckPattern(notices, {
        playerId,
        trigger,
        continuesInARow: answered.realityCheckStreak,
        sessionMinutes,
        intervalMinutes: Number(interval.minutes),
        at: now,
      });
  }
  const clock = await playClockOf(db, playerId);
  return { nextDueAt: clock?.realityCheckDueAt ?? null };
}
