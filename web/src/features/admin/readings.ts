import { formatNumber as formatFigure } from '../../../../contracts/format';

/** Number formats of the operations views, in the page's language (the contracts' one formatter). */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatFigure(value, language, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

export function formatNumber(value: number, language: string, fractionDigits = 0): string {
  return formatFigure(value, language, { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits });
}
/** Milliseconds with two decimals below 10 ms, one below 100 and none above. */
export function formatMs(ms: number, language: string): string {
  const digits = ms < 10 ? 2 : ms < 100 ? 1 : 0;
  return `${formatNumber(ms, language, digits)} ms`;
}

/** A bounded series of readings for a chart: the newest `limit` points, oldest first. */
export function appendReading<T>(series: readonly T[], reading: T, limit: number): T[] {
  const next = [...series, reading];
  return next.length > limit ? next.slice(next.length - limit) : next;
}
