import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { macedonianCountryNames } from '../../shared/i18n/countries-mk';

export interface CountryChoice {
  code: string;
  name: string;
  dialCode: string;
}

/**
 * Each country's flag as an SVG file of country-flag-icons (3:2), emitted by the build as its own
 * asset (web/vite.config.ts keeps them out of the bundle) and fetched only when shown. Flag emoji
 * are not used: Chromium on Linux has no font for them and draws empty boxes (defect 8).
 */
const flagFiles = import.meta.glob<string>('../../../../node_modules/country-flag-icons/3x2/*.svg', { query: '?url', import: 'default', eager: true });
const flagUrls = new Map(Object.entries(flagFiles).map(([file, url]) => [/([A-Z-]+)\.svg$/.exec(file)?.[1] ?? '', url]));

/** The address of a country's SVG flag (ISO 3166 alpha-2 code), if there is one. */
export function flagUrl(code: string): string | undefined {
  return flagUrls.get(code.toUpperCase());
}

const cache = new Map<string, CountryChoice[]>();

/** SIGNUP-20, SIGNUP-53: every country with a dial code, named in the page's language, in its alphabetical order. */
export function countryChoices(language: string): CountryChoice[] {
  const known = cache.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  // Chromium's ICU has no Macedonian (Intl would name the countries in English there): CLDR's names are bundled.
  const nameOf = (code: string) => (language === 'mk' ? macedonianCountryNames[code] : undefined) ?? names.of(code) ?? code;
  const choices = getCountries()
    .map((code) => ({ code, name: nameOf(code), dialCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  cache.set(language, choices);
  return choices;
}
