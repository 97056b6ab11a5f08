import { describe, expect, it } from 'vitest';
import { SimulationByteSource, Rng } from '../../rng/rng';
import { card75, newTickets, strip90, toGo } from './cards';
import { splitPrize } from './prizes';
import { bingoRoomsConfigSchema } from '../../../../contracts/games/bingo';
import { DEFAULT_BINGO_ROOMS } from './rooms';

const random = new Rng(new SimulationByteSource('bingo-cards'));

describe('90-ball strips', () => {
  it('every strip of six uses 1–90 once; every ticket has five numbers a row, 1–3 a column, columns sorted and in range (1,000 strips)', () => {
    const problems: string[] = [];
    const all = Array.from({ length: 90 }, (_, i) => i + 1).join();
    for (let n = 0; n < 1_000; n++) {
      const strip = strip90(random);
      if (
        strip
          .flatMap((ticket) => ticket.flat().filter((v) => v > 0))
          .sort((a, b) => a - b)
          .join() !== all
      )
        problems.push(`strip ${n}: not 1–90 once`);
      for (const ticket of strip) {
        for (const row of ticket) if (row.filter((v) => v > 0).length !== 5) problems.push(`strip ${n}: a row without five numbers`);
        for (let column = 0; column < 9; column++) {
          const numbers = ticket.map((row) => row[column]!).filter((v) => v > 0);
          const low = column === 0 ? 1 : column * 10;
          const high = column === 8 ? 90 : column * 10 + 9;
          if (numbers.length < 1 || numbers.length > 3) problems.push(`strip ${n}: column ${column} holds ${numbers.length}`);
          if (numbers.some((v, i) => v < low || v > high || (i > 0 && v < numbers[i - 1]!)))
            problems.push(`strip ${n}: column ${column} out of range or order`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('tickets are cut from strips in order: 8 tickets are one whole strip and two of the next', () => {
    expect(newTickets(90, 8, random).map((ticket) => ticket.strip)).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
  });
});

describe('75-ball cards', () => {
  it('5×5, free centre, five distinct numbers a column from its fifteen', () => {
    for (let n = 0; n < 500; n++) {
      const card = card75(random);
      expect(card[2]![2]).toBe(0);
      for (let column = 0; column < 5; column++) {
        const numbers = card.map((row) => row[column]!).filter((v) => v > 0);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers.every((v) => v > column * 15 && v <= column * 15 + 15)).toBe(true);
      }
    }
  });
});

describe('numbers to go', () => {
  const ticket = [
    [1, 0, 20, 0, 40, 0, 60, 0, 80],
    [0, 11, 0, 31, 0, 51, 0, 71, 81],
    [2, 0, 22, 32, 0, 52, 0, 72, 0],
  ];
  it('one line is the nearest row, two lines the two nearest, full house every number', () => {
    const called = new Set([1, 20, 40, 60, 11, 31]);
    expect(toGo(ticket, called, 'ONE_LINE')).toBe(1);
    expect(toGo(ticket, called, 'TWO_LINES')).toBe(1 + 3);
    expect(toGo(ticket, called, 'FULL_HOUSE')).toBe(15 - 6);
    called.add(80);
    expect(toGo(ticket, called, 'ONE_LINE')).toBe(0);
  });
  it('75-ball: a column or a diagonal is a line, the free centre counts as called', () => {
    const card = [
      [1, 16, 31, 46, 61],
      [2, 17, 32, 47, 62],
      [3, 18, 0, 48, 63],
      [4, 19, 34, 49, 64],
      [5, 20, 35, 50, 65],
    ];
    expect(toGo(card, new Set([1, 17, 49, 65]), 'LINE')).toBe(0);
    expect(toGo(card, new Set([31, 32, 34]), 'LINE')).toBe(1);
  });
});

describe('splitting a prize on the same ball', () => {
  it('shares add up to the prize exactly; the remainder goes one unit each to the earliest-bought tickets', () => {
    const tickets = [{ serial: 7n }, { serial: 3n }, { serial: 5n }];
    const shares = splitPrize(100n, tickets);
    expect(shares.map((share) => [share.ticket.serial, share.amount])).toEqual([
      [3n, 34n],
      [5n, 33n],
      [7n, 33n],
    ]);
    expect(splitPrize(2n, tickets).map((share) => share.amount)).toEqual([1n, 1n, 0n]);
    for (let amount = 0n; amount < 50n; amount++) expect(splitPrize(amount, tickets).reduce((sum, share) => sum + share.amount, 0n)).toBe(amount);
  });
});

describe('room configuration', () => {
  it('the default rooms are valid: several 90-ball rooms and one 75-ball room, tickets from 1p', () => {
    expect(bingoRoomsConfigSchema.safeParse(DEFAULT_BINGO_ROOMS).success).toBe(true);
    expect(DEFAULT_BINGO_ROOMS.filter((room) => room.balls === 90).length).toBeGreaterThan(1);
    expect(DEFAULT_BINGO_ROOMS.filter((room) => room.balls === 75)).toHaveLength(1);
    expect(Math.min(...DEFAULT_BINGO_ROOMS.map((room) => room.ticketPrice))).toBe(1);
  });
  it('refuses prizes out of order, shares over 100% and a price over the maximum, naming the place', () => {
    const base = DEFAULT_BINGO_ROOMS[1]!;
    const bad = bingoRoomsConfigSchema.safeParse([
      {
        ...base,
        prizes: [
          { prize: 'FULL_HOUSE', shareBps: 5_000 },
          { prize: 'ONE_LINE', shareBps: 1_000 },
        ],
      },
    ]);
    expect(bad.error?.issues[0]?.path).toEqual([0, 'prizes']);
    expect(bingoRoomsConfigSchema.safeParse([{ ...base, prizes: [{ prize: 'FULL_HOUSE', shareBps: 9_900 }] }]).success).toBe(false);
    expect(bingoRoomsConfigSchema.safeParse([{ ...base, ticketPrice: 101 }]).success).toBe(false);
  });
});
