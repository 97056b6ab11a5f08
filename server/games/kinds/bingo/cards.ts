import type { BingoPrizeName } from '../../../../contracts/games/bingo';
import { shuffle, type RandomSource } from '../../rng/rng';

/**
 * Bingo tickets and what a set of called numbers makes of them.
 *
 * - 90-ball: a ticket is 3 rows × 9 columns with 5 numbers a row (0 = blank); column c holds
 *   1–9, 10–19, …, 70–79, 80–90, sorted top to bottom. Tickets are cut from strips of six that use
 *   every number 1–90 exactly once, every ticket with 1 to 3 numbers in each column.
 * - 75-ball: a card is 5 × 5 (B 1–15, I 16–30, N 31–45, G 46–60, O 61–75) with a free centre (0).
 * - Prizes: one line (any row), two lines (any two rows), full house (every number); 75-ball: line
 *   (a row, a column or a diagonal, the centre counting as called), full house.
 */

export type Grid = number[][];

const COLUMN_SIZES = [9, 10, 10, 10, 10, 10, 10, 10, 11];
const columnNumbers = (column: number) => Array.from({ length: COLUMN_SIZES[column]! }, (_, i) => (column === 0 ? 1 : column * 10) + i);

/** How many numbers each of the six tickets takes from each column: rows sum to 15, columns to their size, every cell 1–3. */
function stripCounts(random: RandomSource): number[][] {
  for (;;) {
    const counts = Array.from({ length: 6 }, () => Array<number>(9).fill(1));
    const extra = Array<number>(6).fill(0);
    let failed = false;
    // The largest columns first: they have the fewest tickets left to take their numbers.
    for (const column of [8, 1, 2, 3, 4, 5, 6, 7, 0]) {
      for (let left = COLUMN_SIZES[column]! - 6; left > 0; left--) {
        const open = [0, 1, 2, 3, 4, 5].filter((t) => counts[t]![column]! < 3 && extra[t]! < 6);
        if (open.length === 0) {
          failed = true;
          break;
        }
        const ticket = open[random.randomInt(open.length)]!;
        counts[ticket]![column]! += 1;
        extra[ticket]! += 1;
      }
      if (failed) break;
    }
    if (!failed && extra.every((n) => n === 6)) return counts;
  }
}

/** Which rows a ticket's column numbers sit in: every row gets exactly 5 numbers. */
function placeRows(columnCounts: number[], random: RandomSource): boolean[][] {
  for (;;) {
    const filled = [0, 0, 0];
    const cells: boolean[][] = Array.from({ length: 9 }, () => [false, false, false]);
    let failed = false;
    const order = shuffle(random, [0, 1, 2, 3, 4, 5, 6, 7, 8]).sort((a, b) => columnCounts[b]! - columnCounts[a]!);
    for (const column of order) {
      const need = columnCounts[column]!;
      // The emptiest rows first, ties broken at random.
      const rows = shuffle(random, [0, 1, 2])
        .sort((a, b) => filled[a]! - filled[b]!)
        .slice(0, need);
      if (rows.some((row) => filled[row]! >= 5)) {
        failed = true;
        break;
      }
      for (const row of rows) {
        cells[column]![row] = true;
        filled[row]! += 1;
      }
    }
    if (!failed && filled.every((n) => n === 5)) return cells;
  }
}

/** A strip of six 90-ball tickets using 1–90 exactly once. */
export function strip90(random: RandomSource): Grid[] {
  const counts = stripCounts(random);
  // columns[t][c]: ticket t's numbers of column c, sorted (they read top to bottom).
  const columns: number[][][] = Array.from({ length: 6 }, () => []);
  for (let column = 0; column < 9; column++) {
    const numbers = shuffle(random, columnNumbers(column));
    let next = 0;
    for (let t = 0; t < 6; t++) {
      const take = counts[t]![column]!;
      columns[t]![column] = numbers.slice(next, next + take).sort((a, b) => a - b);
      next += take;
    }
  }
  return columns.map((ticketColumns, t) => {
    const cells = placeRows(counts[t]!, random);
    const grid: Grid = Array.from({ length: 3 }, () => Array<number>(9).fill(0));
    for (let column = 0; column < 9; column++) {
      const numbers = ticketColumns[column]!;
      let k = 0;
      for (let row = 0; row < 3; row++) if (cells[column]![row]) grid[row]![column] = numbers[k++]!;
    }
    return grid;
  });
}

/** A 75-ball card: five numbers of each column's fifteen, the centre free. */
export function card75(random: RandomSource): Grid {
  const grid: Grid = Array.from({ length: 5 }, () => Array<number>(5).fill(0));
  for (let column = 0; column < 5; column++) {
    const numbers = shuffle(
      random,
      Array.from({ length: 15 }, (_, i) => column * 15 + i + 1),
    ).slice(0, 5);
    for (let row = 0; row < 5; row++) grid[row]![column] = numbers[row]!;
  }
  grid[2]![2] = 0;
  return grid;
}

/** `count` tickets of a game with `balls` balls: 90-ball cut from strips of six, in order; each with its strip's index. */
export function newTickets(balls: 75 | 90, count: number, random: RandomSource): { strip: number; grid: Grid }[] {
  const out: { strip: number; grid: Grid }[] = [];
  for (let strip = 0; out.length < count; strip++) {
    const grids = balls === 90 ? strip90(random) : [card75(random)];
    for (const grid of grids) if (out.length < count) out.push({ strip, grid });
  }
  return out;
}

/** The numbers of a ticket (no blanks, no free centre). */
export const numbersOf = (grid: Grid): number[] => grid.flat().filter((n) => n > 0);

/** The lines of a ticket, each as its numbers (0 = free, always counted as called). */
function linesOf(grid: Grid): number[][] {
  if (grid.length === 3) return grid.map((row) => row.filter((n) => n > 0));
  const rows = grid.map((row) => row.slice());
  const columns = [0, 1, 2, 3, 4].map((c) => grid.map((row) => row[c]!));
  const diagonals = [[0, 1, 2, 3, 4].map((i) => grid[i]![i]!), [0, 1, 2, 3, 4].map((i) => grid[i]![4 - i]!)];
  return [...rows, ...columns, ...diagonals];
}

/** How many numbers of each line are still to come. */
function lineGaps(grid: Grid, called: ReadonlySet<number>): number[] {
  return linesOf(grid).map((line) => line.filter((n) => n > 0 && !called.has(n)).length);
}

/**
 * Numbers still to come for `prize` on this ticket: 0 when the ticket holds the prize now.
 * Two lines are the two nearest rows; the jackpot is the full house's.
 */
export function toGo(grid: Grid, called: ReadonlySet<number>, prize: BingoPrizeName): number {
  if (prize === 'FULL_HOUSE' || prize === 'JACKPOT') return numbersOf(grid).filter((n) => !called.has(n)).length;
  const gaps = lineGaps(grid, called).sort((a, b) => a - b);
  if (prize === 'TWO_LINES') return gaps[0]! + gaps[1]!;
  return gaps[0]!;
}
