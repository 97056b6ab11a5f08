/**
 * The one way Emerald writes money, numbers, dates and times for a person to read (issue 27 item 2):
 * the portal, the game client, the back office, mails and messages all call these, so an amount or
 * a moment reads the same everywhere in one language.
 *
 * English: "€5,000.00", "29 Nov 2026, 16:04". Macedonian (CLDR's convention): "5.000,00 €",
 * "29 ное. 2026, 16:04". Both 24-hour.
 *
 * Chromium's ICU data carries no Macedonian (`Intl` formats 'mk' as English there, while Node
 * knows it), so the language's pattern is not left to the runtime: `Intl` does the arithmetic —
 * rounding, digit grouping, the calendar fields in a time zone — in a locale every runtime has
 * ('en-US' numbers, 'en-GB' dates), and the language's separators, month names and order are laid
 * on here. Node and the browser therefore give the same text.
 */

/** The languages with a pattern; any other code reads as English. */
export type FormatLanguage = 'en' | 'mk';

const asLanguage = (language: string | undefined): FormatLanguage => (language?.toLowerCase().startsWith('mk') ? 'mk' : 'en');

interface NumberConvention {
  group: string;
  decimal: string;
  /** The currency sign before the digits ("€5.00") or after them with a no-break space ("5,00 €"). */
  signFirst: boolean;
}

const numberConventions: Record<FormatLanguage, NumberConvention> = {
  en: { group: ',', decimal: '.', signFirst: true },
  mk: { group: '.', decimal: ',', signFirst: false },
};

const currencySigns: Record<string, string> = { EUR: '€', GBP: '£', USD: '$' };

/** The sign alone (€, £) or the currency code, for labels beside an amount field. */
export function currencySymbol(currency: string): string {
  return currencySigns[currency] ?? currency;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits, useGrouping: true });
    numberFormats.set(key, format);
  }
  return format;
}

/** The magnitude's digits in the language's separators, and whether the value was negative. */
function digits(
  value: number | bigint,
  language: FormatLanguage,
  minimumFractionDigits: number,
  maximumFractionDigits: number,
): { text: string; negative: boolean } {
  const convention = numberConventions[language];
  let negative = false;
  let text = '';
  for (const part of numberFormat(minimumFractionDigits, maximumFractionDigits).formatToParts(value)) {
    if (part.type === 'minusSign') negative = true;
    else if (part.type === 'group') text += convention.group;
    else if (part.type === 'decimal') text += convention.decimal;
    else if (part.type !== 'plusSign') text += part.value;
  }
  // -0.00 is no debt.
  if (negative && !/[1-9]/.test(text)) negative = false;
  return { text, negative };
}

export interface NumberOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** A plain number in the language's separators: "1,234.5" / "1.234,5". */
export function formatNumber(value: number | bigint, language: string, options: NumberOptions = {}): string {
  const maximum = options.maximumFractionDigits ?? Math.max(options.minimumFractionDigits ?? 0, 3);
  const { text, negative } = digits(value, asLanguage(language), options.minimumFractionDigits ?? 0, maximum);
  return `${negative ? '-' : ''}${text}`;
}

export interface MoneyOptions {
  /** 2, or 3 for crypto amounts where the spec says so (WALLET-03, DEP-45). */
  decimals?: number;
  /** "+€5.00" for a credit: statements and histories that show both directions. */
  signDisplay?: 'auto' | 'always';
}

/**
 * An amount in major units (as the wire carries money) in the language's pattern: "€5,000.00",
 * "5.000,00 €", "-€5.00", "12.50 BTC".
 */
export function formatMoney(amount: number, currency: string, language: string, options: MoneyOptions = {}): string {
  const lang = asLanguage(language);
  const decimals = options.decimals ?? 2;
  const { text, negative } = digits(amount, lang, decimals, decimals);
  const sign = negative ? '-' : options.signDisplay === 'always' && /[1-9]/.test(text) ? '+' : '';
  const symbol = currencySigns[currency];
  if (numberConventions[lang].signFirst) return symbol ? `${sign}${symbol}${text}` : `${sign}${text} ${currency}`;
  return `${sign}${text}\u00a0${symbol ?? currency}`;
}

