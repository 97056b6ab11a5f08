import { describe, expect, it } from 'vitest';
import { catalogues, en, languageOf, mk, placeholdersOf, translator, type StringKey } from './strings';

/** The game client's string catalogue: English and Macedonian side by side. */
describe('game client strings', () => {
  const keys = Object.keys(en).sort();

  it('both catalogues have the same keys, none of them empty', () => {
    expect(Object.keys(mk).sort()).toEqual(keys);
    for (const catalogue of Object.values(catalogues)) {
      for (const key of keys) expect(catalogue[key as StringKey].trim(), key).not.toBe('');
    }
  });

  it('each Macedonian string fills in the same values as its English one', () => {
    for (const key of keys as StringKey[]) expect(placeholdersOf(mk[key]), key).toEqual(placeholdersOf(en[key]));
  });

  it('the Macedonian catalogue is written in Cyrillic, not left in English', () => {
    // Strings that are only numbers, signs and values (e.g. "1–18", "{number} {colour}") are the same in both.
    const words = (keys as StringKey[]).filter((key) => /[A-Za-z]{2}/.test(en[key].replace(/\{\w+\}/g, '')));
    for (const key of words) {
      const text = mk[key].replace(/\{\w+\}/g, '');
      expect(mk[key], key).not.toBe(en[key]);
      expect(text, key).not.toMatch(/[A-Za-z]/);
    }
  });

  it('lang=mk picks Macedonian, anything else English; values are filled in', () => {
    expect(languageOf('mk')).toBe('mk');
    expect(languageOf('en')).toBe('en');
    expect(languageOf('de')).toBe('en');
    expect(languageOf(null)).toBe('en');
    expect(translator('en')('result.youWon', { amount: '€2.00' })).toBe('you won €2.00');
    expect(translator('mk')('mines.cell', { row: 2, column: 3 })).toBe('Поле 2-3');
    expect(translator('en')('slot.win')).toBe('Win {amount}');
  });
});
