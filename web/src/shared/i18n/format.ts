import * as format from '../../../../contracts/format';
import { i18n } from './i18n';

/**
 * The contracts' one formatter (contracts/format.ts) in the language the portal shows now: the
 * portal and the back office call these, never `Intl` or `toLocaleString` themselves.
 */
const language = () => i18n.language || 'en';

export const currencySymbol = format.currencySymbol;

/** Major units: "€5,000.00" / "5.000,00 €"; 3 decimals for crypto (WALLET-03, DEP-45). */
export const formatMoney = (amount: number, currency: string, decimals = 2, options: format.MoneyOptions = {}): string =>
  format.formatMoney(amount, currency, language(), { ...options, decimals });

/** Integer minor units, exact. */
export const formatMinorMoney = (minor: number | bigint, currency: string, options: format.MoneyOptions = {}): string =>
  format.formatMinorMoney(minor, currency, language(), options);

export const formatNumber = (value: number | bigint, options: format.NumberOptions = {}): string => format.formatNumber(value, language(), options);

/** "29 Nov 2026, 16:04" in the player's zone; the text itself when it is not a date. */
export function formatDateTime(at: format.Moment, options: format.DateOptions & format.TimeOptions = {}): string {
  try {
    return format.formatDateTime(at, language(), options);
  } catch {
    return String(at);
  }
}

/** "29 Nov 2026"; a YYYY-MM-DD day stays that day. The text itself when it is not a date. */
export function formatDate(at: format.Moment, options: format.DateOptions = {}): string {
  try {
    return format.formatDate(at, language(), options);
  } catch {
    return String(at);
  }
}

/** "16:04", 24-hour in both languages. */
export function formatTime(at: format.Moment, options: format.TimeOptions = {}): string {
  try {
    return format.formatTime(at, language(), options);
  } catch {
    return String(at);
  }
}
