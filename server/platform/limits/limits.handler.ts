import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import {
  addResponsibleGamingLimitRequestSchema,
  answerRealityCheckRequestSchema,
  answerRealityCheckResponseSchema,
  confirmPendingLimitRequestSchema,
  confirmPendingLimitResponseSchema,
  getDisplayPeriodLimitsResponseSchema,
  getLimitsResponseSchema,
  getPendingConfirmationLimitResponseSchema,
  getPersonalDepositLimitsResponseSchema,
  getRealityCheckResponseSchema,
  getResponsibleGamingLimitQuerySchema,
  getResponsibleGamingLimitResponseSchema,
  getSessionLimitResponseSchema,
  limitChangeResponseSchema,
  lockPlayerRequestSchema,
  lockPlayerResponseSchema,
  playStatusSchema,
  setPersonalDepositLimitsRequestSchema,
  updateMoneyLimitRequestSchema,
  updateRealityCheckRequestSchema,
  updateResponsibleGamingLimitRequestSchema,
  updateSessionLimitRequestSchema,
  type FixedPeriod,
  type LimitType,
  type LockCashPayback,
  type LockType,
  type PeriodType,
} from '../../../contracts/platform/limits/limits';
import type { Db } from '../../db/database';
import { fieldError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { primaryCurrencyOf } from '../accounts';
import { clearSessionCookie, endAllSessions, requireSession } from '../session';
import { inTransaction } from '../../db/transaction';
import {
  changeLimit,
  confirmPendingLimits,
  limitRows,
  limitValue,
  listLimits,
  pendingOf,
  periodFor,
  displayValue,
  type DepositUsageSource,
  type LimitRow,
} from './limits.service';
import { requestLanguage } from '../language/language';
import { limitsSummary } from './limits-summary';
import { lockMessage } from './lock-texts';
import { lockPlayer } from './locks.service';
import { getPlayStatus } from './play-status';
import { coolingOffDays } from './settings';

/**
 * The responsible-gaming operations under /ps (spec 001 §7 "Responsible gaming"; RG-07, RG-13…61):
 * thin routes over the limits, locks and play-status services. Reads are GET, changes POST with a
 * JSON body (DEF-08). Every one needs the player's session; a money limit is in the session's
 * currency.
 */

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * Every signed-in operation here; the reads (marked `config: { restrictedSession: true }`) are open
 * to a restricted session too (a player on a time-out, issue 26 defect 4), the changes are not.
 */
async function player(context: ServiceContext, request: FastifyRequest, reply: FastifyReply) {
  const session = await requireSession(context, request, reply);
  const currency = session.currency ?? (await primaryCurrencyOf(context.database.db, session.partyId)) ?? 'EUR';
  return { playerId: session.partyId, currency };
}

const FIXED: readonly FixedPeriod[] = ['Daily', 'Weekly', 'Monthly'];

function moneyLimitAnswer(rows: LimitRow[], type: LimitType, now: Date) {
  // The fixed screens show one loss and one wager limit: the weekly one unless another was set (RG-27).
  const row =
    rows.find((candidate) => candidate.periodType === 'Weekly') ?? rows.find((candidate) => FIXED.includes(candidate.periodType as FixedPeriod)) ?? rows[0];
  const pending = row ? pendingOf(row, now) : null;
  return {
    limit: row ? displayValue(type, row.amount) : null,
    period: (row?.periodType ?? 'Weekly') as PeriodType,
    pending: pending
      ? {
          limit: pending.limit,
          effectiveDate: pending.effectiveDate,
          limitPeriod: pending.limitPeriod,
          limitType: pending.limitType,
          id: pending.id,
          confirmable: pending.confirmable,
        }
      : null,
    row,
  };
}

/** What the composition root hands the limits routes from modules the limits module does not import. */
export interface LimitsDependencies {
  /** The cashier's deposits, which deposit limits are measured on. */
  deposits: DepositUsageSource;
  /**
   * What a lock sets off (server/platform/after-lock.ts, shared with staff's lock): `inLockTransaction`
   * runs in the lock's transaction (a self-exclusion's "payback due" record); `afterCommit` runs the
   * steps once the lock holds — rounds in play settled, bonuses forfeited, a self-excluded player's
   * cash paid back — and answers what happens to the cash (null for a time-out).
   */
  afterLock: {
    inLockTransaction: (tx: Db, playerId: string, lock: { id: string; lockType: LockType }) => Promise<void>;
    afterCommit: (playerId: string, lock: { id: string; lockType: LockType }, log: FastifyBaseLogger) => Promise<LockCashPayback | null>;
  };
}

export const limitsRoutes =
  (context: ServiceContext, { deposits, afterLock }: LimitsDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    // The module's settings as the composition root built them (server/modules.ts).
    const { settings } = context.limits;
    const sources = { deposits, settings };
    const tags = ['responsible-gaming'];

    app.get(
      '/getPersonalDepositLimits',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'Personal deposit limits per Daily, Weekly, Monthly with maxima, pending changes and live usage (RG-13, RG-14)',
          response: { 200: getPersonalDepositLimitsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const now = new Date();
        const limits = await listLimits(db, playerId, sources, { limitTypes: ['DEPOSIT_LIMIT'], currency }, now);
        const of = (period: FixedPeriod) => limits.find((limit) => limit.periodType === period);
        const row = (period: FixedPeriod, key: 'daily' | 'weekly' | 'monthly', Key: 'Daily' | 'Weekly' | 'Monthly') => {
          const limit = of(period);
          return {
            [`${key}Limit`]: limit?.limit ?? null,
            [`${key}Max`]: fromMinorUnits(settings.depositMax[period]),
            [`hasPending${Key}Limit`]: Boolean(limit?.pending),
            [`pending${Key}Limit`]: limit?.pending?.limit ?? null,
            [`pending${Key}LimitEffectiveDate`]: limit?.pending?.effectiveDate ?? null,
          };
        };
        return {
          status: 'SUCCESS' as const,
          currency,
          ...(row('Daily', 'daily', 'Daily') as {
            dailyLimit: number | null;
            dailyMax: number;
            hasPendingDailyLimit: boolean;
            pendingDailyLimit: number | null;
            pendingDailyLimitEffectiveDate: string | null;
          }),
          ...(row('Weekly', 'weekly', 'Weekly') as {
            weeklyLimit: number | null;
            weeklyMax: number;
            hasPendingWeeklyLimit: boolean;
            pendingWeeklyLimit: number | null;
            pendingWeeklyLimitEffectiveDate: string | null;
          }),
          ...(row('Monthly', 'monthly', 'Monthly') as {
            monthlyLimit: number | null;
            monthlyMax: number;
            hasPendingMonthlyLimit: boolean;
            pendingMonthlyLimit: number | null;
            pendingMonthlyLimitEffectiveDate: string | null;
          }),
          cooldownPeriod: coolingOffDays(settings),
          usage: { daily: of('Daily')?.usage ?? null, weekly: of('Weekly')?.usage ?? null, monthly: of('Monthly')?.usage ?? null },
        };
      },
    );

    app.post(
      '/setPersonalDepositLimits',
      {
        schema: {
          tags,
          summary: 'Sets, lowers, raises (after the cooling-off and a confirmation) or removes one period’s deposit limit (RG-15…19, DIS-04)',
          body: setPersonalDepositLimitsRequestSchema,
          response: { 200: limitChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const body = request.body;
        const given = (['dailyLimit', 'weeklyLimit', 'monthlyLimit'] as const).filter((key) => body[key] !== undefined);
        let period: FixedPeriod;
        let value: number | null;
        let field: string;
        if (body.period !== undefined || body.value !== undefined) {
          if (given.length > 0) throw fieldError('period', 'Send either one of dailyLimit, weeklyLimit, monthlyLimit or period and value');
          if (body.period === undefined) throw fieldError('period', 'Please choose a period');
          if (body.value === undefined) throw fieldError('value', 'Please enter a limit');
          [period, value, field] = [body.period, body.value, 'value'];
        } else {
          if (given.length !== 1) throw fieldError('dailyLimit', 'Send exactly one of dailyLimit, weeklyLimit, monthlyLimit');
          const key = given[0]!;
          [period, value, field] = [key === 'dailyLimit' ? 'Daily' : key === 'weeklyLimit' ? 'Weekly' : 'Monthly', body[key] ?? null, key];
        }
        return changeLimit(db, settings, {
          playerId,
          limitType: 'DEPOSIT_LIMIT',
          periodType: period,
          currency,
          value: limitValue(settings, 'DEPOSIT_LIMIT', period, value, field),
          field,
        });
      },
    );

    app.get(
      '/getPendingConfirmationLimit',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'Limit increases and removals waiting for their cooling-off and the player’s confirmation (RG-20)',
          response: { 200: getPendingConfirmationLimitResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        const limits = await listLimits(db, playerId, sources);
        return { status: 'SUCCESS' as const, limits: limits.flatMap((limit) => (limit.pending ? [limit.pending] : [])) };
      },
    );

    app.post(
      '/confirmPendingLimit',
      {
        schema: {
          tags,
          summary: 'Applies pending changes whose cooling-off is over and cancels others (RG-21, RG-22, DEF-08)',
          body: confirmPendingLimitRequestSchema,
          response: { 200: confirmPendingLimitResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        const done = await confirmPendingLimits(db, playerId, request.body.confirmId, request.body.cancelId);
        return { status: 'SUCCESS' as const, message: 'Your limit change request has been submitted successfully.', ...done };
      },
    );

    app.get(
      '/getLimits',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'Loss and wager limits with their pending changes and usage (RG-23, RG-24)',
          response: { 200: getLimitsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const now = new Date();
        const limits = await listLimits(db, playerId, sources, { limitTypes: ['LOSS_LIMIT', 'WAGER_LIMIT'], currency }, now);
        const loss = moneyLimitAnswer(await limitRows(db, playerId, 'LOSS_LIMIT', currency), 'LOSS_LIMIT', now);
        const wager = moneyLimitAnswer(await limitRows(db, playerId, 'WAGER_LIMIT', currency), 'WAGER_LIMIT', now);
        const usageOf = (id: string | undefined) => limits.find((limit) => limit.id === id)?.usage ?? null;
        return {
          status: 'SUCCESS' as const,
          currency,
          lossLimit: loss.limit,
          lossLimitPeriod: loss.period,
          pendingLossLimit: loss.pending,
          lossUsage: usageOf(loss.row?.id),
          wagerLimit: wager.limit,
          wagerLimitPeriod: wager.period,
          pendingWagerLimit: wager.pending,
          wagerUsage: usageOf(wager.row?.id),
          cooldownPeriod: coolingOffDays(settings),
        };
      },
    );

    for (const [path, type] of [
      ['/updateLossLimit', 'LOSS_LIMIT'],
      ['/updateWagerLimit', 'WAGER_LIMIT'],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: `Sets or changes the ${type === 'LOSS_LIMIT' ? 'loss' : 'wager'} limit, Weekly unless a period is named (RG-25…27)`,
            body: updateMoneyLimitRequestSchema,
            response: { 200: limitChangeResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const { playerId, currency } = await player(context, request, reply);
          const period = periodFor(type, request.body.limitPeriod, 'limitPeriod');
          return changeLimit(db, settings, {
            playerId,
            limitType: type,
            periodType: period,
            currency,
            value: limitValue(settings, type, period, request.body.limit),
          });
        },
      );
    }

    app.get(
      '/getSessionLimit',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'The session limit in minutes (0 = off), its pending change and the session’s use (RG-28, RG-29)',
          response: { 200: getSessionLimitResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        const [limit] = await listLimits(db, playerId, sources, { limitTypes: ['SESSION_LIMIT'] });
        return {
          status: 'SUCCESS' as const,
          sessionLimit: limit?.limit ?? 0,
          pendingSessionLimit: limit?.pending ? (limit.pending.limit ?? 0) : null,
          effectiveDate: limit?.pending?.effectiveDate ?? null,
          pendingId: limit?.pending?.id ?? null,
          usage: limit?.usage ?? null,
        };
      },
    );

    app.post(
      '/updateSessionLimit',
      {
        schema: {
          tags,
          summary: 'Sets the session limit: OFF (0) or 10…60 minutes; `interval` is an alias of `limit` (RG-30…32, RG-37, DIS-06)',
          body: updateSessionLimitRequestSchema,
          response: { 200: limitChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const minutes = request.body.limit ?? request.body.interval!;
        const field = request.body.limit !== undefined ? 'limit' : 'interval';
        return changeLimit(db, settings, {
          playerId,
          limitType: 'SESSION_LIMIT',
          periodType: 'Session',
          currency,
          value: limitValue(settings, 'SESSION_LIMIT', 'Session', minutes, field),
          field,
        });
      },
    );

    app.get(
      '/getRealityCheck',
      {
        config: { restrictedSession: true },
        schema: { tags, summary: 'The reality-check interval in minutes, 0 when not set (RG-33)', response: { 200: getRealityCheckResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        const [limit] = await listLimits(db, playerId, sources, { limitTypes: ['REALITY_CHECK'] });
        return { status: 'SUCCESS' as const, interval: limit?.limit ?? 0 };
      },
    );

    app.post(
      '/updateRealityCheck',
      {
        schema: {
          tags,
          summary: 'Sets the reality-check interval: OFF (0) or 10…60 minutes, applied at once (RG-34…37)',
          body: updateRealityCheckRequestSchema,
          response: { 200: limitChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const value = limitValue(settings, 'REALITY_CHECK', 'Session', request.body.interval, 'interval');
        const [existing] = await listLimits(db, playerId, sources, { limitTypes: ['REALITY_CHECK'] });
        if (value === null && !existing)
          return { status: 'SUCCESS' as const, message: 'Your limit change request has been submitted successfully.', requiresDays: 0, pending: false };
        return changeLimit(db, settings, { playerId, limitType: 'REALITY_CHECK', periodType: 'Session', currency, value, field: 'interval' });
      },
    );

    app.get(
      '/getDisplayPeriodLimits',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'A sentence about the player’s limits in force, shown on the limits page (RG-07)',
          response: { 200: getDisplayPeriodLimitsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const limits = await listLimits(db, playerId, sources, { currency });
        // Issue 27: in the portal's language, money as the contracts write it.
        const message = limitsSummary(limits, requestLanguage(request));
        return { status: 'SUCCESS' as const, message };
      },
    );

    app.get(
      '/getResponsibleGamingLimit',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'The player’s limits as the dynamic limit entity, filtered by type and period (RG-38…41)',
          querystring: getResponsibleGamingLimitQuerySchema,
          response: { 200: getResponsibleGamingLimitResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const limits = await listLimits(db, playerId, sources, {
          ...(request.query.limitTypes ? { limitTypes: request.query.limitTypes } : {}),
          ...(request.query.periodTypes ? { periodTypes: request.query.periodTypes } : {}),
          currency,
        });
        return { status: 'SUCCESS' as const, limits };
      },
    );

    const dynamicValue = (type: LimitType, period: PeriodType, limit: number) => {
      const value = limitValue(settings, type, period, limit);
      if (value === null && type !== 'REALITY_CHECK' && type !== 'SESSION_LIMIT') throw fieldError('limit', 'Please enter a limit');
      return value;
    };

    app.post(
      '/updateResponsibleGamingLimit',
      {
        schema: {
          tags,
          summary: 'Changes an existing limit of a type and period (RG-42, DEF-08)',
          body: updateResponsibleGamingLimitRequestSchema,
          response: { 200: limitChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const { limitType, limit } = request.body;
        const period = periodFor(limitType, request.body.periodType);
        return changeLimit(db, settings, { playerId, limitType, periodType: period, currency, value: dynamicValue(limitType, period, limit), mustExist: true });
      },
    );

    app.post(
      '/addResponsibleGamingLimit',
      {
        schema: {
          tags,
          summary: 'Adds a limit of a type and period, lapsing on expiryDate (RG-43…49)',
          body: addResponsibleGamingLimitRequestSchema,
          response: { 200: limitChangeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const { limitType, limit, expiryDate } = request.body;
        const period = periodFor(limitType, request.body.periodType);
        if (expiryDate !== undefined) {
          const expiry = new Date(`${expiryDate}T00:00:00Z`);
          if (Number.isNaN(expiry.getTime()) || expiry.toISOString().slice(0, 10) !== expiryDate)
            throw fieldError('expiryDate', 'The expiry date is not a date');
          if (expiry.getTime() <= Date.now()) throw fieldError('expiryDate', 'The expiry date must be after today');
          if (expiry.getTime() > Date.now() + 5 * 366 * 86_400_000) throw fieldError('expiryDate', 'The expiry date must be within five years');
        }
        // The expiry the spec's screens send (today + the period, RG-44) is the end of the limit's
        // first period, not of the limit: a limit that lapsed by itself would be a removal without
        // the cooling-off and confirmation every removal needs (RG-18). Periods simply repeat.
        return changeLimit(db, settings, { playerId, limitType, periodType: period, currency, value: dynamicValue(limitType, period, limit) });
      },
    );

    app.post(
      '/lockPlayer',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'Time-out (24 hours to 6 weeks) or self-exclusion (6 months to 5 years): every session ends at once (RG-51…61, DEF-11, DEF-26, DIS-02)',
          body: lockPlayerRequestSchema,
          response: { 200: lockPlayerResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        // The lock and what must follow it (a self-exclusion's "payback due" record) commit together.
        const taken = await inTransaction(db, async (tx) => {
          const lock = await lockPlayer(tx, playerId, request.body, endAllSessions);
          await afterLock.inLockTransaction(tx, playerId, lock);
          return lock;
        });
        clearSessionCookie(reply);
        request.log.info({ partyId: playerId, lockType: taken.lockType, endsAt: taken.endsAt.toISOString() }, 'player locked at their request');
        // The lock holds whatever happens here: a step that fails is logged, and a payback left due is retried.
        const cashPayback = await afterLock.afterCommit(playerId, taken, request.log);
        return {
          status: 'SUCCESS' as const,
          message: lockMessage(taken.lockType, taken.endsAt, cashPayback, requestLanguage(request)),
          lockType: taken.lockType,
          lockEndDate: taken.endsAt.toISOString(),
          cashPayback,
        };
      },
    );

    app.get(
      '/getPlayStatus',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'Time played, net position, the reality check’s next time, every limit with its usage, and why play is refused if it is (RG-62)',
          response: { 200: playStatusSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        return getPlayStatus(db, playerId, currency, sources);
      },
    );

    app.post(
      '/answerRealityCheck',
      {
        schema: {
          tags,
          summary: 'Continue (the next interval starts now) or log out (every session ends) at a reality check (RG-62, NS-23)',
          body: answerRealityCheckRequestSchema,
          response: { 200: answerRealityCheckResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        const answer = await context.limits.answerRealityCheck(db, playerId, request.body.action, endAllSessions);
        if (request.body.action === 'LOGOUT') clearSessionCookie(reply);
        return { status: 'SUCCESS' as const, nextDueAt: answer.nextDueAt ? answer.nextDueAt.toISOString() : null };
      },
    );
  };
