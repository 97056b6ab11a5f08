import { describe, expect, it } from 'vitest';
import { dutyRates } from '../config/gaming-duty-rates';
import { buildGamingDutyReport, csvCell, dutyOf, gamingDutyCsv, productOf, yieldDays, type YieldDay } from './reports-gaming-duty.service';

/** The gaming-duty report's arithmetic (issue 29, item 5), without a database. */
const LEGAL = dutyRates('2019-04-01:21,2026-04-01:40');
const games = { bingoGameId: 'bingo', liveGameId: '101' };
const day = (date: string, stakes: bigint, wins: bigint, overrides: Partial<YieldDay> = {}): YieldDay => ({
  day: date,
  product: 'slots',
  currency: 'GBP',
  dutiable: true,
  stakes,
  wins,
  ...overrides,
});

describe('duty per day', () => {
  it('is yield × rate in minor units, rounded half away from zero', () => {
    expect(dutyOf(10_000n, 2_100)).toBe(2_100n);
    expect(dutyOf(10_000n, 4_000)).toBe(4_000n);
    expect(dutyOf(1n, 2_100)).toBe(0n); // 0.21 of a penny
    expect(dutyOf(3n, 2_100)).toBe(1n); // 0.63
    expect(dutyOf(50n, 1_000)).toBe(5n);
    expect(dutyOf(5n, 1_000)).toBe(1n); // 0.5 exactly: away from zero
    expect(dutyOf(-5n, 1_000)).toBe(-1n);
    expect(dutyOf(-3n, 2_100)).toBe(-1n);
    expect(dutyOf(0n, 4_000)).toBe(0n);
    expect(dutyOf(123_456_789n, 4_250)).toBe(52_469_135n); // 52,469,135.325
  });
});

describe('products', () => {
  it('sorts the ledger games into slots, table games, minis, live, bingo and other', () => {
    expect(productOf('SR-3001', games)).toBe('slots');
    expect(productOf('NT-4001', games)).toBe('table');
    expect(productOf('PA-5001', games)).toBe('minis');
    expect(productOf('101', games)).toBe('live');
    expect(productOf('bingo', games)).toBe('bingo');
    expect(productOf('some-provider-game', games)).toBe('other');
    expect(productOf(null, games)).toBe('other');
  });

  it('puts GB and UK players in the duty base and everyone else outside it', () => {
    const folded = yieldDays(
      [
        { day: '2026-05-01', currency: 'GBP', gameId: 'SR-3001', jurisdiction: 'GB', stakes: 100n, wins: 10n },
        { day: '2026-05-01', currency: 'GBP', gameId: 'SR-3001', jurisdiction: 'UK', stakes: 50n, wins: 0n },
        { day: '2026-05-01', currency: 'GBP', gameId: 'SR-3001', jurisdiction: 'IE', stakes: 7n, wins: 0n },
        { day: '2026-05-01', currency: 'GBP', gameId: 'SR-3001', jurisdiction: null, stakes: 3n, wins: 1n },
      ],
      games,
    );
    expect(folded).toEqual([
      { day: '2026-05-01', product: 'slots', currency: 'GBP', dutiable: true, stakes: 150n, wins: 10n },
      { day: '2026-05-01', product: 'slots', currency: 'GBP', dutiable: false, stakes: 10n, wins: 1n },
    ]);
  });
});

