/**
 * Splitting a prize between the tickets that won it on the same ball, exactly: every ticket gets
 * ⌊amount / n⌋ minor units, and the remainder (amount mod n, fewer than n units) goes one unit each
 * to the earliest-bought tickets (the lowest ticket serial: bought first, and within a purchase in
 * ticket order). Nothing is lost or created: the shares add up to the amount. A player holding two
 * winning tickets gets two shares.
 */
export function splitPrize<T extends { serial: bigint }>(amount: bigint, winners: readonly T[]): { ticket: T; amount: bigint }[] {
  if (winners.length === 0) return [];
  const ordered = [...winners].sort((a, b) => (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : 0));
  const n = BigInt(ordered.length);
  const each = amount / n;
  const remainder = amount % n;
  return ordered.map((ticket, index) => ({ ticket, amount: each + (BigInt(index) < remainder ? 1n : 0n) }));
}

/** A share of sales in basis points, rounded down to the minor unit (the house keeps the fraction). */
export const shareOf = (sales: bigint, bps: number): bigint => (sales * BigInt(bps)) / 10_000n;