/** An amount in integer minor units (cents): exact for every bigint the ledger holds. */
export function formatMinorMoney(minor: number | bigint, currency: string, language: string, options: MoneyOptions = {}): string {
  const decimals = options.decimals ?? 2;
  const whole = BigInt(minor);
  const scale = 10n ** BigInt(decimals);
  const magnitude = whole < 0n ? -whole : whole;
  // Through the decimal text, never float arithmetic: 29 cents stay 0.29.
  const major = Number(`${whole < 0n ? '-' : ''}${magnitude / scale}.${(magnitude % scale).toString().padStart(decimals, '0')}`);
  return formatMoney(major, currency, language, { ...options, decimals });
}

const monthNames: Record<FormatLanguage, { short: readonly string[]; long: readonly string[] }> = {
  en: {
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  mk: {
    short: ['јан.', 'фев.', 'мар.', 'апр.', 'мај', 'јун.', 'јул.', 'авг.', 'сеп.', 'окт.', 'ное.', 'дек.'],
    long: ['јануари', 'февруари', 'март', 'април', 'мај', 'јуни', 'јули', 'август', 'септември', 'октомври', 'ноември', 'декември'],
  },
};

export type Moment = Date | string | number;

export interface DateOptions {
  /** An IANA zone; the runtime's own zone when absent (the player's, in a browser). */
  timeZone?: string;
  /** "29 November 2026" instead of "29 Nov 2026". */
  month?: 'short' | 'long';
}

export interface TimeOptions {
  timeZone?: string;
  seconds?: boolean;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: string;
  minute: string;
  second: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day written as YYYY-MM-DD (a birth date, a limit's day) is that day in every zone. */
const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

function fields(at: Moment, timeZone: string | undefined): Fields {
  const dayOnly = typeof at === 'string' && calendarDay.test(at);
  const date = at instanceof Date ? at : new Date(dayOnly ? `${at}T00:00:00Z` : at);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(at)}`);
  const zone = dayOnly ? 'UTC' : timeZone;
  const key = zone ?? '';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...(zone ? { timeZone: zone } : {}),
    });
    dateFormats.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: (parts.hour ?? '00').padStart(2, '0'),
    minute: (parts.minute ?? '00').padStart(2, '0'),
    second: (parts.second ?? '00').padStart(2, '0'),
  };
}

function dayText(value: Fields, language: FormatLanguage, month: 'short' | 'long'): string {
  return `${value.day} ${monthNames[language][month][value.month - 1]} ${value.year}`;
}

/** A day: "29 Nov 2026" / "29 ное. 2026". A YYYY-MM-DD string is that calendar day. */
export function formatDate(at: Moment, language: string, options: DateOptions = {}): string {
  return dayText(fields(at, options.timeZone), asLanguage(language), options.month ?? 'short');
}

/** A time of day, 24-hour: "16:04" (or "16:04:09"). */
export function formatTime(at: Moment, language: string, options: TimeOptions = {}): string {
  const value = fields(at, options.timeZone);
  return options.seconds ? `${value.hour}:${value.minute}:${value.second}` : `${value.hour}:${value.minute}`;
}

/** A moment: "29 Nov 2026, 16:04" / "29 ное. 2026, 16:04". */
export function formatDateTime(at: Moment, language: string, options: DateOptions & TimeOptions = {}): string {
  const value = fields(at, options.timeZone);
  const time = options.seconds ? `${value.hour}:${value.minute}:${value.second}` : `${value.hour}:${value.minute}`;
  return `${dayText(value, asLanguage(language), options.month ?? 'short')}, ${time}`;
}

/** The month's name: "November" / "ноември" (1 is January). */
export function monthName(month: number, language: string, width: 'short' | 'long' = 'long'): string {
  return monthNames[asLanguage(language)][width][month - 1] ?? String(month);
}
