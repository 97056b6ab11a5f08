/**
 * Play rules per jurisdiction (the player's country), enforced by the server for real and free
 * play and shown to the client in the /gs/session answer. One object, one entry per jurisdiction;
 * countries without an entry play under `DEFAULT`.
 */

export interface JurisdictionRules {
  /** The rule set's name, as quoted in refusals. */
  jurisdiction: string;
  /** Autoplay offered in slot clients. */
  autoplay: boolean;
  /** Turbo / quick-spin offered in slot clients. */
  turbo: boolean;
  /** Least time between two slot spins, milliseconds (0: no minimum). */
  minSpinIntervalMs: number;
  /** At most one open slot game session per player: opening a slot ends the others (slot-sessions.ts). */
  oneSlotAtATime: boolean;
}

export const JURISDICTION_RULES: Record<'GB' | 'IE' | 'DEFAULT', JurisdictionRules> = {
  // UKGC remote technical standards: no autoplay, no turbo, at least 2.5 s per slot game cycle, and
  // no two slot games side by side.
  GB: { jurisdiction: 'GB', autoplay: false, turbo: false, minSpinIntervalMs: 2_500, oneSlotAtATime: true },
  IE: { jurisdiction: 'IE', autoplay: true, turbo: true, minSpinIntervalMs: 0, oneSlotAtATime: false },
  DEFAULT: { jurisdiction: 'DEFAULT', autoplay: true, turbo: true, minSpinIntervalMs: 0, oneSlotAtATime: false },
};

export function rulesFor(country: string | null | undefined): JurisdictionRules {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return JURISDICTION_RULES.GB;
  if (code === 'IE') return JURISDICTION_RULES.IE;
  return JURISDICTION_RULES.DEFAULT;
}

/**
 * Jurisdictions whose rules require age verification before any play, free play included (UKGC:
 * no free-to-play games before the customer's age is verified). A visitor has verified nothing, so
 * a visitor playing under one of these is refused and asked to log in or join.
 */
const AGE_VERIFICATION_BEFORE_FREE_PLAY = new Set(['GB']);

export function freePlayNeedsAgeVerification(country: string | null | undefined): boolean {
  return AGE_VERIFICATION_BEFORE_FREE_PLAY.has(rulesFor(country).jurisdiction);
}

export const VISITOR_AGE_VERIFICATION_MESSAGE = 'UK rules require age verification before free play. Please log in or join to play this game.';
