import type { Config } from '../../config/env';

/**
 * The responsible-gaming settings, from the configuration at start-up (server/config/env.ts:
 * RG_COOLING_OFF_HOURS, RG_SESSION_BREAK_MINUTES, RG_DEPOSIT_LIMIT_MAX_*, RG_REALITY_CHECK_PATTERN_*).
 * A value the composition root builds (server/modules.ts) and hands to the module through
 * `createLimits` and the service context (`context.limits.settings`): no module state holds them.
 */
export interface LimitSettings {
  /** An increase or removal waits this long before the player may confirm it (RG-18; 24 hours: UKGC RTS 12). */
  readonly coolingOffHours: number;
  /** A play session ends after this long without a real-money round; the session limit and reality check start again after it. */
  readonly breakMinutes: number;
  /** The highest personal deposit limit per period, minor units (NS-09, RG-19). */
  readonly depositMax: Readonly<Record<'Daily' | 'Weekly' | 'Monthly', bigint>>;
  /** The highest loss and wager limit, minor units (DEF-10). */
  readonly moneyLimitMax: bigint;
  /**
   * When the back office flags a player for their reality checks (REALITY_CHECK_PATTERN): a run of
   * this many checks answered with Continue (one UTC day, one session, no Log out between them), or
   * a Continue in a session this many minutes long.
   */
  readonly realityCheckPattern: Readonly<{ continuesInARow: number; sessionMinutes: number }>;
}

/** The configuration's defaults (server/config/env.ts), for a test that calls the services without a server. */
export const DEFAULT_LIMIT_SETTINGS: LimitSettings = {
  coolingOffHours: 24,
  breakMinutes: 30,
  depositMax: { Daily: 1_000_000n, Weekly: 5_000_000n, Monthly: 10_000_000n },
  moneyLimitMax: 100_000_000n,
  realityCheckPattern: { continuesInARow: 3, sessionMinutes: 180 },
};

/** The settings of a validated configuration (the deposit maxima are whole units there). */
export function limitSettings(
  config: Pick<
    Config,
    | 'RG_COOLING_OFF_HOURS'
    | 'RG_SESSION_BREAK_MINUTES'
    | 'RG_DEPOSIT_LIMIT_MAX_DAILY'
    | 'RG_DEPOSIT_LIMIT_MAX_WEEKLY'
    | 'RG_DEPOSIT_LIMIT_MAX_MONTHLY'
    | 'RG_REALITY_CHECK_PATTERN_CONTINUES'
    | 'RG_REALITY_CHECK_PATTERN_SESSION_MINUTES'
  >,
): LimitSettings {
  return {
    coolingOffHours: config.RG_COOLING_OFF_HOURS,
    breakMinutes: config.RG_SESSION_BREAK_MINUTES,
    depositMax: {
      Daily: BigInt(config.RG_DEPOSIT_LIMIT_MAX_DAILY) * 100n,
      Weekly: BigInt(config.RG_DEPOSIT_LIMIT_MAX_WEEKLY) * 100n,
      Monthly: BigInt(config.RG_DEPOSIT_LIMIT_MAX_MONTHLY) * 100n,
    },
    moneyLimitMax: DEFAULT_LIMIT_SETTINGS.moneyLimitMax,
    realityCheckPattern: {
      continuesInARow: config.RG_REALITY_CHECK_PATTERN_CONTINUES,
      sessionMinutes: config.RG_REALITY_CHECK_PATTERN_SESSION_MINUTES,
    },
  };
}

/** requiresDays of a pending change (RG-15): the cooling-off in whole days, at least one. */
export const coolingOffDays = (settings: Pick<LimitSettings, 'coolingOffHours'>): number => Math.max(1, Math.ceil(settings.coolingOffHours / 24));
