/**
 * Financial vulnerability checks (issue 29 item 3; UKGC LCCP 3.4.6, the social responsibility code
 * on financial risk): a provider (a credit reference agency's affordability or financial
 * vulnerability service) answers one question about one person — are there signs of financial
 * difficulty? — from public and credit data. What it found stays with staff: the player is never
 * told the check's content.
 */

/** CLEAR: no sign of difficulty. CONCERN: signs of financial vulnerability. UNAVAILABLE: the provider could not answer (outage, timeout, no match). */
export type FinancialCheckAnswer = 'CLEAR' | 'CONCERN' | 'UNAVAILABLE';

export interface FinancialCheckSubject {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, when the player gave one. */
  birthDate: string | null;
  email: string;
  postcode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** The adapter of a real financial vulnerability service. */
export interface FinancialCheckProvider {
  readonly id: string;
  /** Never throws for an outage: UNAVAILABLE, and the check is asked again later. */
  check(subject: FinancialCheckSubject): Promise<FinancialCheckAnswer>;
}
