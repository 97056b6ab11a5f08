/**
 * The paylines of the studio's line slots (row per reel, 0 = top), as the game server's reel kit
 * defines them (server/games/titles/reel-kit.ts): the classic 5×3 patterns in their usual order,
 * smooth lines for taller windows, the fruit machine's five lines and the one line of a 3×1 reel
 * set. The client traces a win on the line the round answer names by its index.
 */
import type { TitleConfigAnswer } from '../../../../contracts/games/answers';

const LINES_5X3: readonly number[][] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1], [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2], [1, 0, 2, 0, 1], [1, 2, 0, 2, 1], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2],
  [0, 2, 1, 2, 0], [2, 0, 1, 0, 2], [1, 0, 1, 0, 1], [1, 2, 1, 2, 1], [0, 1, 2, 2, 2],
];

const LINES_3X3_FIVE: readonly number[][] = [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]];

/** Every path that moves at most one row between neighbouring reels, straight lines first. */
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
  return all.slice(0, count);
}

/** The title's paylines, or null for a ways game (its wins are traced through the matching cells). */
export function paylinesOf(title: Pick<TitleConfigAnswer, 'reels' | 'rows' | 'lines' | 'ways'>): number[][] | null {
  const reels = title.reels ?? 5;
  const rows = title.rows ?? 3;
  const lines = title.lines;
  if (title.ways || !lines) return null;
  if (rows === 1) return [Array.from({ length: reels }, () => 0)];
  if (reels === 3 && rows === 3) return LINES_3X3_FIVE.slice(0, lines).map((line) => [...line]);
  if (reels === 5 && rows === 3) return LINES_5X3.slice(0, lines).map((line) => [...line]);
  return smoothLines(reels, rows, lines);
}
