import { formatDateTime, formatMinorMoney, formatMoney as formatMajorMoney, formatNumber } from '../../../shared/i18n/format';

/**
 * The back office writes with the contracts' one formatter (issue 27 item 2), in the staff member's
 * language. Moments are in UTC, named so: staff in different places read the same moment the same way.
 */
export function formatWhen(iso: string): string {
  return `${formatDateTime(iso, { timeZone: 'UTC' })} UTC`;
}

/** Minor units as a figure whose unit the column names (reports): two decimals from integers, never a float step. */
export const formatMinor = (minor: number | bigint): string =>
  formatNumber(Number(BigInt(minor)) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A wire amount (major units) with its currency: "€70.00" / "70,00 €". */
export const formatMoney = (amount: number, currency: string): string => formatMajorMoney(amount, currency);

/** Minor units with their currency. */
export { formatMinorMoney };
