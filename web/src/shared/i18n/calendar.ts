import type { TranslationKey } from './en';

/**
 * Keys of month and weekday names. Chromium's ICU data carries no Macedonian, so `Intl` formats
 * 'mk' dates in English there (it does in Node); the names come from the dictionaries instead.
 */
export const monthKey = (month: number) => `calendar.month.${month}` as TranslationKey;
/** 0 is Sunday, as `Date.getDay()` counts. */
export const weekdayKey = (day: number) => `calendar.weekday.${day}` as TranslationKey;
