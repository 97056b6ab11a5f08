import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text';

describe('text the database cannot store (issue 11, defect 2)', () => {
  it('refuses NUL and unpaired surrogates, keeps surrogate pairs and ordinary text', () => {
    expect(isStorableText('plain ĉ € 中')).toBe(true);
    expect(isStorableText('clover \u{1F340}')).toBe(true);
    for (const text of ['a\u0000b', '\ud800', 'a\ud800b', '\udc00', 'a\udc00\ud800b']) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('names the field as answers do: nested paths with array indexes, and bad keys escaped', () => {
    expect(findUnstorableText({ a: 'ok', consents: [{ note: 'ok' }, { note: 'x\u0000' }] })).toBe('consents.1.note');
    expect(findUnstorableText({ 'bad\u0000key': 1 })).toBe('bad\\u0000key');
    expect(findUnstorableText('x\u0000')).toBe('');
    expect(findUnstorableText({ a: [1, true, null, 'fine'] })).toBeUndefined();
    expect(findUnstorableText(Buffer.from('x\u0000'))).toBeUndefined();
  });

  it('walks a very deep body without overflowing the stack', () => {
    let value: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) value = [value];
    expect(findUnstorableText(value)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});
