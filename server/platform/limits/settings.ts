/**
 * The responsible-gaming settings, from the configuration at start-up (server/config/env.ts:
 * RG_COOLING_OFF_HOURS, RG_SESSION_BREAK_MINUTES, RG_DEPOSIT_LIMIT_MAX_*); tests may change them.
 */
export const limitSettings = {
  /** An increase or removal waits this long before the player may confirm it (RG-18; 24 hours: UKGC RTS 12). */
  coolingOffHours: 24,
  /** A play session ends after this long without a real-money round; the session limit and reality check start again after it. */
  breakMinutes: 30,
  /** The highest personal deposit limit per period, minor units (NS-09, RG-19). */
  depositMax: { Daily: 1_000_000n, Weekly: 5_000_000n, Monthly: 10_000_000n } as Record<'Daily' | 'Weekly' | 'Monthly', bigint>,
  /** The highest loss and wager limit, minor units (DEF-10). */
  moneyLimitMax: 100_000_000n,
  /**
   * When the back office flags a player for their reality checks (REALITY_CHECK_PATTERN): a run of
   * this many checks answered with Continue (one UTC day, one session, no Log out between them), or
   * a Continue in a session this many minutes long. RG_REALITY_CHECK_PATTERN_* in the configuration.
   */
  realityCheckPattern: { continuesInARow: 3, sessionMinutes: 180 },
};

/** requiresDays of a pending change (RG-15): the cooling-off in whole days, at least one. */
export const coolingOffDays = (): number => Math.max(1, Math.ceil(limitSettings.coolingOffHours / 24));

export function applyLimitSettings(config: {
  RG_COOLING_OFF_HOURS: number;
  RG_SESSION_BREAK_MINUTES: number;
  RG_DEPOSIT_LIMIT_MAX_DAILY: number;
  RG_DEPOSIT_LIMIT_MAX_WEEKLY: number;
  RG_DEPOSIT_LIMIT_MAX_MONTHLY: number;
  RG_REALITY_CHECK_PATTERN_CONTINUES: number;
  RG_REALITY_CHECK_PATTERN_SESSION_MINUTES: number;
}): void {
  limitSettings.coolingOffHours = config.RG_COOLING_OFF_HOURS;
  limitSettings.realityCheckPattern = {
    continuesInARow: config.RG_REALITY_CHECK_PATTERN_CONTINUES,
    sessionMinutes: config.RG_REALITY_CHECK_PATTERN_SESSION_MINUTES,
  };
  limitSettings.breakMinutes = config.RG_SESSION_BREAK_MINUTES;
  limitSettings.depositMax = {
    Daily: BigInt(config.RG_DEPOSIT_LIMIT_MAX_DAILY) * 100n,
    Weekly: BigInt(config.RG_DEPOSIT_LIMIT_MAX_WEEKLY) * 100n,
    Monthly: BigInt(config.RG_DEPOSIT_LIMIT_MAX_MONTHLY) * 100n,
  };
}
