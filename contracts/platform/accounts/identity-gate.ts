/**
 * DIS-01: the one predicate that decides who may play for real and use the wallet — a completed
 * registration with a passed or not-required identity check. The wallet, the game server and the
 * portal all ask this.
 */
export const REAL_PLAY_KYC_STATUSES: readonly string[] = ['PASS', 'N/A', 'EXPERIAN_PASS'];

export interface IdentityState {
  registrationStatus: string;
  kycStatus: string;
}

export function mayPlayForReal(player: IdentityState): boolean {
  return player.registrationStatus === 'PLAYER' && REAL_PLAY_KYC_STATUSES.includes(player.kycStatus);
}
