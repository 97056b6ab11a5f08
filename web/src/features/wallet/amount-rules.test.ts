import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount-rules';

const bounds = { minimum: 10, maximum: 500 };

describe('checkAmount', () => {
  it('DEP-13 accepts amounts from the minimum to the maximum, both included', () => {
    expect(checkAmount('10', bounds)).toEqual({ kind: 'valid', amount: 10 });
    expect(checkAmount('500.00', bounds)).toEqual({ kind: 'valid', amount: 500 });
    expect(checkAmount(' 42,5 ', bounds)).toEqual({ kind: 'valid', amount: 42.5 });
  });

  it('DEP-13 WDR-08 refuses amounts outside the bounds, compared in minor units', () => {
    expect(checkAmount('9.99', bounds).kind).toBe('belowMinimum');
    expect(checkAmount('500.01', bounds).kind).toBe('aboveMaximum');
    expect(checkAmount('0.29', { minimum: 0.29, maximum: 0.29 }).kind).toBe('valid');
  });

  it('WDR-07 DEF-04 refuses an empty amount, zero, text and a third decimal', () => {
    expect(checkAmount('', bounds).kind).toBe('empty');
    expect(checkAmount('0', bounds).kind).toBe('notPositive');
    expect(checkAmount('ten', bounds).kind).toBe('notANumber');
    expect(checkAmount('-5', bounds).kind).toBe('notANumber');
    expect(checkAmount('10.004', bounds).kind).toBe('tooManyDecimals');
  });
});
