import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface CountryChoice {
  code: string;
  name: string;
  dialCode: string;
  flag: string;
}

/** The flag emoji of an ISO 3166 alpha-2 code: two regional-indicator symbols. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

const cache = new Map<string, CountryChoice[]>();

/** SIGNUP-20, SIGNUP-53: every country with a dial code, named in the page's language, in its alphabetical order. */
export function countryChoices(language: string): CountryChoice[] {
  const known = cache.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  const choices = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dialCode: getCountryCallingCode(code), flag: flagOf(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  cache.set(language, choices);
  return choices;
}
