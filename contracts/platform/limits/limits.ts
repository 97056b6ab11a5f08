import { z } from 'zod';
import { moneySchema } from '../../money';

/**
 * Responsible gaming (spec 001 §2 "Responsible-gaming limits page", §3, §4 "Limits", §5, §7, §9;
 * RG-01…62; DEF-08, DEF-10, DEF-11, DEF-26; DIS-02, DIS-04, DIS-06, DIS-18; NS-09, NS-20…23).
 *
 * Every limit is one entity on the server (the spec's dynamic limit, RG-39): a type, a period, the
 * amount in force, an optional pending change waiting for its cooling-off and the player's
 * confirmation, and what has been used of it in the current period. Money limits are in the
 * currency they were set in (the session's) and never summed across currencies; time limits are
 * minutes.
 *
 * Changes are POST with a JSON body (DEF-08), reads are GET. A decrease (or a first limit) applies
 * at once; an increase or a removal waits `cooldownPeriod` days and then applies only once the
 * player confirms it (RG-17, RG-18, RG-21, RG-22).
 */

export const limitTypeSchema = z.enum(['DEPOSIT_LIMIT', 'LOSS_LIMIT', 'WAGER_LIMIT', 'SESSION_LIMIT', 'GAME_TIME_LIMIT', 'REALITY_CHECK']);
export type LimitType = z.infer<typeof limitTypeSchema>;
export const MONEY_LIMIT_TYPES = ['DEPOSIT_LIMIT', 'LOSS_LIMIT', 'WAGER_LIMIT'] as const satisfies readonly LimitType[];
export const isMoneyLimit = (type: LimitType): boolean => (MONEY_LIMIT_TYPES as readonly string[]).includes(type);

/** The fixed periods (rolling 24 hours, 7 days, 30 days: RG-16) as the fixed-period screens name them. */
export const fixedPeriodSchema = z.enum(['Daily', 'Weekly', 'Monthly']);
export type FixedPeriod = z.infer<typeof fixedPeriodSchema>;
/**
 * Every period type the dynamic operations accept (RG-41, DIS-03): the fixed ones, the dynamic
 * units Day, Week, Month, Year (1, 7, 30, 365 days), and Session for the session limit (DIS-18).
 */
export const periodTypeSchema = z.enum(['Daily', 'Weekly', 'Monthly', 'Day', 'Week', 'Month', 'Year', 'Session']);
export type PeriodType = z.infer<typeof periodTypeSchema>;
export const PERIOD_DAYS: Record<Exclude<PeriodType, 'Session'>, number> = { Daily: 1, Weekly: 7, Monthly: 30, Day: 1, Week: 7, Month: 30, Year: 365 };

/** Session-limit and reality-check choices in minutes; 0 is OFF (RG-30, RG-34, RG-37, NS-20). */
export const TIME_CHOICES = [0, 10, 20, 30, 40, 50, 60] as const;
/** Game-time limit: whole minutes a day, 1…1440 (DEF-10). */
export const GAME_TIME_MINUTES = { min: 1, max: 1440 } as const;
/** Timeout: 1…6 weeks on the fixed screen, or from 1 day (24 hours, the UK minimum) in days (RG-51, RG-52). Self-exclusion: 6 months, 1, 2, 3, 5 years (RG-53, RG-54, DIS-02). */
export const TIMEOUT_WEEKS = [1, 2, 3, 4, 5, 6] as const;
export const EXCLUSION_MONTHS = [6, 12, 24, 36, 60] as const;

const limitAmount = moneySchema({ what: 'limit' });
const minutesChoice = (field: string) =>
  z
    .number({ error: `Please choose a ${field}` })
    .refine((value) => (TIME_CHOICES as readonly number[]).includes(value), { message: `The ${field} must be OFF (0) or 10, 20, 30, 40, 50 or 60 minutes` });

/** Dates on the wire: YYYY-MM-DD for days (NS-16), ISO 8601 instants for times. */
export const isoInstant = z.string();

/** What has been used of a limit in its current period, and when that period frees up. */
export const limitUsageSchema = z.object({
  /** Deposited, net lost, wagered (major units) or minutes played in the current period. */
  used: z.number(),
  /** The limit in force, same unit. */
  limit: z.number(),
  /** What may still be deposited, lost, wagered or played (never negative). */
  left: z.number(),
  /**
   * When the period resets or, for a rolling deposit window, when the oldest counted deposit
   * leaves it (what frees up then); null when nothing is used.
   */
  resetsAt: isoInstant.nullable(),
});
export type LimitUsage = z.infer<typeof limitUsageSchema>;

