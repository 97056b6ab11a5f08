import { formatMinorUnits, hasAtMostDecimals, toMinorUnits } from '../../../../contracts/money';

const symbols: Record<string, string> = { EUR: '€', GBP: '£' };

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A wire amount (major units) as the spec shows money: 2 decimals, 3 for crypto (WALLET-03,
 * DEP-45), grouped thousands, the currency's sign where it has one. The digits come from integer
 * minor units, never from float arithmetic.
 */
export function formatMoney(amount: number, currency: string, decimals = 2): string {
  const negative = amount < 0;
  const magnitude = Math.abs(amount);
  const text = hasAtMostDecimals(magnitude, decimals) ? formatMinorUnits(toMinorUnits(magnitude, decimals), decimals) : magnitude.toFixed(decimals);
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = `${groupThousands(whole)}.${fraction}`;
  const symbol = symbols[currency];
  const sign = negative ? '-' : '';
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${digits} ${currency}`;
}

/** The sign alone (€, £) or the currency code, for labels beside an amount field. */
export function currencySymbol(currency: string): string {
  return symbols[currency] ?? currency;
}
