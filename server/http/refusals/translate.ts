import { locales } from 'zod';
import type { Language } from '../../../contracts/content/translations';
import { errorCatalogue, type ErrorResponse, type ErrorStatus, type FieldError } from '../../../contracts/errors';
import { formatDate, formatDateTime, formatMoney } from '../../../contracts/format';
import { refusalsMk, valueWordsMk } from './mk';

/**
 * A refusal in the request's language (issue 27 item 1). Handlers throw English; the error handler
 * writes the answer's `message` and each `errors[].error` through here, so the English text is the
 * key (gettext's model) and no call site changes. `status` and `field` are never touched: clients
 * key on them. English passes through unchanged.
 */

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
  /** How much of the key is fixed text: the more, the more specific, the earlier it is tried. */
  fixed: number;
}

const PLACEHOLDER = /\{([a-z][A-Za-z0-9]*)\}/g;
const HAS_PLACEHOLDER = /\{[a-z][A-Za-z0-9]*\}/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const templates: Template[] = Object.entries(refusalsMk)
  .filter(([english]) => HAS_PLACEHOLDER.test(english))
  .map(([english, translation]) => {
    const names: string[] = [];
    let source = '';
    let last = 0;
    for (const match of english.matchAll(PLACEHOLDER)) {
      source += escapeRegExp(english.slice(last, match.index));
      source += '([\\s\\S]*?)';
      names.push(match[1]!);
      last = match.index + match[0].length;
    }
    source += escapeRegExp(english.slice(last));
    return { pattern: new RegExp(`^${source}$`), names, translation, fixed: english.replace(PLACEHOLDER, '').length };
  })
  .sort((a, b) => b.fixed - a.fixed);

const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** contracts/format.ts's English money: "€5,000.00", "-£5.00", "12.500 BTC". */
const ENGLISH_MONEY = /^([-+]?)(?:([€£$])([\d,]+(?:\.\d+)?)|([\d,]+(?:\.\d+)?) ([A-Z]{3,5}))$/;
const SIGN_CURRENCY: Record<string, string> = { '€': 'EUR', '£': 'GBP', $: 'USD' };
/** contracts/format.ts's English day or moment: "29 Nov 2026", "29 Nov 2026, 16:04". */
const ENGLISH_DATE = new RegExp(`^(\\d{1,2}) (${englishMonths.join('|')}) (\\d{4})(, \\d{2}:\\d{2}(?::\\d{2})?)?$`);
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;

/** English money written again in the Macedonian pattern of contracts/format.ts ("5.000,00 €"), or undefined. */
function moneyInMk(value: string): string | undefined {
  const match = ENGLISH_MONEY.exec(value);
  if (!match) return undefined;
  const [, sign, symbol, signed, coded, code] = match;
  const digits = (signed ?? coded)!.replace(/,/g, '');
  const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
  const amount = Number(`${sign === '-' ? '-' : ''}${digits}`);
  const currency = symbol ? SIGN_CURRENCY[symbol]! : code!;
  return `${sign === '+' ? '+' : ''}${formatMoney(amount, currency, 'mk', { decimals })}`;
}

function dateInMk(value: string): string | undefined {
  const english = ENGLISH_DATE.exec(value);
  if (english) {
    const month = englishMonths.indexOf(english[2]!);
    return formatDate(`${english[3]}-${String(month + 1).padStart(2, '0')}-${english[1]!.padStart(2, '0')}`, 'mk') + (english[4] ?? '');
  }
  if (ISO_MOMENT.test(value)) return `${formatDateTime(value, 'mk', { timeZone: 'UTC' })} UTC`;
  return undefined;
}

/** A template's value in Macedonian: money, a date, a word of ours or a refusal of its own; anything else (a field, an id, a code) as it is. */
function valueInMk(value: string): string {
  if (value === '') return value;
  const money = moneyInMk(value);
  if (money !== undefined) return money;
  // A list of amounts ("€0.10, €0.20").
  if (value.includes(', ')) {
    const amounts = value.split(', ').map(moneyInMk);
    if (amounts.every((amount) => amount !== undefined)) return amounts.join('; ');
  }
  const date = dateInMk(value);
  if (date !== undefined) return date;
  if (Object.hasOwn(valueWordsMk, value)) return valueWordsMk[value]!;
  return refusalInMk(value) ?? value;
}

/** Cyrillic: a text a service already wrote in Macedonian (a lock's refusal names its end in the request's language). */
const CYRILLIC = /[\u0400-\u04FF]/;

/** The Macedonian of an English refusal, or undefined when the catalogue has none. */
export function refusalInMk(english: string): string | undefined {
  if (Object.hasOwn(refusalsMk, english)) return refusalsMk[english];
  if (CYRILLIC.test(english)) return english;
  for (const template of templates) {
    const match = template.pattern.exec(english);
    if (!match) continue;
    // A field's name stays as clients and staff know it ("stake", not "влог").
    const values = new Map(template.names.map((name, index) => [name, name === 'field' ? match[index + 1]! : valueInMk(match[index + 1]!)]));
    return template.translation.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return undefined;
}

/** Whether the catalogue translates an English text whose values are shown as `{}` (lint/refusal-texts.ts): a key, or a template with `{}` where it has names. */
export function hasTranslation(text: string): boolean {
  if (!text.includes('{}')) return refusalInMk(text) !== undefined;
  return Object.keys(refusalsMk).some((key) => key.replace(PLACEHOLDER, '{}') === text);
}

/** What a field error says when the catalogue has no Macedonian for it: better a plain word than English. */
const UNKNOWN_FIELD_ERROR_MK = 'неважечка вредност';

/**
 * zod's own refusal ("Invalid input: expected number, received undefined") in Macedonian, through
 * zod's Macedonian locale, when the issue carries zod's English default rather than a text of ours.
 */
export function zodIssueInMk(issue: { code: string; message?: string; params?: Record<string, unknown> }): string | undefined {
  const raw = { code: issue.code, ...(issue.params ?? {}), path: [] } as unknown as Parameters<ReturnType<typeof locales.en>['localeError']>[0];
  const english = locales.en().localeError(raw);
  const englishText = typeof english === 'string' ? english : english?.message;
  if (englishText === undefined || englishText !== issue.message) return undefined;
  const mk = locales.mk().localeError(raw);
  return typeof mk === 'string' ? mk : mk?.message;
}

/** A field error's text in `language`. */
export function fieldErrorIn(error: string, language: Language): string {
  if (language === 'en') return error;
  return refusalInMk(error) ?? UNKNOWN_FIELD_ERROR_MK;
}

/**
 * A refusal's body in `language`: the message and every field error's text; status and fields as
 * they are. A message the catalogue has no Macedonian for reads as its status's default message.
 */
export function refusalIn(body: ErrorResponse, language: Language): ErrorResponse {
  if (language === 'en') return body;
  const status = body.status as ErrorStatus;
  const fallback = Object.hasOwn(errorCatalogue, status) ? errorCatalogue[status].message : errorCatalogue.BAD_REQUEST.message;
  const message = refusalInMk(body.message) ?? refusalInMk(fallback) ?? body.message;
  const errors: FieldError[] | undefined = body.errors?.map((entry) => ({ field: entry.field, error: fieldErrorIn(entry.error, language) }));
  return { ...body, message, ...(errors ? { errors } : {}) };
}
