import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../strings';
import { tableEn, tableMk, tableTranslator, type TableKey } from './table-strings';

/** The table stages' strings: English and Macedonian side by side. */
describe('game client table presentation strings', () => {
  const keys = Object.keys(tableEn).sort() as TableKey[];

  it('both languages have the same keys and fill in the same values, none empty', () => {
    expect(Object.keys(tableMk).sort()).toEqual(keys);
    for (const key of keys) {
      expect(tableMk[key].trim(), key).not.toBe('');
      expect(placeholdersOf(tableMk[key]), key).toEqual(placeholdersOf(tableEn[key]));
    }
  });

  it('the Macedonian is written in Cyrillic, not left in English', () => {
    for (const key of keys) expect(tableMk[key].replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z]/);
  });

  it('fills in values', () => {
    expect(tableTranslator('en')('tb.plinkoBoard', { multipliers: '10×, 0.4×' })).toBe('Plinko board; the slots pay, from left to right: 10×, 0.4×');
    expect(tableTranslator('mk')('tb.plinkoBoard', { multipliers: '10×' })).toBe('Табла за плинко; полињата плаќаат, од лево надесно: 10×');
    expect(tableTranslator('en')('tb.receipt', { stake: '€1.00', returned: '€2.00' })).toBe('Last round: you bet €1.00, back €2.00');
  });
});
