import { languageSchema, type Language } from '../../../../contracts/content/translations';

export const defaultLanguage: Language = 'en';

export interface LanguageCookies {
  LANG?: string | undefined;
}

export interface LanguageDecision {
  language: Language;
  /** Cookies to write (30 days); LANG is written whenever it is missing or changes. */
  set: { LANG?: Language; LOCALE?: string };
}

function asLanguage(value: string | null | undefined): Language | null {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Picks the interface language at start. `?locale=` is remembered as LOCALE (I18N-06) and switches
 * the language when it names one we have; otherwise LANG decides, defaulting to English. A missing
 * LANG is simply written — never a reload, so blocked cookies cannot cause a loop (DEF-23).
 */
export function decideLanguage(localeParam: string | null, cookies: LanguageCookies): LanguageDecision {
  const set: LanguageDecision['set'] = {};
  const fromLocale = localeParam ? asLanguage(localeParam) : null;
  if (localeParam) set.LOCALE = localeParam;
  const fromCookie = asLanguage(cookies.LANG);
  const language = fromLocale ?? fromCookie ?? defaultLanguage;
  if (language !== fromCookie) set.LANG = language;
  return { language, set };
}