/** A change waiting for its cooling-off and the player's confirmation (RG-20, RG-24). */
export const pendingLimitSchema = z.object({
  id: z.string(),
  limitType: limitTypeSchema,
  limitPeriod: periodTypeSchema,
  /** The new value; null when the change removes the limit. */
  limit: z.number().nullable(),
  /** When the cooling-off ends and the change may be confirmed. */
  effectiveDate: isoInstant,
  /** True once the cooling-off is over: confirmPendingLimit may apply it now. */
  confirmable: z.boolean(),
  currency: z.string().nullable(),
});
export type PendingLimit = z.infer<typeof pendingLimitSchema>;

/** The spec's dynamic (period) limit entity (RG-39), which every limit is. */
export const responsibleGamingLimitSchema = z.object({
  id: z.string(),
  limitType: limitTypeSchema,
  periodType: periodTypeSchema,
  limit: z.number(),
  currency: z.string().nullable(),
  creationDate: isoInstant,
  effectiveDate: isoInstant,
  /** The day the current period ends (YYYY-MM-DD; RG-50); null when nothing is counted yet. Limits do not lapse. */
  expiryDate: z.string().nullable(),
  lastCumulationDateTime: isoInstant.nullable(),
  cumulatedValue: z.number(),
  usage: limitUsageSchema,
  pending: pendingLimitSchema.nullable(),
});
export type ResponsibleGamingLimit = z.infer<typeof responsibleGamingLimitSchema>;

/** The answer of every change: requiresDays is 0 when the change applied at once (RG-15). */
export const limitChangeResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  message: z.string(),
  requiresDays: z.number().int(),
  /** True when the change waits for its cooling-off and the player's confirmation. */
  pending: z.boolean(),
});
export type LimitChangeResponse = z.infer<typeof limitChangeResponseSchema>;

// ── personal deposit limits (RG-13…19, DIS-04) ────────────────────────────────────────────────

export const getPersonalDepositLimitsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  currency: z.string(),
  dailyLimit: z.number().nullable(),
  dailyMax: z.number(),
  hasPendingDailyLimit: z.boolean(),
  pendingDailyLimit: z.number().nullable(),
  pendingDailyLimitEffectiveDate: isoInstant.nullable(),
  weeklyLimit: z.number().nullable(),
  weeklyMax: z.number(),
  hasPendingWeeklyLimit: z.boolean(),
  pendingWeeklyLimit: z.number().nullable(),
  pendingWeeklyLimitEffectiveDate: isoInstant.nullable(),
  monthlyLimit: z.number().nullable(),
  monthlyMax: z.number(),
  hasPendingMonthlyLimit: z.boolean(),
  pendingMonthlyLimit: z.number().nullable(),
  pendingMonthlyLimitEffectiveDate: isoInstant.nullable(),
  /** Cooling-off in days for an increase or a removal. */
  cooldownPeriod: z.number().int(),
  /** Live usage per period (beyond the spec): deposited against the limit, and when the window frees up. */
  usage: z.object({ daily: limitUsageSchema.nullable(), weekly: limitUsageSchema.nullable(), monthly: limitUsageSchema.nullable() }),
});
export type GetPersonalDepositLimitsResponse = z.infer<typeof getPersonalDepositLimitsResponseSchema>;

/**
 * POST /ps/setPersonalDepositLimits: exactly one of dailyLimit, weeklyLimit, monthlyLimit (reading
 * 1, canonical), or period + value (reading 2); null removes that period's limit (after the
 * cooling-off). Zero or several periods are refused (DIS-04).
 */
export const setPersonalDepositLimitsRequestSchema = z
  .object({
    dailyLimit: limitAmount.nullish(),
    weeklyLimit: limitAmount.nullish(),
    monthlyLimit: limitAmount.nullish(),
    period: fixedPeriodSchema.optional(),
    value: limitAmount.nullish(),
  })
  .strict();
export type SetPersonalDepositLimitsRequest = z.infer<typeof setPersonalDepositLimitsRequestSchema>;

// ── pending changes (RG-20…22) ────────────────────────────────────────────────────────────────

export const getPendingConfirmationLimitResponseSchema = z.object({ status: z.literal('SUCCESS'), limits: z.array(pendingLimitSchema) });

const idList = z.union([z.string().min(1).max(64), z.array(z.string().min(1).max(64)).max(50)]);
/** POST /ps/confirmPendingLimit (DEF-08): ids to apply (once their cooling-off is over) and ids to drop. */
export const confirmPendingLimitRequestSchema = z
  .object({ confirmId: idList.optional(), cancelId: idList.optional() })
  .strict()
  .refine((body) => body.confirmId !== undefined || body.cancelId !== undefined, { message: 'Name a pending limit to confirm or cancel', path: ['confirmId'] });
