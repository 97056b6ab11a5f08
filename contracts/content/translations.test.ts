import { describe, expect, it } from 'vitest';
import { formatTranslationLines, parseTranslationLines } from './translations';

describe('key::value translation lines (BOOT-11)', () => {
  it('turns each line into one entry and keeps "::" inside values', () => {
    expect(parseTranslationLines('a::Alpha\r\nb.c:: Beta :: two \n\nnot a line\n::no key')).toEqual({ a: 'Alpha', 'b.c': 'Beta :: two' });
  });

  it('round-trips entries, folding line breaks in values', () => {
    const entries = { greeting: 'Hello', multi: 'one\ntwo' };
    expect(parseTranslationLines(formatTranslationLines(entries))).toEqual({ greeting: 'Hello', multi: 'one two' });
  });
});
