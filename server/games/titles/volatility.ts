/**
 * Volatility classes from σ, the standard deviation of one round's return per unit stake
 * (the catalogue's "Volatility" line). Bounds are inclusive below.
 */
export const VOLATILITY_CLASSES: readonly { name: string; from: number }[] = [
  { name: 'Low', from: 0 },
  { name: 'Low-medium', from: 3.5 },
  { name: 'Medium', from: 5 },
  { name: 'Medium-high', from: 7.5 },
  { name: 'High', from: 10 },
];

export function volatilityClass(sigma: number): string {
  let name = VOLATILITY_CLASSES[0]!.name;
  for (const c of VOLATILITY_CLASSES) if (sigma >= c.from) name = c.name;
  return name;
}

/** RTP as the catalogue states it: a percentage with two decimals (rounded half up). */
export function formatRtp(rtp: number): string {
  return `${(Math.round(rtp * 10_000 + 1e-9) / 100).toFixed(2)}%`;
}
