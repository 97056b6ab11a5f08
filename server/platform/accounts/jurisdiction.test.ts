import { describe, expect, it } from 'vitest';
import { checkSignupJurisdiction } from './jurisdiction';

describe('sign-up jurisdiction from the client address (SIGNUP-42, SIGNUP-48)', () => {
  it('allows an Irish and a British address', () => {
    expect(checkSignupJurisdiction('87.32.10.10', ['IE', 'GB'])).toEqual({ allowed: true, country: 'IE' });
    expect(checkSignupJurisdiction('81.2.69.160', ['IE', 'GB']).country).toBe('GB');
  });

  it('refuses an address in another country', () => {
    expect(checkSignupJurisdiction('8.8.8.8', ['IE', 'GB'])).toEqual({ allowed: false, country: 'US' });
  });

  it('counts loopback as allowed, in IPv4, IPv6 and mapped form', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(checkSignupJurisdiction(address, ['IE']).allowed).toBe(true);
  });

  it('refuses an address it cannot place', () => {
    expect(checkSignupJurisdiction('not-an-address', ['IE']).allowed).toBe(false);
  });
});
