import { describe, expect, it } from 'vitest';
import { JURISDICTION_STRICTNESS, rulesFor, strictestCountry } from './jurisdiction-rules';

describe('the strictness order of jurisdiction rules (defect 3)', () => {
  it('orders DEFAULT, IE, GB from the least to the most strict', () => {
    expect(JURISDICTION_STRICTNESS).toEqual(['DEFAULT', 'IE', 'GB']);
    expect(rulesFor('GB').minSpinIntervalMs).toBeGreaterThan(rulesFor('IE').minSpinIntervalMs);
  });

  it('picks GB over IE whatever the order, IE over a country with no rule set of its own', () => {
    expect(strictestCountry('IE', 'GB')).toBe('GB');
    expect(strictestCountry('GB', 'IE')).toBe('GB');
    expect(strictestCountry('US', 'IE')).toBe('IE');
    expect(strictestCountry('ie', null, undefined, '')).toBe('IE');
    expect(strictestCountry('UK', 'IE')).toBe('UK');
    expect(rulesFor(strictestCountry('UK', 'IE')).jurisdiction).toBe('GB');
  });

  it('keeps the first of equally strict countries, and answers null when none is known', () => {
    expect(strictestCountry('US', 'FR')).toBe('US');
    expect(strictestCountry(null, undefined)).toBeNull();
  });
});
