import { describe, expect, it } from 'vitest';
import { bonusEn, bonusMk, bonusTranslator, type BonusKey } from './bonus-progress-strings';
import { placeholdersOf } from './strings';

/** The bonus progress strings in the game client (issue 14): English and Macedonian side by side. */
describe('game client bonus progress strings', () => {
  const keys = Object.keys(bonusEn).sort() as BonusKey[];

  it('both languages have the same keys and fill in the same values, the Macedonian in Cyrillic', () => {
    expect(Object.keys(bonusMk).sort()).toEqual(keys);
    for (const key of keys) {
      expect(placeholdersOf(bonusMk[key]), key).toEqual(placeholdersOf(bonusEn[key]));
      expect(bonusMk[key].replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z]/);
    }
  });

  it('fills in values', () => {
    expect(bonusTranslator('en')('bonus.wagered', { wagered: '€1.20', required: '€100.00' })).toBe('€1.20 of €100.00 wagered');
    expect(bonusTranslator('mk')('bonus.wagered', { wagered: '€1.20', required: '€100.00' })).toBe('€1.20 од €100.00 вложени');
  });
});