export const confirmPendingLimitResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  message: z.string(),
  confirmed: z.array(z.string()),
  cancelled: z.array(z.string()),
});

// ── loss and wager limits (RG-23…27) ───────────────────────────────────────────────────────────

const pendingAmount = z.object({
  limit: z.number().nullable(),
  effectiveDate: isoInstant,
  limitPeriod: periodTypeSchema,
  limitType: limitTypeSchema,
  id: z.string(),
  confirmable: z.boolean(),
});
export const getLimitsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  currency: z.string(),
  lossLimit: z.number().nullable(),
  lossLimitPeriod: periodTypeSchema,
  pendingLossLimit: pendingAmount.nullable(),
  lossUsage: limitUsageSchema.nullable(),
  wagerLimit: z.number().nullable(),
  wagerLimitPeriod: periodTypeSchema,
  pendingWagerLimit: pendingAmount.nullable(),
  wagerUsage: limitUsageSchema.nullable(),
  cooldownPeriod: z.number().int(),
});
export type GetLimitsResponse = z.infer<typeof getLimitsResponseSchema>;

/** POST /ps/updateLossLimit, /ps/updateWagerLimit: the limit (null removes it), Weekly unless a period is named (RG-27). */
export const updateMoneyLimitRequestSchema = z.object({ limit: limitAmount.nullable(), limitPeriod: fixedPeriodSchema.optional() }).strict();

// ── session limit and reality check (RG-28…37, DIS-06, DIS-18) ─────────────────────────────────

export const getSessionLimitResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** Minutes per play session; 0 = OFF. */
  sessionLimit: z.number().int(),
  pendingSessionLimit: z.number().int().nullable(),
  effectiveDate: isoInstant.nullable(),
  pendingId: z.string().nullable(),
  usage: limitUsageSchema.nullable(),
});
/** POST /ps/updateSessionLimit: `limit` (canonical) or its alias `interval` (DIS-06). */
export const updateSessionLimitRequestSchema = z
  .object({ limit: minutesChoice('session limit').optional(), interval: minutesChoice('session limit').optional() })
  .strict()
  .refine((body) => body.limit !== undefined || body.interval !== undefined, { message: 'Please choose a session limit', path: ['limit'] });

export const getRealityCheckResponseSchema = z.object({ status: z.literal('SUCCESS'), interval: z.number().int() });
export const updateRealityCheckRequestSchema = z.object({ interval: minutesChoice('reality check interval') }).strict();

// ── display message and dynamic limits (RG-07, RG-38…50) ───────────────────────────────────────

export const getDisplayPeriodLimitsResponseSchema = z.object({ status: z.literal('SUCCESS'), message: z.string() });

const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter((entry) => entry !== '') : value), z.array(item).max(10));
/** GET /ps/getResponsibleGamingLimit?limitTypes=A,B&periodTypes=Day,Week (both optional). */
export const getResponsibleGamingLimitQuerySchema = z.object({
  limitTypes: listParam(limitTypeSchema).optional(),
  periodTypes: listParam(periodTypeSchema).optional(),
});
export const getResponsibleGamingLimitResponseSchema = z.object({ status: z.literal('SUCCESS'), limits: z.array(responsibleGamingLimitSchema) });

/**
 * The limit's value: money in major units (2 decimals) for deposit, loss and wager limits; whole
 * minutes for the game-time limit (1…1440) and the session limit and reality check (the choices).
 * The service checks the value against its type and names `limit` when it does not fit.
 */
const dynamicLimitValue = z
  .number({ error: 'Please enter a limit' })
  .gte(0, { message: 'The limit must not be negative' })
  .lte(1_000_000_000, { message: 'The limit must be at most 1000000000' });
/** POST /ps/updateResponsibleGamingLimit (RG-42, DEF-08). */
export const updateResponsibleGamingLimitRequestSchema = z
  .object({ limitType: limitTypeSchema, periodType: periodTypeSchema, limit: dynamicLimitValue })
  .strict();
/** POST /ps/addResponsibleGamingLimit (RG-43, RG-44): expiryDate YYYY-MM-DD, after today. */
export const addResponsibleGamingLimitRequestSchema = z
  .object({
    limitType: limitTypeSchema,
    periodType: periodTypeSchema,
    limit: dynamicLimitValue,
    expiryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'The expiry date must be a date YYYY-MM-DD' })
      .optional(),
  })
  .strict();

// ── time-out and self-exclusion (RG-51…61, DEF-11, DEF-26, DIS-02, NS-22) ──────────────────────

