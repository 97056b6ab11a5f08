import { describe, expect, it } from 'vitest';
import type { SlotSpinView } from '../../../../contracts/games/outcomes';
import { paylinesOf } from './paylines';
import { anticipationFrom, celebrates, tierOf, winLines } from './presentation';
import { themeOf } from './themes';

/** What the slot presents of a round (issue 17), GB's no-celebration rule (issue 12) kept. */
describe('slot presentation rules', () => {
  it('GB: a win at or below the stake is not celebrated; above it is', () => {
    const gb = { jurisdiction: 'GB' };
    expect(celebrates(gb, 20, 20)).toBe(false);
    expect(celebrates(gb, 10, 20)).toBe(false);
    expect(celebrates(gb, 21, 20)).toBe(true);
    expect(celebrates(gb, 0, 20)).toBe(false);
  });

  it('elsewhere every win is celebrated, no win is not', () => {
    expect(celebrates({ jurisdiction: 'IE' }, 10, 20)).toBe(true);
    expect(celebrates({ jurisdiction: 'IE' }, 0, 20)).toBe(false);
  });

  it('scales the celebration to the win in stakes', () => {
    expect(tierOf(20, 20)).toBe(0);
    expect(tierOf(40, 20)).toBe(1);
    expect(tierOf(100, 20)).toBe(2);
    expect(tierOf(400, 20)).toBe(3);
  });

  it('traces a line win along its payline and a scatter through its cells', () => {
    const spin: SlotSpinView = {
      window: [
        ['A', 'CLOVER', 'K'],
        ['A', 'Q', 'J'],
        ['A', 'K', 'CLOVER'],
        ['Q', 'J', 'K'],
        ['CLOVER', 'J', 'Q'],
      ],
      lineWins: [{ line: 1, symbol: 'A', count: 3, ways: 1, multiplier: 1, amount: 10 }],
      scatter: { symbol: 'CLOVER', count: 3, amount: 100 },
      freeSpinsAwarded: 10,
      win: 110,
    };
    const lines = winLines(
      spin,
      paylinesOf({ reels: 5, rows: 3, lines: 20 }),
      () => false,
      (minor) => `€${minor / 100}`,
    );
    expect(lines[0]).toEqual({
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      path: [0, 0, 0, 0, 0],
      amount: '€0.1',
    });
    expect(lines[1]!.cells).toEqual([
      [0, 1],
      [2, 2],
      [4, 0],
    ]);
  });

  it('holds the last reel back when one scatter more would start the feature', () => {
    const theme = themeOf('SR-1001');
    expect(
      anticipationFrom(
        [
          ['CLOVER', 'A', 'K'],
          ['Q', 'J', 'A'],
          ['CLOVER', 'K', 'Q'],
          ['A', 'K', 'Q'],
          ['J', 'Q', 'K'],
        ],
        theme,
      ),
    ).toBe(4);
    expect(
      anticipationFrom(
        [
          ['CLOVER', 'A', 'K'],
          ['Q', 'J', 'A'],
          ['A', 'K', 'Q'],
          ['A', 'K', 'Q'],
          ['J', 'Q', 'K'],
        ],
        theme,
      ),
    ).toBe(null);
  });

  it('knows the fruit machine, the 5×4 smooth lines and that ways games have none', () => {
    expect(paylinesOf({ reels: 3, rows: 3, lines: 5 })).toEqual([
      [1, 1, 1],
      [0, 0, 0],
      [2, 2, 2],
      [0, 1, 2],
      [2, 1, 0],
    ]);
    expect(paylinesOf({ reels: 5, rows: 4, lines: 40 })).toHaveLength(40);
    expect(paylinesOf({ reels: 6, rows: 4, ways: true })).toBe(null);
  });
});
