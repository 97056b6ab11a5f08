import { LINES_3X3_FIVE, LINES_5X3, smoothLines } from '../../../contracts/games/paylines';
import { type BetLimits, limitsFromSteps, stakeSteps } from '../engines/money';

// The payline patterns are shared with the game client, which traces a win on the line a round names.
export { LINES_3X3_FIVE, LINES_5X3, smoothLines };

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

export function lines5x3(count: number): number[][] {
  if (count > LINES_5X3.length) throw new Error(`at most ${LINES_5X3.length} lines on 5×3`);
  return LINES_5X3.slice(0, count).map((l) => [...l]);
}

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
