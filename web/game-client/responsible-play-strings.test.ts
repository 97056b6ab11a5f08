import { describe, expect, it } from 'vitest';
import { rgEn, rgMk, rgTranslator, STOPPING_STATUSES, type RgKey } from './responsible-play-strings';
import { placeholdersOf, refusalsMk } from './strings';

/** Responsible play's strings in the game client (issue 12): English and Macedonian side by side. */
describe('game client responsible-play strings', () => {
  const keys = Object.keys(rgEn).sort() as RgKey[];

  it('both languages have the same keys and fill in the same values, none empty', () => {
    expect(Object.keys(rgMk).sort()).toEqual(keys);
    for (const key of keys) {
      expect(rgMk[key].trim(), key).not.toBe('');
      expect(placeholdersOf(rgMk[key]), key).toEqual(placeholdersOf(rgEn[key]));
    }
  });

  it('the Macedonian is written in Cyrillic, not left in English', () => {
    for (const key of keys) expect(rgMk[key].replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z]/);
  });

  it('every refusal that stops real-money play, and the reality check, has its Macedonian text by status', () => {
    for (const status of [...STOPPING_STATUSES, 'REALITY_CHECK_DUE' as const]) expect(refusalsMk[status], status).toBeTruthy();
  });

  it('fills in values', () => {
    expect(rgTranslator('en')('rc.played', { minutes: 12 })).toBe('You have been playing for 12 minutes.');
    expect(rgTranslator('mk')('usage.of', { used: '€5.00', limit: '€20.00' })).toBe('€5.00 од €20.00');
  });
});
