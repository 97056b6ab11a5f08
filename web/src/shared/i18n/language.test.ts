import { describe, expect, it } from 'vitest';
import { decideLanguage } from './language';

describe('decideLanguage', () => {
  it('I18N-02 defaults to en and writes a missing LANG cookie without asking for a reload (DEF-23)', () => {
    expect(decideLanguage(null, {})).toEqual({ language: 'en', set: { LANG: 'en' } });
  });

  it('I18N-02 keeps the language held in the LANG cookie', () => {
    expect(decideLanguage(null, { LANG: 'mk' })).toEqual({ language: 'mk', set: {} });
  });

  it('I18N-02 replaces an unsupported LANG cookie with en', () => {
    expect(decideLanguage(null, { LANG: 'fr' })).toEqual({ language: 'en', set: { LANG: 'en' } });
  });

  it('I18N-06 stores the locale query as LOCALE and switches to it when supported', () => {
    expect(decideLanguage('mk', { LANG: 'en' })).toEqual({ language: 'mk', set: { LOCALE: 'mk', LANG: 'mk' } });
  });

  it('I18N-06 stores an unsupported locale query as LOCALE but keeps the language', () => {
    expect(decideLanguage('de', { LANG: 'mk' })).toEqual({ language: 'mk', set: { LOCALE: 'de' } });
  });
});
