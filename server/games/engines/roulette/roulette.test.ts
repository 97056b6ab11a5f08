import { describe, expect, it } from 'vitest';
import { HealthMonitor, ScriptedSource, fairSource } from '../../rng/rng';
import { InvalidBet } from '../money';
import {
  BET_TYPES,
  LEGAL_BETS,
  PAYOUT,
  RED_NUMBERS,
  type RouletteBet,
  type RouletteBetType,
  type RouletteRules,
  assertLegalBet,
  colourOf,
  rouletteFigures,
  settle,
  spinRoulette,
} from './roulette';

const RULES: RouletteRules = { minBet: 10, maxTotal: 50_000, unit: 10, maxBets: 150 };
const bet = (type: RouletteBetType, numbers: number[], amount = 100): RouletteBet => ({ type, numbers, amount });
const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('roulette bet types', () => {
  const cases: [RouletteBetType, number[], number, number][] = [
    // type, numbers, a winning pocket, a losing pocket
    ['straight', [17], 17, 18],
    ['straight', [0], 0, 1],
    ['split', [17, 20], 20, 18],
    ['split', [0, 2], 0, 3],
    ['street', [13, 14, 15], 14, 16],
    ['street', [0, 2, 3], 3, 1],
    ['corner', [17, 18, 20, 21], 21, 19],
    ['corner', [0, 1, 2, 3], 0, 4],
    ['sixLine', range(31, 36), 31, 30],
    ['dozen', range(13, 24), 24, 25],
    ['column', range(1, 12).map((i) => 3 * i - 2), 34, 35],
    ['red', [...RED_NUMBERS], 1, 2],
    ['black', range(1, 36).filter((n) => !RED_NUMBERS.includes(n)), 2, 1],
    ['odd', range(1, 18).map((i) => 2 * i - 1), 35, 36],
    ['even', range(1, 18).map((i) => 2 * i), 36, 0],
    ['low', range(1, 18), 18, 19],
    ['high', range(19, 36), 19, 0],
  ];
  for (const [type, numbers, win, lose] of cases) {
    it(`${type} ${numbers.length <= 6 ? numbers.join('-') : `(${numbers.length} numbers)`} pays ${PAYOUT[type]} to 1 and loses otherwise`, () => {
      const won = settle(RULES, [bet(type, numbers)], win);
      expect(won.results[0]).toMatchObject({ won: true, returned: 100 * (PAYOUT[type] + 1) });
      const lost = settle(RULES, [bet(type, numbers)], lose);
      expect(lost.results[0]).toMatchObject({ won: false, returned: 0 });
    });
  }

  it('outside bets lose on zero', () => {
    const outside = BET_TYPES.filter((t) => LEGAL_BETS[t][0]!.length >= 12);
    const outcome = settle(
      RULES,
      outside.map((t) => bet(t, [...LEGAL_BETS[t][0]!])),
      0,
    );
    expect(outcome.totalReturned).toBe(0);
    expect(outcome.colour).toBe('green');
  });

  it('knows the layout: counts of legal bets per type', () => {
    const counts = Object.fromEntries(BET_TYPES.map((t) => [t, LEGAL_BETS[t].length]));
    // 57 splits on 1–36 plus 0-1, 0-2, 0-3; 12 streets plus the two zero trios; 22 corners plus 0-1-2-3
    expect(counts).toMatchObject({
      straight: 37,
      split: 60,
      street: 14,
      corner: 23,
      sixLine: 11,
      dozen: 3,
      column: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
  });

  it('rejects numbers that are not a bet of the type', () => {
    const illegal: [RouletteBetType, number[]][] = [
      ['straight', [37]],
      ['straight', [1, 2]],
      ['split', [3, 4]], // not adjacent: end of one row, start of the next
      ['split', [1, 5]],
      ['split', [0, 4]],
      ['split', [5, 5]],
      ['street', [2, 3, 4]],
      ['street', [0, 1, 3]],
      ['corner', [3, 4, 6, 7]],
      ['corner', [1, 2, 3, 4]],
      ['sixLine', range(2, 7)],
      ['sixLine', range(34, 39)],
      ['dozen', range(2, 13)],
      ['column', [1, 4, 7]],
      ['red', RED_NUMBERS.slice(1)],
      ['black', [...RED_NUMBERS]],
      ['low', range(0, 17)],
      ['high', range(19, 35)],
      ['even', range(1, 18)],
    ];
    for (const [type, numbers] of illegal) expect(() => assertLegalBet(type, numbers), `${type} ${numbers.join('-')}`).toThrow(InvalidBet);
    expect(() => assertLegalBet('nonsense' as RouletteBetType, [1])).toThrow(InvalidBet);
    expect(() => assertLegalBet('split', [20, 17])).not.toThrow();
  });

  it('checks amounts and table limits', () => {
    expect(() => spinRoulette(RULES, [], new ScriptedSource([0]))).toThrow(InvalidBet);
    expect(() => spinRoulette(RULES, [bet('red', [...RED_NUMBERS], 5)], new ScriptedSource([0]))).toThrow(InvalidBet);
    expect(() => spinRoulette(RULES, [bet('red', [...RED_NUMBERS], 15)], new ScriptedSource([0]))).toThrow(InvalidBet);
    expect(() =>
      spinRoulette(RULES, [bet('red', [...RED_NUMBERS], 30_000), bet('black', LEGAL_BETS.black[0]!.slice(), 30_000)], new ScriptedSource([0])),
    ).toThrow(/exceeds/);
    // an illegal bet is refused before any number is drawn
    const source = new ScriptedSource([5]);
    expect(() => spinRoulette(RULES, [bet('split', [1, 5])], source)).toThrow(InvalidBet);
    expect(source.requests).toEqual([]);
  });

  it('settles several bets on one spin, each on its own', () => {
    const outcome = spinRoulette(
      RULES,
      [bet('straight', [32]), bet('split', [32, 35], 50), bet('red', [...RED_NUMBERS], 200), bet('dozen', range(1, 12), 100)],
      new ScriptedSource([32]),
    );
    expect(outcome.number).toBe(32);
    expect(outcome.colour).toBe('red');
    expect(outcome.results.map((r) => r.returned)).toEqual([3_600, 900, 400, 0]);
    expect(outcome.totalStake).toBe(450);
    expect(outcome.totalReturned).toBe(4_900);
  });

  it('colours', () => {
    expect([0, 1, 2, 10, 11, 19, 36].map(colourOf)).toEqual(['green', 'red', 'black', 'black', 'black', 'red', 'red']);
  });

  it('every bet type returns 36/37 exactly', () => {
    for (const f of rouletteFigures()) {
      expect(f.numbers * (f.payout + 1)).toBe(36);
      expect(f.rtp).toBeCloseTo(36 / 37, 15);
    }
  });

  it('pockets are uniform over a long fixed-seed run (chi-square, 36 degrees of freedom)', () => {
    const source = fairSource({ serverSeed: 'c'.repeat(64), clientSeed: 'wheel', nonce: 0 }, { health: new HealthMonitor() });
    const counts = new Array<number>(37).fill(0);
    const stake = [bet('straight', [0], 10)];
    for (let i = 0; i < 37_000; i++) counts[spinRoulette(RULES, stake, source).number]!++;
    const chi = counts.reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0);
    expect(chi).toBeLessThan(67.99);
  });
});
