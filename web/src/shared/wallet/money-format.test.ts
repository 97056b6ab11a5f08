import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from './money-format';

describe('formatMoney', () => {
  it('WALLET-03 shows money with 2 decimals and the currency sign', () => {
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    expect(formatMoney(12.3, 'EUR')).toBe('€12.30');
    expect(formatMoney(1234567.89, 'GBP')).toBe('£1,234,567.89');
    expect(formatMoney(0.29, 'EUR')).toBe('€0.29');
  });

  it('DEP-45 shows crypto amounts with 3 decimals and their code', () => {
    expect(formatMoney(0.125, 'BTC', 3)).toBe('0.125 BTC');
    expect(formatMoney(2, 'ETH', 3)).toBe('2.000 ETH');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatMoney(-5.5, 'EUR')).toBe('-€5.50');
  });

  it('names currencies without a sign by their code', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USDT')).toBe('USDT');
  });
});
