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
}

export const JURISDICTION_RULES: Record<'GB' | 'IE' | 'DEFAULT', JurisdictionRules> = {
  // UKGC remote technical standards: no autoplay, no turbo, at least 2.5 s per slot game cycle.
  GB: { jurisdiction: 'GB', autoplay: false, turbo: false, minSpinIntervalMs: 2_500 },
  IE: { jurisdiction: 'IE', autoplay: true, turbo: true, minSpinIntervalMs: 0 },
  DEFAULT: { jurisdiction: 'DEFAULT', autoplay: true, turbo: true, minSpinIntervalMs: 0 },
};

export function rulesFor(country: string | null | undefined): JurisdictionRules {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return JURISDICTION_RULES.GB;
  if (code === 'IE') return JURISDICTION_RULES.IE;
  return JURISDICTION_RULES.DEFAULT;
}
