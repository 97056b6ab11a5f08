/**
 * A reality-check pattern a responsible-gambling team looks for: the player keeps choosing Continue
 * at reality check after reality check, or plays one session far longer than a check's interval.
 * The thresholds are the module's `LimitSettings.realityCheckPattern` (RG_REALITY_CHECK_PATTERN_* in
 * the configuration).
 */
export interface RealityCheckPattern {
  playerId: string;
  /** What crossed a threshold first: the run of Continue answers, or the session's length. */
  trigger: 'CONTINUES_IN_A_ROW' | 'SESSION_LENGTH';
  /** Reality checks answered with Continue in a row, this one included (one UTC day, one session). */
  continuesInARow: number;
  /** Minutes played in the session when the check was answered. */
  sessionMinutes: number;
  /** The reality check's interval, minutes. */
  intervalMinutes: number;
  at: Date;
}

/**
 * Called by the reality check's answer each time a Continue shows the pattern (the back office flags
 * the player, once a UTC day, through the module's notices); a failing notice never changes the answer.
 */
export function noteRealityCheckPattern(notices: { realityCheckPattern(pattern: RealityCheckPattern): void }, pattern: RealityCheckPattern): void {
  try {
    notices.realityCheckPattern(pattern);
  } catch {
    // The player's answer stands whatever the notice does.
  }
}
