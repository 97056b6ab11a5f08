import { describe, expect, it } from 'vitest';
import { ScriptedSource } from '../../rng/rng';
import { InvalidBet } from '../money';
import { type SlotConfig, advanceFreeSpins, compileSlot, evaluateWindow, outcomeAt, playRound, spin, startFreeSpins } from './slot-engine';

/**
 * A 5×3 test game. Strips are written so that stop 0 shows rows 0–2 of the strip: a window is
 * chosen by writing it into the strips and stopping at 0.
 */
function game(columns: string[][], overrides: Partial<SlotConfig> = {}, freeColumns?: string[][]) {
  const config: SlotConfig = {
    reels: 5,
    rows: 3,
    symbols: [
      { id: 'W', name: 'Wild', kind: 'wild', pays: { 3: 40, 4: 100, 5: 500 } },
      { id: 'W2', name: 'Wild ×2', kind: 'wild', multiplier: 2 },
      { id: 'W3', name: 'Wild ×3', kind: 'wild', multiplier: 3 },
      { id: 'A', name: 'A', kind: 'regular', pays: { 3: 5, 4: 20, 5: 50 } },
      { id: 'B', name: 'B', kind: 'regular', pays: { 2: 1, 3: 4, 4: 10, 5: 30 } },
      { id: 'C', name: 'C', kind: 'regular', pays: { 3: 2 } },
      { id: 'X', name: 'Blank', kind: 'regular' },
      { id: 'S', name: 'Scatter', kind: 'scatter' },
    ],
    strips: { base: columns.map((c) => [...c, 'X']), ...(freeColumns ? { free: freeColumns.map((c) => [...c, 'X']) } : {}) },
    evaluation: {
      kind: 'lines',
      lines: [
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
        [2, 2, 2, 2, 2],
        [0, 1, 2, 1, 0],
      ],
    },
    scatter: { symbol: 'S', pays: { 2: 1, 3: 5 }, freeSpins: { 3: 3 }, retrigger: { 3: 2 } },
    freeSpins: { multiplier: 3, maxSpins: 6 },
    ...overrides,
  };
  return compileSlot(config);
}

/** Columns from rows: rows[row][reel]. */
const cols = (rows: string[][]): string[][] => [0, 1, 2, 3, 4].map((r) => rows.map((row) => row[r]!));
const STOPS = [0, 0, 0, 0, 0];

describe('slot lines', () => {
  it('pay left to right from reel 1 only', () => {
    const slot = game(
      cols([
        ['X', 'X', 'X', 'X', 'X'],
        ['A', 'A', 'A', 'B', 'A'],
        ['X', 'A', 'A', 'A', 'A'],
      ]),
    );
    const e = evaluateWindow(
      slot,
      slot.base.map((s) => s.slice(0, 3)),
    );
    expect(e.wins).toEqual([{ line: 0, symbol: 3, count: 3, ways: 1, multiplier: 1, coins: 5 }]);
  });

  it('a line needs the run to start on reel 1; shorter runs than the pay table pay nothing', () => {
    const slot = game(
      cols([
        ['C', 'C', 'X', 'X', 'X'],
        ['X', 'A', 'A', 'A', 'A'],
        ['B', 'B', 'X', 'X', 'X'],
      ]),
    );
    const outcome = outcomeAt(slot, 400, 'base', STOPS);
    // C×2 pays nothing, the A run does not start on reel 1, B×2 pays 1 coin
    expect(outcome.lineWins).toEqual([{ line: 2, symbol: 'B', count: 2, ways: 1, multiplier: 1, amount: 100 }]);
    expect(outcome.win).toBe(100);
  });

  it('wilds substitute anywhere in the run', () => {
    const slot = game(
      cols([
        ['X', 'X', 'X', 'X', 'X'],
        ['W', 'A', 'W', 'A', 'B'],
        ['X', 'X', 'X', 'X', 'X'],
      ]),
    );
    expect(outcomeAt(slot, 400, 'base', STOPS).lineWins).toEqual([{ line: 0, symbol: 'A', count: 4, ways: 1, multiplier: 1, amount: 20 * 100 }]);
  });

  it('wild multipliers in the run multiply together', () => {
    const slot = game(
      cols([
        ['X', 'X', 'X', 'X', 'X'],
        ['A', 'W2', 'W3', 'A', 'X'],
        ['X', 'X', 'X', 'X', 'X'],
      ]),
    );
    expect(outcomeAt(slot, 400, 'base', STOPS).lineWins).toEqual([{ line: 0, symbol: 'A', count: 4, ways: 1, multiplier: 6, amount: 20 * 6 * 100 }]);
  });

  it('leading wilds pay as wilds when that pays more than the substituted symbol', () => {
    // W W W C X: wild×3 = 40 beats C×4 (C pays only for 3 → 0 for 4? C has no 4 pay) → wilds
    const slot = game(
      cols([
        ['X', 'X', 'X', 'X', 'X'],
        ['W', 'W', 'W', 'C', 'X'],
        ['W', 'W', 'W', 'A', 'A'],
      ]),
    );
    const wins = outcomeAt(slot, 400, 'base', STOPS).lineWins;
    expect(wins).toContainEqual({ line: 0, symbol: 'W', count: 3, ways: 1, multiplier: 1, amount: 40 * 100 });
    // W W W A A: A×5 = 50 beats wild×3 = 40
    expect(wins).toContainEqual({ line: 2, symbol: 'A', count: 5, ways: 1, multiplier: 1, amount: 50 * 100 });
  });

  it('a line of only wilds pays the wild five', () => {
    const slot = game(
      cols([
        ['X', 'X', 'X', 'X', 'X'],
        ['W', 'W', 'W', 'W', 'W'],
        ['X', 'X', 'X', 'X', 'X'],
      ]),
    );
    expect(outcomeAt(slot, 400, 'base', STOPS).lineWins).toEqual([{ line: 0, symbol: 'W', count: 5, ways: 1, multiplier: 1, amount: 500 * 100 }]);
  });

  it('wilds do not substitute for scatters and scatters do not form lines', () => {
    const slot = game(
      cols([
        ['X', 'X', 'X', 'X', 'X'],
        ['S', 'S', 'S', 'W', 'W'],
        ['W', 'S', 'A', 'A', 'X'],
      ]),
    );
    const outcome = outcomeAt(slot, 400, 'base', STOPS);
    // line 3 (bottom): W S … → only the wild run of 1, which pays nothing
    expect(outcome.lineWins).toEqual([]);
    expect(outcome.scatter).toEqual({ symbol: 'S', count: 4, amount: 0 });
  });
});

