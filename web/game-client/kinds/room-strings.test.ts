import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../strings';
import { roomEn, roomMk, roomTranslator, type RoomKey } from './room-strings';

/** The shared rooms' strings (live table, bingo room): English and Macedonian side by side. */
describe('game client room strings', () => {
  const keys = Object.keys(roomEn).sort() as RoomKey[];

  it('both languages have the same keys and fill in the same values, none empty', () => {
    expect(Object.keys(roomMk).sort()).toEqual(keys);
    for (const key of keys) {
      expect(roomMk[key].trim(), key).not.toBe('');
      expect(placeholdersOf(roomMk[key]), key).toEqual(placeholdersOf(roomEn[key]));
    }
  });

  it('the Macedonian is written in Cyrillic, not left in English', () => {
    for (const key of keys) expect(roomMk[key].replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z]/);
  });

  it('fills in values', () => {
    expect(roomTranslator('en')('rm.youWon', { prize: 'One line', amount: '€0.20' })).toBe('You won One line: €0.20!');
    expect(roomTranslator('mk')('rm.ballOf', { count: 12, balls: 90 })).toBe('Топче 12 од 90');
  });
});
