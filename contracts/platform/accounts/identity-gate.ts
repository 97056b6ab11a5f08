/**
 * DIS-01: the one predicate that decides who may play for real and use the wallet — a completed
 * registration with a passed or not-required identity check. The wallet, the game server and the
 * portal all ask this.
 */
export const REAL_PLAY_KYC_STATUSES: readonly string[] = ['PASS', 'N/A', 'EXPERIAN_PASS'] satisfies readonly KycStatus[];

/**
 * Every kycStatus the platform writes: N/A (no check needed), NOT_CHECKED (quick registration),
 * PASS (documents approved, or the identification page's check), EXPERIAN_PASS (the electronic
 * check passed), ID_CHECK_LOCK (documents needed), KYC_FAILED_LOCK (the check failed). The player
 * table's column is typed with it, so a new status is added here first (and the back office names it).
 */
export const KYC_STATUSES = ['N/A', 'NOT_CHECKED', 'PASS', 'EXPERIAN_PASS', 'ID_CHECK_LOCK', 'KYC_FAILED_LOCK'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export interface IdentityState {
  registrationStatus: string;
  kycStatus: string;
}

export function mayPlayForReal(player: IdentityState): boolean {
  return player.registrationStatus === 'PLAYER' && REAL_PLAY_KYC_STATUSES.includes(player.kycStatus);
}
