import { formatMinorUnits } from '../../../../../contracts/money';

/** Day-month-year and time in UTC: staff in different places read the same moment the same way. */
export function formatWhen(iso: string): string {
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(at.getUTCDate())}.${pad(at.getUTCMonth() + 1)}.${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

/** Minor units as staff read them: two decimals made from integers, never a float step (the reports' figures). */
export const formatMinor = (minor: number | bigint): string => formatMinorUnits(BigInt(minor));

/** A wire amount (major units, at most 2 decimals) the same way. */
export const formatMoney = (amount: number): string => formatMinor(Math.round(amount * 100));