describe('scatters and free spins', () => {
  it('scatters pay anywhere by count × total stake and award free spins', () => {
    const slot = game(
      cols([
        ['S', 'X', 'X', 'X', 'X'],
        ['X', 'X', 'X', 'X', 'S'],
        ['X', 'X', 'S', 'X', 'X'],
      ]),
    );
    const outcome = outcomeAt(slot, 400, 'base', STOPS);
    expect(outcome.scatter).toEqual({ symbol: 'S', count: 3, amount: 5 * 400 });
    expect(outcome.freeSpinsAwarded).toBe(3);
    expect(outcome.win).toBe(2_000);
  });

  it('two scatters pay without free spins', () => {
    const slot = game(
      cols([
        ['S', 'X', 'X', 'X', 'X'],
        ['X', 'X', 'X', 'X', 'S'],
        ['X', 'X', 'X', 'X', 'X'],
      ]),
    );
    expect(outcomeAt(slot, 400, 'base', STOPS)).toMatchObject({ scatter: { count: 2, amount: 400 }, freeSpinsAwarded: 0 });
  });

  it('free spins use the free strips, multiply every win and retrigger', () => {
    const base = cols([
      ['S', 'X', 'S', 'X', 'S'],
      ['X', 'X', 'X', 'X', 'X'],
      ['X', 'X', 'X', 'X', 'X'],
    ]);
    const free = cols([
      ['S', 'X', 'S', 'X', 'S'],
      ['A', 'A', 'A', 'X', 'X'],
      ['X', 'X', 'X', 'X', 'X'],
    ]);
    const slot = game(base, {}, free);
    const outcome = outcomeAt(slot, 400, 'free', STOPS);
    // A×3 = 5 coins, scatter 3 = 5 × stake = 20 coins; all × 3
    expect(outcome.winMultiplier).toBe(3);
    expect(outcome.lineWins[0]!.amount).toBe(5 * 100 * 3);
    expect(outcome.scatter!.amount).toBe(5 * 400 * 3);
    expect(outcome.freeSpinsAwarded).toBe(2); // retrigger table
  });

  it('a round plays the whole session; retriggers add spins but never past maxSpins', () => {
    const base = cols([
      ['S', 'X', 'S', 'X', 'S'],
      ['X', 'X', 'X', 'X', 'X'],
      ['X', 'X', 'X', 'X', 'X'],
    ]);
    const slot = game(base, {}, base);
    // every free spin at stop 0 retriggers (+2): 3 → 4 → 5 → 6, capped at 6 spins in total
    const round = playRound(slot, 400, new ScriptedSource(new Array<number>(5 * 7).fill(0)));
    expect(round.base.freeSpinsAwarded).toBe(3);
    expect(round.freeSpins).toHaveLength(6);
    expect(round.freeSpinsPlayed).toBe(6);
    expect(round.totalWin).toBe(2_000 + 6 * 2_000 * 3);
  });

  it('the session state counts spins, retriggers and the cap', () => {
    const slot = game(
      cols([
        ['S', 'X', 'S', 'X', 'S'],
        ['X', 'X', 'X', 'X', 'X'],
        ['X', 'X', 'X', 'X', 'X'],
      ]),
    );
    let state = startFreeSpins(slot, 3);
    expect(state).toEqual({ remaining: 3, played: 0, win: 0 });
    const retrigger = outcomeAt(slot, 400, 'free', STOPS);
    state = advanceFreeSpins(slot, state, retrigger);
    expect(state).toEqual({ remaining: 4, played: 1, win: retrigger.win });
    const blank = outcomeAt(slot, 400, 'free', [1, 1, 1, 1, 1]);
    state = advanceFreeSpins(slot, state, blank);
    expect(state.remaining).toBe(3);
    expect(() => advanceFreeSpins(slot, { remaining: 0, played: 6, win: 0 }, blank)).toThrow();
  });
});

