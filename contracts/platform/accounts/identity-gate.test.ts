import { describe, expect, it } from 'vitest';
import { mayPlayForReal } from './identity-gate';

describe('the identity gate (DIS-01)', () => {
  it.each(['PASS', 'N/A', 'EXPERIAN_PASS'])('lets a PLAYER with kycStatus %s play for real', (kycStatus) => {
    expect(mayPlayForReal({ registrationStatus: 'PLAYER', kycStatus })).toBe(true);
  });

  it.each(['ID_CHECK_LOCK', 'KYC_FAILED_LOCK', 'PENDING', ''])('keeps a PLAYER with kycStatus %s out', (kycStatus) => {
    expect(mayPlayForReal({ registrationStatus: 'PLAYER', kycStatus })).toBe(false);
  });

  it('keeps a QUICK_REG player out whatever the identity check said', () => {
    expect(mayPlayForReal({ registrationStatus: 'QUICK_REG', kycStatus: 'PASS' })).toBe(false);
  });
});