describe('the report', () => {
  it('uses 21 % on 31 March 2026 and 40 % on 1 April 2026, and only for the duty base', () => {
    const report = buildGamingDutyReport(
      [day('2026-03-31', 10_000n, 2_000n), day('2026-04-01', 10_000n, 2_000n), day('2026-04-01', 500n, 0n, { dutiable: false })],
      LEGAL,
      { from: '2026-03-31', to: '2026-04-01', granularity: 'day' },
    );
    expect(report.rows).toEqual([
      {
        period: '2026-03-31',
        product: 'slots',
        currency: 'GBP',
        dutiable: true,
        stakes: 10_000,
        wins: 2_000,
        grossGamingYield: 8_000,
        ratePercent: 21,
        duty: 1_680,
      },
      {
        period: '2026-04-01',
        product: 'slots',
        currency: 'GBP',
        dutiable: true,
        stakes: 10_000,
        wins: 2_000,
        grossGamingYield: 8_000,
        ratePercent: 40,
        duty: 3_200,
      },
      { period: '2026-04-01', product: 'slots', currency: 'GBP', dutiable: false, stakes: 500, wins: 0, grossGamingYield: 500, ratePercent: null, duty: null },
    ]);
    expect(report.totals).toEqual([
      { currency: 'GBP', dutiable: true, stakes: 20_000, wins: 4_000, grossGamingYield: 16_000, duty: 4_880 },
      { currency: 'GBP', dutiable: false, stakes: 500, wins: 0, grossGamingYield: 500, duty: null },
    ]);
  });

  it('splits a month that straddles a rate change at the change, each part at its rate, the month summing its days', () => {
    const rates = dutyRates('2019-04-01:21,2026-04-15:40');
    const days = [
      day('2026-04-01', 1_000n, 0n),
      day('2026-04-14', 333n, 0n),
      day('2026-04-15', 1_000n, 0n),
      day('2026-04-30', 333n, 0n),
      day('2026-05-02', 100n, 0n),
    ];
    const report = buildGamingDutyReport(days, rates, { from: '2026-04-01', to: '2026-05-31', granularity: 'month' });
    // Days: 210 + 69.93→70 at 21 %; 400 + 133.2→133 at 40 %; May 40.
    expect(report.rows.map((row) => [row.period, row.ratePercent, row.grossGamingYield, row.duty])).toEqual([
      ['2026-04', 21, 1_333, 280],
      ['2026-04', 40, 1_333, 533],
      ['2026-05', 40, 100, 40],
    ]);
    const daily = buildGamingDutyReport(days, rates, { from: '2026-04-01', to: '2026-05-31', granularity: 'day' });
    const sum = (rows: { duty: number | null }[]) => rows.reduce((total, row) => total + (row.duty ?? 0), 0);
    expect(sum(report.rows.filter((row) => row.period === '2026-04'))).toBe(sum(daily.rows.filter((row) => row.period.startsWith('2026-04'))));
    expect(report.totals[0]?.duty).toBe(853);
  });

  it('shows a losing day as a negative yield and a negative duty, which nets against the month', () => {
    const days = [day('2026-06-01', 1_000n, 6_000n), day('2026-06-02', 10_000n, 0n)];
    const daily = buildGamingDutyReport(days, LEGAL, { from: '2026-06-01', to: '2026-06-30', granularity: 'day' });
    expect(daily.rows.map((row) => [row.grossGamingYield, row.duty])).toEqual([
      [-5_000, -2_000],
      [10_000, 4_000],
    ]);
    const monthly = buildGamingDutyReport(days, LEGAL, { from: '2026-06-01', to: '2026-06-30', granularity: 'month' });
    expect(monthly.rows.map((row) => [row.period, row.grossGamingYield, row.duty])).toEqual([['2026-06', 5_000, 2_000]]);
  });

  it('has no rate and no duty before the first configured date; currencies stay apart', () => {
    const report = buildGamingDutyReport([day('2019-03-31', 1_000n, 0n), day('2019-03-31', 700n, 100n, { currency: 'EUR' })], LEGAL, {
      from: '2019-03-31',
      to: '2019-03-31',
      granularity: 'day',
    });
    expect(report.rows.map((row) => [row.currency, row.ratePercent, row.duty])).toEqual([
      ['EUR', null, null],
      ['GBP', null, null],
    ]);
    expect(report.totals.map((total) => [total.currency, total.grossGamingYield, total.duty])).toEqual([
      ['EUR', 600, null],
      ['GBP', 1_000, null],
    ]);
  });
});

describe('CSV', () => {
  it('has a header row and plain numbers in major units with two decimals', () => {
    const report = buildGamingDutyReport([day('2026-04-01', 10_005n, 20_010n), day('2026-04-01', 500n, 0n, { dutiable: false, product: 'bingo' })], LEGAL, {
      from: '2026-04-01',
      to: '2026-04-01',
      granularity: 'day',
    });
    expect(gamingDutyCsv(report)).toBe(
      [
        'period,product,currency,dutiable,stakes (major units),wins (major units),grossGamingYield (major units),rate (%),duty (major units)',
        '2026-04-01,slots,GBP,yes,100.05,200.10,-100.05,40,-40.02',
        '2026-04-01,bingo,GBP,no,5.00,0.00,5.00,,',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps a spreadsheet from reading text as a formula, and quotes commas and quotes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a,b')).toBe('"a,b"');
    // Numbers we wrote stay numbers, a negative one too.
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('40')).toBe('40');
    expect(csvCell('GBP')).toBe('GBP');
  });
});
