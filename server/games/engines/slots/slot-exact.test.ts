import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompiledSlot, type SlotConfig, compileSlot, evaluateWindow, windowAt } from './slot-engine';
import { type CycleStats, cycleStats, ratioToNumber, sessionMoments, slotFigures } from './slot-exact';

/** The cycle by brute force through the engine's own evaluation. */
function bruteCycle(slot: CompiledSlot, mode: 'base' | 'free'): CycleStats {
  const strips = mode === 'base' ? slot.base : slot.free;
  const classes = Array.from({ length: slot.reels * slot.rows + 1 }, () => ({ count: 0, sum: 0n, sumSquares: 0n, zero: 0, max: 0 }));
  const stops = new Array<number>(slot.reels).fill(0);
  let combinations = 0;
  for (;;) {
    const e = evaluateWindow(slot, windowAt(strips, stops, slot.rows));
    const c = classes[e.scatterCount]!;
    c.count++;
    c.sum += BigInt(e.coins);
    c.sumSquares += BigInt(e.coins) ** 2n;
    if (e.coins === 0) c.zero++;
    c.max = Math.max(c.max, e.coins);
    combinations++;
    let r = 0;
    while (r < slot.reels && ++stops[r]! === strips[r]!.length) stops[r++] = 0;
    if (r === slot.reels) break;
  }
  return { combinations, byScatter: classes };
}

const SYMBOLS = ['W', 'V', 'A', 'B', 'C', 'S'];

/** Small random configurations: lines or ways, wilds with multipliers, scatters, free spins. */
const smallConfig = fc
  .record({
    reels: fc.integer({ min: 2, max: 4 }),
    rows: fc.integer({ min: 1, max: 3 }),
    ways: fc.boolean(),
    wildMultiplier: fc.integer({ min: 1, max: 3 }),
    lineCount: fc.integer({ min: 1, max: 5 }),
    seed: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 200, maxLength: 200 }),
  })
  .map(({ reels, rows, ways, wildMultiplier, lineCount, seed }): SlotConfig => {
    let k = 0;
    const next = (n: number): number => seed[k++ % seed.length]! % n;
    const strip = (): string[] => Array.from({ length: rows + 1 + next(4) }, () => SYMBOLS[next(SYMBOLS.length)]!);
    const pays = (): Partial<Record<number, number>> => {
      const out: Partial<Record<number, number>> = {};
      for (let c = 1; c <= reels; c++) if (next(3) > 0) out[c] = next(20);
      return out;
    };
    return {
      reels,
      rows,
      symbols: [
        { id: 'W', name: 'Wild', kind: 'wild', pays: ways ? {} : pays(), multiplier: ways ? 1 : wildMultiplier },
        { id: 'V', name: 'Wild 2', kind: 'wild', pays: ways ? {} : pays(), multiplier: ways ? 1 : 2 },
        { id: 'A', name: 'A', kind: 'regular', pays: pays() },
        { id: 'B', name: 'B', kind: 'regular', pays: pays() },
        { id: 'C', name: 'C', kind: 'regular', pays: pays() },
        { id: 'S', name: 'Scatter', kind: 'scatter' },
      ],
      strips: { base: Array.from({ length: reels }, strip), free: Array.from({ length: reels }, strip) },
      evaluation: ways
        ? { kind: 'ways', betUnits: 1 + next(5) }
        : { kind: 'lines', lines: Array.from({ length: lineCount }, () => Array.from({ length: reels }, () => next(rows))) },
      scatter:
        reels * rows >= 3
          ? { symbol: 'S', pays: { 2: next(3), 3: next(5) }, freeSpins: { 2: 1 + next(2), 3: 3 }, retrigger: { 2: next(2), 3: 2 } }
          : { symbol: 'S', pays: { 2: next(3) }, freeSpins: { 1: 1, 2: 2 }, retrigger: { 1: next(2), 2: 1 } },
      freeSpins: { multiplier: 1 + next(3), maxSpins: 6 },
    };
  });

describe('exact slot cycle', () => {
  it('matches the engine on every stop combination of random small configurations', () => {
    fc.assert(
      fc.property(smallConfig, (config) => {
        const slot = compileSlot(config);
        expect(cycleStats(slot, 'base')).toEqual(bruteCycle(slot, 'base'));
        expect(cycleStats(slot, 'free')).toEqual(bruteCycle(slot, 'free'));
      }),
      { numRuns: 150, seed: 20240611 },
    );
  });

  it("session mean equals Wald's E[X]·E[spins] from a forward pass over the capped session", () => {
    fc.assert(
      fc.property(smallConfig, (config) => {
        const slot = compileSlot(config);
        const free = cycleStats(slot, 'free');
        const D = free.combinations;
        const pr = new Map<number, number>();
        let meanX = 0;
        free.byScatter.forEach((c, k) => {
          const r = slot.retrigger[k]!;
          pr.set(r, (pr.get(r) ?? 0) + c.count / D);
          meanX += (Number(c.sum) * slot.freeMultiplier) / D;
        });
        const M = slot.maxFreeSpins;
        for (const award of [1, 2, 3]) {
          // forward distribution over (played, remaining)
          let states = new Map<number, number>([[award, 1]]);
          let spins = 0;
          for (let p = 0; p < M; p++) {
            const next = new Map<number, number>();
            for (const [n, prob] of states) {
              if (n === 0) continue;
              spins += prob;
              for (const [r, q] of pr) {
                const n2 = Math.min(n - 1 + r, M - p - 1);
                next.set(n2, (next.get(n2) ?? 0) + prob * q);
              }
            }
            states = next;
          }
          const exact = sessionMoments(slot, free, [award]).get(award)!;
          expect(ratioToNumber(exact.mean)).toBeCloseTo(meanX * spins, 9);
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('a config without free spins has RTP Σ pays × P / lines by hand', () => {
    // 2 reels × 1 row, one line; reel 1 [A, B], reel 2 [A, A, B]; AA pays 6, BB pays 3.
    const slot = compileSlot({
      reels: 2,
      rows: 1,
      symbols: [
        { id: 'A', name: 'A', kind: 'regular', pays: { 2: 6 } },
        { id: 'B', name: 'B', kind: 'regular', pays: { 2: 3 } },
      ],
      strips: {
        base: [
          ['A', 'B'],
          ['A', 'A', 'B'],
        ],
      },
      evaluation: { kind: 'lines', lines: [[0, 0]] },
    });
    const f = slotFigures(slot);
    // P(AA) = 1/2·2/3 = 1/3 → 2; P(BB) = 1/2·1/3 = 1/6 → 0.5; mean 2.5
    expect(ratioToNumber(f.rtp)).toBeCloseTo(2.5, 12);
    // E[X²] = 36/3 + 9/6 = 13.5; σ² = 13.5 − 6.25
    expect(f.sigma).toBeCloseTo(Math.sqrt(7.25), 12);
    expect(f.hitFrequency).toBeCloseTo(0.5, 12);
    expect(f.maxWin).toBe(6);
  });
});
