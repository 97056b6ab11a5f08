import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HealthMonitor, ScriptedSource, fairSource } from '../../rng/rng';
import { InvalidBet } from '../money';
import { GRID_CELLS, IllegalMove, type MinesRules, cashOut, maxPicks, minesView, multiplier, pickCell, startMines, startMinesWith } from './mines';
import { type PlinkoRules, dropBall, plinkoFigures, plinkoOutcome } from './plinko';

const PLINKO: PlinkoRules = {
  rows: 12,
  tenths: {
    low: [100, 30, 16, 12, 12, 10, 4, 10, 12, 12, 16, 30, 100],
    medium: [330, 110, 40, 16, 11, 6, 4, 6, 11, 16, 40, 110, 330],
    high: [1700, 240, 81, 18, 7, 2, 2, 2, 7, 18, 81, 240, 1700],
  },
  minBet: 10,
  maxBet: 5_000,
};

describe('plinko', () => {
  it('lands in the slot counting the right bounces and pays the slot multiplier in tenths', () => {
    const edge = plinkoOutcome(PLINKO, 100, 'high', new Array<number>(12).fill(1));
    expect(edge).toMatchObject({ slot: 12, multiplierTenths: 1700, win: 17_000 });
    const centre = plinkoOutcome(PLINKO, 100, 'low', [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    expect(centre).toMatchObject({ slot: 6, multiplierTenths: 4, win: 40 });
  });

  it('draws one bounce per row from the random source', () => {
    const source = new ScriptedSource([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    const outcome = dropBall(PLINKO, 50, 'medium', source);
    expect(source.requests).toEqual(new Array<number>(12).fill(2));
    expect(outcome).toMatchObject({ slot: 3, multiplierTenths: 16, win: 80 });
  });

  it('refuses stakes that are not multiples of 10 or outside the limits', () => {
    expect(() => dropBall(PLINKO, 15, 'low', new ScriptedSource([]))).toThrow(InvalidBet);
    expect(() => dropBall(PLINKO, 0, 'low', new ScriptedSource([]))).toThrow(InvalidBet);
    expect(() => dropBall(PLINKO, 10_000, 'low', new ScriptedSource([]))).toThrow(InvalidBet);
  });

  it('RTP is exactly Σ C(12,k)·m(k) / 2^12 for each risk', () => {
    expect(plinkoFigures(PLINKO, 'low')).toMatchObject({ rtpNumerator: 39_728, rtpDenominator: 40_960 });
    expect(plinkoFigures(PLINKO, 'medium')).toMatchObject({ rtpNumerator: 39_710, rtpDenominator: 40_960 });
    expect(plinkoFigures(PLINKO, 'high')).toMatchObject({ rtpNumerator: 39_718, rtpDenominator: 40_960 });
    const sigmas = (['low', 'medium', 'high'] as const).map((r) => plinkoFigures(PLINKO, r).sigma);
    expect(sigmas[0]).toBeLessThan(sigmas[1]!);
    expect(sigmas[1]).toBeLessThan(sigmas[2]!);
  });

  // 80,000 drops: CPU-bound, so a slow or busy machine gets time to finish them (nothing is timed).
  it('a fixed-seed simulation agrees with the exact RTP within 4σ/√n', () => {
    const source = fairSource({ serverSeed: 'd'.repeat(64), clientSeed: 'plinko', nonce: 0 }, { health: new HealthMonitor() });
    const n = 40_000;
    for (const risk of ['low', 'medium'] as const) {
      let won = 0;
      for (let i = 0; i < n; i++) won += dropBall(PLINKO, 10, risk, source).win;
      const f = plinkoFigures(PLINKO, risk);
      expect(Math.abs(won / (10 * n) - f.rtp)).toBeLessThan((4 * f.sigma) / Math.sqrt(n));
    }
  }, 60_000);
});

const MINES: MinesRules = { rtpNumerator: 97, rtpDenominator: 100, maxMultiplier: 10_000, minBet: 10, maxBet: 1_000 };
const choose = (n: number, k: number): number => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};

describe('mines', () => {
  it('the multiplier makes cashing out after k safe picks return exactly 97% for every mine count', () => {
    for (let mines = 1; mines <= 24; mines++) {
      for (let k = 1; k <= GRID_CELLS - mines; k++) {
        const [num, den] = multiplier(MINES, mines, k);
        // M(k) · P(k safe) = 97/100, checked in integers: num · C(25−m, k) · 100 = 97 · den · C(25, k)
        const lhs = num * BigInt(Math.round(choose(GRID_CELLS - mines, k))) * 100n;
        const rhs = 97n * den * BigInt(Math.round(choose(GRID_CELLS, k)));
        expect(lhs).toBe(rhs);
      }
    }
    expect(multiplier(MINES, 1, 1)).toEqual([97n, 96n]); // 0.97 × 25/24
    expect(multiplier(MINES, 24, 1)).toEqual([97n, 4n]); // 0.97 × 25 = 24.25
  });

  it('picks stop where the next multiplier would pass the cap', () => {
    expect(maxPicks(MINES, 1)).toBe(24);
    expect(maxPicks(MINES, 24)).toBe(1);
    const k = maxPicks(MINES, 10);
    expect(Number(multiplier(MINES, 10, k)[0]) / Number(multiplier(MINES, 10, k)[1])).toBeLessThanOrEqual(10_000);
    expect(Number(multiplier(MINES, 10, k + 1)[0]) / Number(multiplier(MINES, 10, k + 1)[1])).toBeGreaterThan(10_000);
  });

  it('a mine ends the round with nothing; a safe pick raises the multiplier; cash-out pays it', () => {
    const s = startMinesWith(MINES, 100, 3, [0, 1, 2]);
    expect(() => cashOut(MINES, s, new ScriptedSource([]))).toThrow(IllegalMove);
    const lost = pickCell(MINES, s, 1, new ScriptedSource([]));
    expect(lost).toMatchObject({ phase: 'lost', hit: 1, payout: 0 });
    expect(() => pickCell(MINES, lost, 5, new ScriptedSource([]))).toThrow(IllegalMove);

    const one = pickCell(MINES, s, 10, new ScriptedSource([]));
    expect(() => pickCell(MINES, one, 10, new ScriptedSource([]))).toThrow(IllegalMove);
    const two = pickCell(MINES, one, 11, new ScriptedSource([]));
    // M(2) = 0.97 × C(25,2)/C(22,2) = 0.97 × 300/231 = 97/77; 100 × 97/77 = 125.97…
    expect(multiplier(MINES, 3, 2)).toEqual([97n, 77n]);
    const roundDown = cashOut(MINES, two, new ScriptedSource([76]));
    expect(roundDown).toMatchObject({ phase: 'cashed', payout: 125 });
    // the fraction 75/77 of a unit is paid with probability 75/77: draws 0…74 of 77 round up
    expect(cashOut(MINES, two, new ScriptedSource([74])).payout).toBe(126);
    expect(minesView(MINES, roundDown).minePositions).toEqual([0, 1, 2]);
    expect(minesView(MINES, two).minePositions).toBeNull();
    // The client's 'Cash out' label: the whole units cashing out pays at least, exactly; none before a pick or after the end.
    expect(minesView(MINES, two).cashOutAtLeast).toBe(125);
    expect(minesView(MINES, s).cashOutAtLeast).toBeNull();
    expect(minesView(MINES, roundDown).cashOutAtLeast).toBeNull();
  });

  it('uncovering every safe cell cashes out automatically', () => {
    let s = startMinesWith(MINES, 100, 24, [...Array.from({ length: 24 }, (_, i) => i + 1)]);
    s = pickCell(MINES, s, 0, new ScriptedSource([0]));
    expect(s).toMatchObject({ phase: 'cashed', payout: 2_425 }); // 100 × 24.25
  });

  it('mines are a uniform subset drawn by partial Fisher–Yates', () => {
    const s = startMines(MINES, 100, 3, new ScriptedSource([24, 0, 0]));
    expect(s.minePositions).toEqual([1, 2, 24]);
    expect(() => startMines(MINES, 100, 0, new ScriptedSource([]))).toThrow(InvalidBet);
    expect(() => startMines(MINES, 100, 25, new ScriptedSource([]))).toThrow(InvalidBet);
    expect(() => startMines(MINES, 5, 3, new ScriptedSource([]))).toThrow(InvalidBet);
  });

  it('expected payment is exactly stake × M(k): averaging the rounding draw over every value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 10, max: 1_000 }), fc.integer({ min: 1, max: 5 }), (mines, stake, picks) => {
        const k = Math.min(picks, GRID_CELLS - mines - 1);
        if (k < 1) return;
        const safe = Array.from({ length: GRID_CELLS }, (_, i) => i).slice(mines, mines + k);
        let s = startMinesWith(
          MINES,
          stake,
          mines,
          Array.from({ length: mines }, (_, i) => i),
        );
        for (const cell of safe) s = pickCell(MINES, s, cell, new ScriptedSource([]));
        const [num, den] = multiplier(MINES, mines, k);
        if (den > 5_000n) return;
        let total = 0n;
        for (let u = 0; u < Number(den); u++) total += BigInt(cashOut(MINES, s, new ScriptedSource([u])).payout);
        expect(total).toBe(BigInt(stake) * num);
      }),
      { numRuns: 200, seed: 5 },
    );
  });

  it('a fixed-seed simulation of "pick k then cash out" returns 97% within 4σ/√n', () => {
    const source = fairSource({ serverSeed: 'e'.repeat(64), clientSeed: 'mines', nonce: 0 }, { health: new HealthMonitor() });
    const n = 20_000;
    const mines = 5;
    const k = 3;
    let paid = 0;
    for (let i = 0; i < n; i++) {
      let s = startMines(MINES, 1_000, mines, source);
      for (let cell = 0; cell < k && s.phase === 'playing'; cell++) s = pickCell(MINES, s, cell, source);
      if (s.phase === 'playing') s = cashOut(MINES, s, source);
      paid += s.payout;
    }
    const p = choose(20, 3) / choose(25, 3);
    const m = 0.97 / p;
    const sigma = Math.sqrt(p * m * m - 0.97 * 0.97);
    expect(Math.abs(paid / (1_000 * n) - 0.97)).toBeLessThan((4 * sigma) / Math.sqrt(n));
  });
});
