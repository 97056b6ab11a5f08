import { describe, expect, it } from 'vitest';
import { fsEn, fsMk, fsTranslator, type FsKey } from './free-spins-strings';
import { placeholdersOf } from './strings';

/** Free spins' strings in the game client (issue 14): English and Macedonian side by side. */
describe('game client free-spin strings', () => {
  const keys = Object.keys(fsEn).sort() as FsKey[];

  it('both languages have the same keys and fill in the same values, none empty', () => {
    expect(Object.keys(fsMk).sort()).toEqual(keys);
    for (const key of keys) {
      expect(fsMk[key].trim(), key).not.toBe('');
      expect(placeholdersOf(fsMk[key]), key).toEqual(placeholdersOf(fsEn[key]));
    }
  });

  it('the Macedonian is written in Cyrillic, not left in English', () => {
    for (const key of keys) expect(fsMk[key].replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z]/);
  });

  it('fills in values', () => {
    expect(fsTranslator('en')('fs.left', { left: 18, total: 20 })).toBe('18 of 20 free spins left');
    expect(fsTranslator('mk')('fs.stake', { stake: '€0.10' })).toBe('Влогот е фиксен на €0.10 по вртење');
  });
});
