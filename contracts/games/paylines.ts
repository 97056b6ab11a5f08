/**
 * The paylines of the studio's line slots (row per reel, 0 = top): the game server pays wins along
 * them (server/games/titles/reel-kit.ts) and the game client traces a win on the line a round
 * answer names by its index, so both read this one definition. Data and pure functions only.
 */

/** The classic 5×3 payline patterns (row per reel, 0 = top), in the usual order. */
export const LINES_5X3: readonly number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 1, 2, 0],
  [2, 0, 1, 0, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 2, 2, 2],
];

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
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];
