import { describe, expect, it } from 'vitest';
import { blockedWordIn, foldForWordFilter } from './word-filter';

/** Issue 16 / issue 25: the chat's blocked-word filter (server/channels/README.md, CONTENT-24 chat widget). */

const blocked = ['scam', 'rigged'];

describe('chat blocked-word filter', () => {
  it('CONTENT-24 a listed word is refused in any case, as a whole word only', () => {
    expect(blockedWordIn('This is a SCAM', blocked)).toBe('scam');
    expect(blockedWordIn('the game is Rigged!', blocked)).toBe('rigged');
    expect(blockedWordIn('scampi for dinner', blocked)).toBeUndefined();
    expect(blockedWordIn('Good luck everyone', blocked)).toBeUndefined();
  });

  it('CONTENT-24 accents and full-width or styled letters count as the plain letter', () => {
    expect(blockedWordIn('what a scàm', blocked)).toBe('scam');
    expect(blockedWordIn('s\u0301c\u0327a\u0308m', blocked)).toBe('scam');
    expect(blockedWordIn('ｓｃａｍ', blocked)).toBe('scam');
    expect(blockedWordIn('𝐬𝐜𝐚𝐦', blocked)).toBe('scam');
    expect(blockedWordIn('RÏGGÉD', blocked)).toBe('rigged');
  });

  it('CONTENT-24 Cyrillic and Greek look-alike letters count as the Latin letter they imitate', () => {
    // Cyrillic ѕ с а, Latin m.
    expect(blockedWordIn('\u0455\u0441\u0430m', blocked)).toBe('scam');
    // Cyrillic С А М (capitals).
    expect(blockedWordIn('S\u0421\u0410\u041C', blocked)).toBe('scam');
    // Greek α.
    expect(blockedWordIn('sc\u03B1m', blocked)).toBe('scam');
    // Cyrillic р, у, х, е, о and Greek ο, ε, ν against other listed words.
    expect(blockedWordIn('\u0440\u0443\u0445', ['pyx'])).toBe('pyx');
    expect(blockedWordIn('l\u0435m\u043En', ['lemon'])).toBe('lemon');
    expect(blockedWordIn('l\u03B5m\u03BFn', ['lemon'])).toBe('lemon');
    expect(blockedWordIn('\u03BDote', ['vote'])).toBe('vote');
  });

  it('CONTENT-24 digits and signs written for letters count: 0→o 1→i/l 3→e 4→a 5→s 7→t @→a $→s', () => {
    expect(blockedWordIn('5c4m', blocked)).toBe('scam');
    expect(blockedWordIn('$c@m', blocked)).toBe('scam');
    expect(blockedWordIn('r1gg3d', blocked)).toBe('rigged');
    expect(blockedWordIn('7r0ll', ['troll'])).toBe('troll');
    expect(blockedWordIn('tro11', ['troll'])).toBe('troll');
    expect(blockedWordIn('sh1t', ['shit'])).toBe('shit');
  });

  it('CONTENT-24 a listed word written with look-alikes meets its plain spelling, and Cyrillic words still meet themselves', () => {
    expect(blockedWordIn('scam', ['ѕсаm'])).toBe('ѕсаm');
    expect(blockedWordIn('Ова е измама', ['измама'])).toBe('измама');
    expect(blockedWordIn('ИЗМАМА!', ['измама'])).toBe('измама');
  });

  it('folds a text to one skeleton whichever way it is spelt', () => {
    expect(new Set(['scam', 'SCAM', 'ѕсаm', 'ｓｃａｍ', '5c4m', '$c@m', 'scàm', 'sc\u03B1m'].map(foldForWordFilter))).toEqual(
      new Set([foldForWordFilter('scam')]),
    );
  });
});
