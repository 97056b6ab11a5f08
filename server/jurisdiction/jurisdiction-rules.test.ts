import { describe, expect, it } from 'vitest';
import { ageOn, JURISDICTION_STRICTNESS, rulesFor, SLOT_STAKE_CAPS, slotStakeMax, strictestCountry } from './jurisdiction-rules';

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

describe('the GB slot stake limit by age (issue 12: £5 a spin, £2 aged 18–24)', () => {
  // 12:00 UTC on 10 June 2026; 23:30 UTC on 9 June is already 10 June in London (BST).
  const noon = new Date('2026-06-10T12:00:00Z');
  const lateEvening = new Date('2026-06-09T23:30:00Z');

  it('counts whole years on the UK calendar day', () => {
    expect(ageOn('2001-06-10', noon)).toBe(25);
    expect(ageOn('2001-06-11', noon)).toBe(24);
    expect(ageOn('2001-06-10', lateEvening)).toBe(25);
    expect(ageOn('2000-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(25);
    expect(ageOn('2000-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(26);
    expect(ageOn(null, noon)).toBeNull();
    expect(ageOn('10/06/2001', noon)).toBeNull();
  });

  it('GB: 5.00 from the 25th birthday, 2.00 before it and when the birth date is unknown; none elsewhere', () => {
    expect(slotStakeMax('GB', '2001-06-10', noon)).toBe(500);
    expect(slotStakeMax('GB', '2001-06-11', noon)).toBe(200);
    expect(slotStakeMax('UK', '2008-01-01', noon)).toBe(200);
    expect(slotStakeMax('GB', null, noon)).toBe(200);
    expect(slotStakeMax('IE', '2005-01-01', noon)).toBeNull();
    expect(slotStakeMax(null, '2005-01-01', noon)).toBeNull();
    expect(SLOT_STAKE_CAPS.GB).toEqual({ max: 500, youngAdultMax: 200, youngAdultUntil: 25 });
  });
});
