/**
 * National self-exclusion registers (UKGC LCCP SR 3.5.4: GAMSTOP in Great Britain; Ireland's
 * Gambling Regulation Act 2024: the National Gambling Exclusion Register). A person on the register
 * of the country they play in may not open an account or gamble. A provider answers one question
 * about one person; which register applies is decided by the country (`registerFor`).
 */

export type RegisterName = 'GAMSTOP' | 'NGER';

/** CLEAR: not on the register. REGISTERED: on it. UNAVAILABLE: the register could not answer (outage, timeout, error). */
export type RegisterAnswer = 'CLEAR' | 'REGISTERED' | 'UNAVAILABLE';

export interface ExclusionRegisterCheck {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  email: string;
  /** GAMSTOP matches on the postcode too; NGER does not need it. */
  postcode?: string | undefined;
  /** ISO 3166-1 alpha-2 country whose register is asked. */
  country: string;
}

/** One national register, or several behind one face: the adapter of a real register service. */
export interface ExclusionRegisterProvider {
  readonly id: string;
  /** Asks the register of `input.country`; answers CLEAR for a country without a register. Never throws for an outage: UNAVAILABLE. */
  check(input: ExclusionRegisterCheck): Promise<RegisterAnswer>;
}

/** The register that applies in a country: GAMSTOP for Great Britain (GB, also written UK), NGER for Ireland; none elsewhere. */
export function registerFor(country: string | null | undefined): RegisterName | null {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return 'GAMSTOP';
  if (code === 'IE') return 'NGER';
  return null;
}
