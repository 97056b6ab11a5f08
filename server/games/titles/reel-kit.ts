import { type BetLimits, limitsFromSteps, stakeSteps } from '../engines/money';

/**
 * Building blocks for the title configurations: reel strips from symbol counts, payline sets and
 * stake ladders. Everything here is deterministic, so a title's mathematics is fixed by its file.
 */

/**
 * A reel strip from symbol counts, spread evenly (smooth weighted round robin over symbols): each
 * symbol's pieces are as far apart as the counts allow, so a symbol with few copies never shows twice
 * in a window. `stacks` adds blocks of one symbol (e.g. 3 wilds in a row) as single pieces.
 */
export function strip(counts: Record<string, number>, stacks: Record<string, { size: number; count: number }> = {}): string[] {
  // pieces per symbol: stacks first, then singles, emitted in turn whenever the symbol is chosen
  const groups = new Map<string, number[]>();
  for (const [symbol, { size, count }] of Object.entries(stacks)) for (let k = 0; k < count; k++) groups.set(symbol, [...(groups.get(symbol) ?? []), size]);
  for (const [symbol, count] of Object.entries(counts)) for (let k = 0; k < count; k++) groups.set(symbol, [...(groups.get(symbol) ?? []), 1]);
  const symbols = [...groups.keys()];
  const weight = symbols.map((symbol) => groups.get(symbol)!.length);
  const total = weight.reduce((a, b) => a + b, 0);
  const current = symbols.map(() => 0);
  const used = symbols.map(() => 0);
  const out: string[] = [];
  for (let n = 0; n < total; n++) {
    let best = 0;
    symbols.forEach((_, i) => {
      current[i]! += weight[i]!;
      if (current[i]! > current[best]!) best = i;
    });
    current[best]! -= total;
    const size = groups.get(symbols[best]!)![used[best]!++]!;
    for (let k = 0; k < size; k++) out.push(symbols[best]!);
  }
  return out;
}

/** The classic 5×3 payline patterns (row per reel, 0 = top), in the usual order. */
export const LINES_5X3: readonly number[][] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2], [1, 0, 2, 0, 1], [1, 2, 0, 2, 1], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2],
  [0, 2, 1, 2, 0], [2, 0, 1, 0, 2], [1, 0, 1, 0, 1], [1, 2, 1, 2, 1], [0, 1, 2, 2, 2],
];

export function lines5x3(count: number): number[][] {
  if (count > LINES_5X3.length) throw new Error(`at most ${LINES_5X3.length} lines on 5×3`);
  return LINES_5X3.slice(0, count).map((l) => [...l]);
}

/**
 * Payline patterns for taller windows: every path that moves at most one row between neighbouring
 * reels, ordered by how many times it changes row (straight lines first), then from the top.
 */
export function smoothLines(reels: number, rows: number, count: number): number[][] {
  const all: number[][] = [];
  const walk = (prefix: number[]): void => {
    if (prefix.length === reels) {
      all.push(prefix);
      return;
    }
    const last = prefix[prefix.length - 1]!;
    for (let row = Math.max(0, last - 1); row <= Math.min(rows - 1, last + 1); row++) walk([...prefix, row]);
  };
  for (let row = 0; row < rows; row++) walk([row]);
  const changes = (line: number[]): number => line.reduce((n, row, i) => n + (i > 0 && row !== line[i - 1] ? 1 : 0), 0);
  const symmetric = (line: number[]): number => (line.every((row, i) => row === line[reels - 1 - i]) ? 0 : 1);
  all.sort((a, b) => changes(a) - changes(b) || symmetric(a) - symmetric(b) || a.join('').localeCompare(b.join('')));
  if (count > all.length) throw new Error('not enough smooth lines');
  return all.slice(0, count);
}

/** The 3×3 fruit machine's five lines: middle, top, bottom and the two diagonals. */
export const LINES_3X3_FIVE: readonly number[][] = [
  [1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0],
];

/** Coins per spin multiples offered as stakes. */
const COIN_MULTIPLES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200, 250, 300, 400, 500];

/**
 * Stakes for a reel game: multiples of its coin count (lines or ways coins), with a minimum coin value.
 * GBP stakes stop at £5 a spin (the UK Gambling Commission's online slot stake limit; the platform
 * lowers it to £2 for players aged 18 to 24). EUR stakes stop at €50.
 */
export function slotLimits(betUnits: number, minCoin = 1, maxEur = 5000, maxGbp = 500): BetLimits {
  const multiples = COIN_MULTIPLES.filter((k) => k >= minCoin);
  return {
    EUR: limitsFromSteps(stakeSteps(betUnits, multiples, maxEur)),
    GBP: limitsFromSteps(stakeSteps(betUnits, multiples, maxGbp)),
  };
}
