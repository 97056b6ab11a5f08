import { describe, expect, it } from 'vitest';
import { SYMBOL_NAMES_MK, symbolNamer } from './symbol-names';
import { SYMBOLS_OF } from './themes';

describe('slot symbol names', () => {
  it('every symbol of every demo slot has a Macedonian name, in Cyrillic', () => {
    for (const [gameId, symbols] of Object.entries(SYMBOLS_OF)) {
      for (const id of symbols) {
        expect(SYMBOL_NAMES_MK[id], `${gameId} ${id}`).toBeDefined();
        expect(SYMBOL_NAMES_MK[id]!.replace(/×\d/, ''), id).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('names a symbol in the player language', () => {
    expect(symbolNamer('en')('ANVIL')).toBe('Anvil');
    expect(symbolNamer('mk')('ANVIL')).toBe('Наковална');
  });
});