export const lockTypeSchema = z.enum(['TIMEOUT', 'EXCLUSION']);
export type LockType = z.infer<typeof lockTypeSchema>;
export const lockPeriodUnitSchema = z.enum(['DAY', 'WEEK', 'MONTH']);
export type LockPeriodUnit = z.infer<typeof lockPeriodUnitSchema>;
/**
 * POST /ps/lockPlayer. TIMEOUT: 24 hours to 6 weeks (1–42 days or 1–6 weeks); EXCLUSION: at least six
 * months and at most five years, in months (6, 12, 24, 36, 60 on the fixed screen; any count on
 * the dynamic one), weeks or days (DEF-26: never a one-day "self-exclusion").
 */
export const lockPlayerRequestSchema = z
  .object({
    lockType: lockTypeSchema,
    lockPeriodUnit: lockPeriodUnitSchema,
    lockPeriod: z
      .number({ error: 'Please choose a period' })
      .int({ message: 'The period must be a whole number' })
      .positive({ message: 'The period must be at least 1' })
      .max(1_000),
  })
  .strict();
export type LockPlayerRequest = z.infer<typeof lockPlayerRequestSchema>;
/**
 * What happens to a self-excluded player's cash (issue 26 items 4 and 9): it is paid back without
 * asking, per currency, to the methods they deposited with (closed loop). `payouts`: what was sent
 * where (SUCCESS paid, PENDING on its way or waiting for staff's approval); `staffReturns`: what the
 * payments team returns by hand because it cannot be paid automatically (they contact the player).
 * `processing` is true when the payback could not run at once and runs shortly (the player is
 * told by message). Amounts are major units.
 */
export const lockCashPaybackSchema = z.object({
  processing: z.boolean(),
  payouts: z.array(
    z.object({
      currency: z.string(),
      amount: z.number(),
      paymentMethod: z.string(),
      /** Where it goes, as the cashier shows it ("Visa •••• 4242", an e-mail address); null when the provider asks the player. */
      destination: z.string().nullable(),
      paymentStatus: z.enum(['SUCCESS', 'PENDING']),
    }),
  ),
  staffReturns: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
export type LockCashPayback = z.infer<typeof lockCashPaybackSchema>;
/** The lock's answer; `cashPayback` is null for a time-out (the cash stays in the account). */
export const lockPlayerResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  message: z.string(),
  lockType: lockTypeSchema,
  lockEndDate: isoInstant,
  cashPayback: lockCashPaybackSchema.nullable(),
});

/**
 * POST /ps/requestExclusionReturn: a self-excluded player whose exclusion has ended asks to come
 * back; login opens again 24 hours later (UKGC LCCP 3.5.3). Needs the credentials, as there is no
 * session while the account is closed.
 */
export const requestExclusionReturnRequestSchema = z.object({ username: z.string().trim().min(1).max(254), password: z.string().min(1).max(200) }).strict();
export const requestExclusionReturnResponseSchema = z.object({ status: z.literal('SUCCESS'), message: z.string(), returnAt: isoInstant });

// ── play status: the reality check and live usage (RG-62, NS-23) ───────────────────────────────

export const playStatusSchema = z.object({
  status: z.literal('SUCCESS'),
  /** Start of the current play session (a session ends after `breakMinutes` without a round). */
  sessionStartedAt: isoInstant.nullable(),
  /** Minutes played in the current play session and today (UK/IE calendar day). */
  sessionMinutes: z.number(),
  todayMinutes: z.number(),
  /** Net position of the play session, per currency, major units (wins − stakes). */
  netPosition: z.array(z.object({ currency: z.string(), amount: z.number() })),
  realityCheck: z.object({ interval: z.number().int(), dueAt: isoInstant.nullable(), due: z.boolean() }),
  /** Every limit in force with its usage, as the limits page and the game client show them. */
  limits: z.array(responsibleGamingLimitSchema),
  /** Why real-money play is refused now, if it is: the error status and its message. */
  blocked: z.object({ status: z.string(), message: z.string(), until: isoInstant.nullable() }).nullable(),
  breakMinutes: z.number().int(),
});
export type PlayStatus = z.infer<typeof playStatusSchema>;

/** POST /ps/answerRealityCheck (and /gs/reality-check from the game client): CONTINUE restarts the interval; LOGOUT ends the session. */
export const answerRealityCheckRequestSchema = z.object({ action: z.enum(['CONTINUE', 'LOGOUT']) }).strict();
export const answerRealityCheckResponseSchema = z.object({ status: z.literal('SUCCESS'), nextDueAt: isoInstant.nullable() });

/** The texts of the refusals the screens show (spec 001 §8, RG-08). */
export const limitMessages = {
  submitted: 'Your limit change request has been submitted successfully.',
} as const;
