import { toMinorUnits } from '../../../../contracts/money';

/** What a typed amount comes to against a method's bounds (DEP-13, WDR-07, WDR-08, DEF-04). */
export type AmountCheck =
  | { kind: 'empty' }
  | { kind: 'notANumber' }
  | { kind: 'tooManyDecimals' }
  | { kind: 'notPositive' }
  | { kind: 'belowMinimum' }
  | { kind: 'aboveMaximum' }
  | { kind: 'valid'; amount: number };

const amountPattern = /^(\d{1,10})(?:[.,](\d+))?$/;

/**
 * The typed text as an amount, compared with the bounds in integer minor units so that no float
 * step can let 10.004 pass as 10.00 (ARCHITECTURE §3). Bounds are inclusive.
 */
export function checkAmount(text: string, bounds: { minimum: number; maximum: number }): AmountCheck {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  const match = amountPattern.exec(typed);
  if (!match) return { kind: 'notANumber' };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { kind: 'tooManyDecimals' };
  const amount = Number(fraction ? `${whole}.${fraction}` : whole);
  const minor = toMinorUnits(amount);
  if (minor <= 0n) return { kind: 'notPositive' };
  if (minor < toMinorUnits(bounds.minimum)) return { kind: 'belowMinimum' };
  if (minor > toMinorUnits(bounds.maximum)) return { kind: 'aboveMaximum' };
  return { kind: 'valid', amount };
}

/** A quick-amount button's value as the amount field's text. */
export function amountText(amount: number): string {
  return String(amount);
}
