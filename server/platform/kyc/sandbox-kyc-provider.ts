import { randomUUID } from 'node:crypto';
import type { IdentityCheckInput, IdentityCheckResult, KycProvider } from './kyc-provider';

/**
 * The sandbox identity service. Ordinary data passes; these last names give the other documented
 * outcomes, like a payment provider's test cards (listed in the README):
 *
 * | last name      | outcome          | kycStatus        |
 * | `Refer`        | ID_CHECK_LOCK    | ID_CHECK_LOCK    | identity not confirmed: documents needed
 * | `Underage`     | KYC_FAILED_LOCK  | KYC_FAILED_LOCK  | age not confirmed: manual check running
 * | anything else  | SUCCESS          | EXPERIAN_PASS    |
 */
export const sandboxKycTestValues = {
  referLastName: 'Refer',
  ageFailLastName: 'Underage',
} as const;

export class SandboxKycProvider implements KycProvider {
  readonly id = 'sandbox';

  async checkIdentity(input: IdentityCheckInput): Promise<IdentityCheckResult> {
    const reference = `sandbox-${randomUUID()}`;
    const lastName = input.lastName.trim().toLowerCase();
    if (lastName === sandboxKycTestValues.referLastName.toLowerCase()) {
      return { outcome: 'ID_CHECK_LOCK', kycStatus: 'ID_CHECK_LOCK', reference };
    }
    if (lastName === sandboxKycTestValues.ageFailLastName.toLowerCase()) {
      return { outcome: 'KYC_FAILED_LOCK', kycStatus: 'KYC_FAILED_LOCK', reference };
    }
    return { outcome: 'SUCCESS', kycStatus: 'EXPERIAN_PASS', reference };
  }
}

export function createKycProvider(name: 'sandbox'): KycProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxKycProvider();
  }
}
