/**
 * Money on the wire is a decimal number in major units (ARCHITECTURE §6); inside it is an integer
 * count of minor units. The conversion goes through the decimal text, never through float
 * arithmetic, so 0.29 is 29 cents and not 28.999…. No zod here: the game client bundles these
 * conversions without the schemas (`money.ts` re-exports them with the schemas).
 */

const decimalPattern = (decimals: number) => new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);

/** True when the number, written out, has at most `decimals` digits after the point. */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value) || value < 0) return false;
  return decimalPattern(decimals).test(String(value)) || Number.isInteger(value);
}

/** Major units → minor units, exactly: 12.34 → 1234n (2 decimals) or 0.125 → 125n (3 decimals). */
export function toMinorUnits(amount: number, decimals = 2): bigint {
  if (!hasAtMostDecimals(amount, decimals)) throw new RangeError(`amount ${amount} is not a non-negative number with at most ${decimals} decimals`);
  const [whole = '0', fraction = ''] = String(amount).split('.');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Minor units → major units for the wire (exact for every amount below 2^53 minor units). */
export function fromMinorUnits(minor: bigint, decimals = 2): number {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const scale = 10n ** BigInt(decimals);
  const text = `${magnitude / scale}.${(magnitude % scale).toString().padStart(decimals, '0')}`;
  return (negative ? -1 : 1) * Number(text);
}

/** Minor units shown with their decimals and no float step: 1234n → "12.34". */
export function formatMinorUnits(minor: bigint, decimals = 2): string {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const scale = 10n ** BigInt(decimals);
  return `${negative ? '-' : ''}${magnitude / scale}.${(magnitude % scale).toString().padStart(decimals, '0')}`;
}
