import { formatMinorUnits } from '../../contracts/money';
import type { ReportDay, ReportQuery, ReportResponse } from '../../contracts/back-office/reports';
import type { Db } from '../db/database';
import { dailyTotals } from '../platform/wallet';

const toNumber = (value: bigint): number => {
  // Minor units beyond 2^53 would lose precision silently; refuse instead of reporting a wrong figure.
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new Error('report figure out of range');
  return Number(value);
};

function* daysOf(from: string, to: string): Generator<string> {
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000) {
    yield new Date(time).toISOString().slice(0, 10);
  }
}

/**
 * The daily report: the ledger's figures through the wallet's public face (never its tables), with
 * each currency that moved in the range given every day, so a chart has no gaps.
 */
export async function dailyReport(db: Db, query: ReportQuery): Promise<ReportResponse> {
  const rows = await dailyTotals(db, query.from, query.to);
  const byKey = new Map(rows.map((row) => [`${row.day}:${row.currency}`, row]));
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  const days: ReportDay[] = [];
  const totals = new Map<string, { deposits: bigint; withdrawals: bigint; realStakes: bigint; realWins: bigint }>();
  for (const currency of currencies) totals.set(currency, { deposits: 0n, withdrawals: 0n, realStakes: 0n, realWins: 0n });
  for (const day of daysOf(query.from, query.to)) {
    for (const currency of currencies) {
      const row = byKey.get(`${day}:${currency}`);
      const figures = { deposits: row?.deposits ?? 0n, withdrawals: row?.withdrawals ?? 0n, realStakes: row?.realStakes ?? 0n, realWins: row?.realWins ?? 0n };
      const sum = totals.get(currency)!;
      sum.deposits += figures.deposits;
      sum.withdrawals += figures.withdrawals;
      sum.realStakes += figures.realStakes;
      sum.realWins += figures.realWins;
      days.push({ day, currency, ...numbers(figures) });
    }
  }
  return { from: query.from, to: query.to, days, totals: currencies.map((currency) => ({ currency, ...numbers(totals.get(currency)!) })) };
}

function numbers(figures: { deposits: bigint; withdrawals: bigint; realStakes: bigint; realWins: bigint }) {
  return {
    deposits: toNumber(figures.deposits),
    withdrawals: toNumber(figures.withdrawals),
    realStakes: toNumber(figures.realStakes),
    realWins: toNumber(figures.realWins),
    grossGamingRevenue: toNumber(figures.realStakes - figures.realWins),
  };
}

const CSV_AMOUNTS = ['deposits', 'withdrawals', 'realStakes', 'realWins', 'grossGamingRevenue'] as const;

/**
 * The report's days as CSV (RFC 4180) in the units the screen shows (issue 27 item 13): amounts in
 * major units with two decimals, the unit named in each header cell, the currency its own column.
 */
export function reportCsv(report: ReportResponse): string {
  const header = ['day', 'currency', ...CSV_AMOUNTS.map((column) => `${column} (major units)`)];
  const lines = [
    header.join(','),
    ...report.days.map((day) => [day.day, day.currency, ...CSV_AMOUNTS.map((column) => formatMinorUnits(BigInt(day[column])))].join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
