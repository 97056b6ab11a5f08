import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../strings';
import { slotEn, slotMk, slotTranslator, type SlotKey } from './slot-strings';

/** The slot presentation's strings (issue 17): English and Macedonian side by side. */
describe('game client slot presentation strings', () => {
  const keys = Object.keys(slotEn).sort() as SlotKey[];

  it('both languages have the same keys and fill in the same values, none empty', () => {
    expect(Object.keys(slotMk).sort()).toEqual(keys);
    for (const key of keys) {
      expect(slotMk[key].trim(), key).not.toBe('');
      expect(placeholdersOf(slotMk[key]), key).toEqual(placeholdersOf(slotEn[key]));
    }
  });

  it('the Macedonian is written in Cyrillic, not left in English', () => {
    for (const key of keys) expect(slotMk[key].replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z]/);
  });

  it('fills in values', () => {
    expect(slotTranslator('en')('sl.freeSpins', { count: 10 })).toBe('10 free spins');
    expect(slotTranslator('mk')('sl.freeSpin', { number: 2, total: 10 })).toBe('Бесплатно вртење 2 од 10');
  });
});
