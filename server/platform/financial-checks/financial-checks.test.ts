import { describe, expect, it } from 'vitest';
import { SandboxFinancialCheckProvider, sandboxFinancialCheckTestValues } from './sandbox-financial-check-provider';
import { under25 } from './financial-checks.service';

const subject = (lastName: string) => ({
  firstName: 'Alex',
  lastName,
  birthDate: '1990-05-01',
  email: 'alex@example.test',
  postcode: 'SW1A 1AA',
  country: 'GB',
});

describe('the sandbox financial vulnerability service', () => {
  it('answers by the last name, any letter case, and CLEAR for anyone else', async () => {
    const provider = new SandboxFinancialCheckProvider();
    expect(await provider.check(subject(sandboxFinancialCheckTestValues.concernLastName))).toBe('CONCERN');
    expect(await provider.check(subject('STRAINED '))).toBe('CONCERN');
    expect(await provider.check(subject(sandboxFinancialCheckTestValues.unavailableLastName.toLowerCase()))).toBe('UNAVAILABLE');
    expect(await provider.check(subject('Walsh'))).toBe('CLEAR');
  });
});

describe('under 25', () => {
  it('holds until the 25th birthday (UTC), and an unknown birth date counts as 25 or over', () => {
    expect(under25('2001-11-29', new Date('2026-11-28T23:59:59Z'))).toBe(true);
    expect(under25('2001-11-29', new Date('2026-11-29T00:00:00Z'))).toBe(false);
    expect(under25('1980-01-01', new Date('2026-11-29T00:00:00Z'))).toBe(false);
    expect(under25(null, new Date('2026-11-29T00:00:00Z'))).toBe(false);
    expect(under25('not a date', new Date('2026-11-29T00:00:00Z'))).toBe(false);
  });
});
