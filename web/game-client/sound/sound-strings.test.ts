import { describe, expect, it } from 'vitest';
import { soundEn, soundMk, soundTranslator, type SoundKey } from './sound-strings';

/** The sound controls' strings: English and Macedonian side by side. */
describe('game client sound control strings', () => {
  const keys = Object.keys(soundEn).sort() as SoundKey[];

  it('both languages have the same keys, none empty', () => {
    expect(Object.keys(soundMk).sort()).toEqual(keys);
    for (const key of keys) expect(soundMk[key].trim(), key).not.toBe('');
  });

  it('the Macedonian is written in Cyrillic, not left in English', () => {
    for (const key of keys) expect(soundMk[key], key).not.toMatch(/[A-Za-z]/);
  });

  it('answers in the language asked for', () => {
    expect(soundTranslator('en')('snd.music')).toBe('Music');
    expect(soundTranslator('mk')('snd.music')).toBe('Музика');
  });
});
