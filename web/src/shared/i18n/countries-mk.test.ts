import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { macedonianCountryNames } from './countries-mk';

describe('Macedonian country names (I18N-03, SIGNUP-20)', () => {
  it('names every country the sign-up selects offer, as CLDR writes it in Macedonian', () => {
    // Node is built with full ICU; Chromium's ICU lacks Macedonian, hence the table.
    const cldr = new Intl.DisplayNames(['mk'], { type: 'region', fallback: 'none' });
    for (const code of getCountries()) {
      expect(macedonianCountryNames[code], code).toBe(cldr.of(code));
      expect(macedonianCountryNames[code], code).toMatch(/^[\u0400-\u04FF\s,.()’'-]+$/);
    }
    expect(Object.keys(macedonianCountryNames).sort()).toEqual([...getCountries()].sort());
  });
});