describe('ways', () => {
  it('pays symbol × product of matching cells on adjacent reels from reel 1', () => {
    const slot = game(
      cols([
        ['A', 'W', 'A', 'X', 'X'],
        ['A', 'A', 'X', 'A', 'X'],
        ['X', 'X', 'X', 'X', 'X'],
      ]),
      {
        symbols: [
          { id: 'W', name: 'Wild', kind: 'wild' },
          { id: 'A', name: 'A', kind: 'regular', pays: { 3: 5, 4: 20 } },
          { id: 'X', name: 'Blank', kind: 'regular' },
        ],
        evaluation: { kind: 'ways', betUnits: 25 },
        scatter: undefined,
        freeSpins: undefined,
      },
    );
    const outcome = outcomeAt(slot, 250, 'base', STOPS);
    // reel 1: 2 A; reel 2: W + A = 2; reel 3: 1 A; reel 4: 1 A; reel 5: none → A×4, 4 ways × 20 coins × 10
    expect(outcome.lineWins).toEqual([{ line: -1, symbol: 'A', count: 4, ways: 4, multiplier: 1, amount: 4 * 20 * 10 }]);
  });

  it('refuses wild multipliers in ways games', () => {
    expect(() =>
      compileSlot({
        reels: 3,
        rows: 1,
        symbols: [
          { id: 'W', name: 'W', kind: 'wild', multiplier: 2 },
          { id: 'A', name: 'A', kind: 'regular', pays: { 3: 1 } },
        ],
        strips: { base: [['W', 'A'], ['A'], ['A']] },
        evaluation: { kind: 'ways', betUnits: 1 },
      }),
    ).toThrow(/substitute/);
  });
});

describe('stakes and configuration', () => {
  const slot = game(
    cols([
      ['X', 'X', 'X', 'X', 'X'],
      ['X', 'X', 'X', 'X', 'X'],
      ['X', 'X', 'X', 'X', 'X'],
    ]),
  );
  it('the stake must be a positive multiple of the lines', () => {
    expect(() => spin(slot, 402, 'base', new ScriptedSource([0, 0, 0, 0, 0]))).toThrow(InvalidBet);
    expect(() => spin(slot, 0, 'base', new ScriptedSource([0, 0, 0, 0, 0]))).toThrow(InvalidBet);
    expect(() => spin(slot, 4.5, 'base', new ScriptedSource([0, 0, 0, 0, 0]))).toThrow(InvalidBet);
  });

  it('spin draws one uniform stop per reel in reel order', () => {
    const source = new ScriptedSource([3, 1, 0, 2, 3]);
    const outcome = spin(slot, 400, 'base', source);
    expect(source.requests).toEqual([4, 4, 4, 4, 4]);
    expect(outcome.stops).toEqual([3, 1, 0, 2, 3]);
  });

  it('rejects broken configurations', () => {
    const bad =
      (patch: Partial<SlotConfig>): (() => unknown) =>
      () =>
        game(
          cols([
            ['X', 'X', 'X', 'X', 'X'],
            ['X', 'X', 'X', 'X', 'X'],
            ['X', 'X', 'X', 'X', 'X'],
          ]),
          patch,
        );
    expect(bad({ evaluation: { kind: 'lines', lines: [[0, 0, 0, 0, 3]] } })).toThrow(/line/);
    expect(
      bad({
        strips: {
          base: [
            ['Q', 'X', 'X'],
            ['X', 'X', 'X'],
            ['X', 'X', 'X'],
            ['X', 'X', 'X'],
            ['X', 'X', 'X'],
          ],
        },
      }),
    ).toThrow(/unknown symbol/);
    expect(bad({ freeSpins: undefined })).toThrow(/free spins/);
    expect(bad({ scatter: { symbol: 'A', pays: {} } })).toThrow(/scatter/);
  });
});
