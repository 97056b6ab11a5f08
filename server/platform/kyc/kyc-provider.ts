import type { SignupCompletionStatus } from '../../../contracts/platform/accounts/quick-signup-completion';

export interface IdentityCheckInput {
  partyId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  address: string;
  city: string;
  postalCode?: string | undefined;
  country: string;
}

export interface IdentityCheckResult {
  /** What sign-up completion answers (CONST-05). */
  outcome: SignupCompletionStatus;
  /** The player's kycStatus afterwards: EXPERIAN_PASS when the electronic check passed. */
  kycStatus: string;
  /** The provider's own reference for the check, kept for the operator. */
  reference: string;
}

/** An electronic identity and age verification service (KYC). */
export interface KycProvider {
  readonly id: string;
  checkIdentity(input: IdentityCheckInput): Promise<IdentityCheckResult>;
}
