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
  /** GAMSTOP matches on the mobile number too. */
  mobile?: string | undefined;
  /** ISO 3166-1 alpha-2 country whose register is asked. */
  country: string;
}

/**
 * A register's whole reply. `previouslyRegistered`: GAMSTOP's P, a person whose exclusion has ended;
 * not an active exclusion, so the answer is CLEAR, but the fact is stored for staff
 * (docs/compliance.md, "GAMSTOP"). `reference`: the register's id of this check (GAMSTOP's
 * X-Unique-Id), kept with the stored answer.
 */
export interface RegisterReply {
  answer: RegisterAnswer;
  previouslyRegistered?: boolean | undefined;
  reference?: string | undefined;
}

/** One person of a batch re-check, named by a key of the caller's (a player id) that comes back with the answer. */
export interface RegisterBatchEntry extends ExclusionRegisterCheck {
  correlationId: string;
}

/** A batch's answers by correlation id (every entry has one: UNAVAILABLE where none came) and, when a request failed, why. */
export interface RegisterBatchResult {
  replies: Map<string, RegisterReply>;
  problem?: string | undefined;
}

/** One national register, or several behind one face: the adapter of a real register service. */
export interface ExclusionRegisterProvider {
  readonly id: string;
  /** Asks the register of `input.country`; answers CLEAR for a country without a register. Never throws for an outage: UNAVAILABLE. */
  check(input: ExclusionRegisterCheck): Promise<RegisterReply>;
  /**
   * Asks about many people at once (the daily re-check), within the register's own request limits
   * and pace. Without it the re-check asks `check` person by person. Never throws for an outage.
   */
  checkMany?(entries: readonly RegisterBatchEntry[]): Promise<RegisterBatchResult>;
}

/** The register that applies in a country: GAMSTOP for Great Britain (GB, also written UK), NGER for Ireland; none elsewhere. */
export function registerFor(country: string | null | undefined): RegisterName | null {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return 'GAMSTOP';
  if (code === 'IE') return 'NGER';
  return null;
}
