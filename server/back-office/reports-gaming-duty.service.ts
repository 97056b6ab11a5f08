import { gameKindDescriptor } from '../../contracts/games/kinds';
import {
  GAMING_PRODUCTS,
  type GamingDutyQuery,
  type GamingDutyResponse,
  type GamingDutyRow,
  type GamingDutyTotal,
  type GamingProduct,
} from '../../contracts/back-office/gaming-duty';
import { formatMinorUnits } from '../../contracts/money';
import { rateOn, type DutyRate } from '../config/gaming-duty-rates';
import type { Db } from '../db/database';
import { getTitle } from '../games';
import { rulesFor } from '../jurisdiction';
import { gameYieldByDay, type GameYieldDay } from '../platform/wallet';

/**
 * The Remote Gaming Duty report (issue 29, item 5; docs/compliance.md, "Remote Gaming Duty"):
 * gross gaming yield (real-money stakes less real-money wins) per product, currency and UTC day or
 * month, from the ledger through the wallet's `gameYieldByDay`, and the duty on the GB players'
 * yield by the rate in force on each day. Callable without HTTP: the routes only check the caller.
 */

/** What the report needs of the configuration: the dated rates and the games that are not catalogue titles. */
export interface GamingDutySettings {
  rates: readonly DutyRate[];
  /** BINGO_GAME_ID: the bingo lobby's gameId, which the bingo rooms' tickets and prizes name. */
  bingoGameId: string;
  /** LIVE_LOBBY_GAME_ID: the live tables' gameId, which their bets and wins name. */
  liveGameId: string;
}

/** The product a ledger movement's game belongs to. */
export function productOf(gameId: string | null, settings: Pick<GamingDutySettings, 'bingoGameId' | 'liveGameId'>): GamingProduct {
  if (gameId === null) return 'other';
  if (gameId === settings.bingoGameId) return 'bingo';
  if (gameId === settings.liveGameId) return 'live';
  // The kind's line in the report is its descriptor's (contracts/games/kinds.ts).
  const line = gameKindDescriptor(getTitle(gameId)?.kind)?.dutyLine;
  return line === 'slots' || line === 'table' || line === 'minis' ? line : 'other';
}

/** Players in the duty base: those playing under GB rules (GB, or UK, as the game server reads the jurisdiction). */
export const isDutiable = (jurisdiction: string | null): boolean => rulesFor(jurisdiction).jurisdiction === 'GB';

/**
 * The duty on a yield at a rate, in minor units: yield × basis points ÷ 10,000, rounded half away
 * from zero, so an equal loss and win cancel exactly. A negative yield gives a negative duty, which
 * nets against the period's other days.
 */
export function dutyOf(grossGamingYield: bigint, basisPoints: number): bigint {
  const product = grossGamingYield * BigInt(basisPoints);
  const quotient = product / 10_000n;
  const remainder = product % 10_000n;
  const twice = remainder < 0n ? -remainder * 2n : remainder * 2n;
  if (twice < 10_000n) return quotient;
  return product < 0n ? quotient - 1n : quotient + 1n;
}

/** One day's yield of a product in a currency, for GB players or the others. */
export interface YieldDay {
  day: string;
  product: GamingProduct;
  currency: string;
  dutiable: boolean;
  stakes: bigint;
  wins: bigint;
}

/** The ledger's groups (game, jurisdiction) folded into products and the duty base. */
export function yieldDays(rows: readonly GameYieldDay[], settings: Pick<GamingDutySettings, 'bingoGameId' | 'liveGameId'>): YieldDay[] {
  const days = new Map<string, YieldDay>();
  for (const row of rows) {
    const product = productOf(row.gameId, settings);
    const dutiable = isDutiable(row.jurisdiction);
    const key = JSON.stringify([row.day, product, row.currency, dutiable]);
    const day = days.get(key) ?? { day: row.day, product, currency: row.currency, dutiable, stakes: 0n, wins: 0n };
    day.stakes += row.stakes;
    day.wins += row.wins;
    days.set(key, day);
  }
  return [...days.values()];
}

interface Figures {
  period: string;
  product: GamingProduct;
  currency: string;
  dutiable: boolean;
  rate: DutyRate | null;
  stakes: bigint;
  wins: bigint;
  duty: bigint | null;
}

const toNumber = (value: bigint): number => {
  // Minor units beyond 2^53 would lose precision silently; refuse instead of reporting a wrong figure.
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) throw new Error('report figure out of range');
  return Number(value);
};

const productOrder = (product: GamingProduct) => GAMING_PRODUCTS.indexOf(product);

/**
 * The report from the days' figures (pure): each day's duty at that day's rate, rounded per day;
 * a month's row sums its days, one row per rate in force in it, so a month that straddles a rate
 * change is split at the change.
 */
export function buildGamingDutyReport(days: readonly YieldDay[], rates: readonly DutyRate[], query: GamingDutyQuery): GamingDutyResponse {
  const periods = new Map<string, Figures>();
  for (const day of days) {
    const rate = day.dutiable ? rateOn(rates, day.day) : null;
    const duty = rate ? dutyOf(day.stakes - day.wins, rate.basisPoints) : null;
    const period = query.granularity === 'month' ? day.day.slice(0, 7) : day.day;
    const key = JSON.stringify([period, day.product, day.currency, day.dutiable, rate?.from ?? null]);
    const figures = periods.get(key);
    if (figures) {
      figures.stakes += day.stakes;
      figures.wins += day.wins;
      if (duty !== null) figures.duty = (figures.duty ?? 0n) + duty;
    } else {
      periods.set(key, { period, product: day.product, currency: day.currency, dutiable: day.dutiable, rate, stakes: day.stakes, wins: day.wins, duty });
    }
  }
  const sorted = [...periods.values()].sort(
    (a, b) =>
      a.period.localeCompare(b.period) ||
      Number(b.dutiable) - Number(a.dutiable) ||
      productOrder(a.product) - productOrder(b.product) ||
      a.currency.localeCompare(b.currency) ||
      (a.rate?.from ?? '').localeCompare(b.rate?.from ?? ''),
  );
  const rows: GamingDutyRow[] = sorted.map((figures) => ({
    period: figures.period,
    product: figures.product,
    currency: figures.currency,
    dutiable: figures.dutiable,
    stakes: toNumber(figures.stakes),
    wins: toNumber(figures.wins),
    grossGamingYield: toNumber(figures.stakes - figures.wins),
    ratePercent: figures.rate ? figures.rate.basisPoints / 100 : null,
    duty: figures.duty === null ? null : toNumber(figures.duty),
  }));

  const totals = new Map<string, { currency: string; dutiable: boolean; stakes: bigint; wins: bigint; duty: bigint | null }>();
  for (const figures of sorted) {
    const key = `${figures.currency}:${figures.dutiable}`;
    const total = totals.get(key) ?? { currency: figures.currency, dutiable: figures.dutiable, stakes: 0n, wins: 0n, duty: null };
    total.stakes += figures.stakes;
    total.wins += figures.wins;
    if (figures.duty !== null) total.duty = (total.duty ?? 0n) + figures.duty;
    totals.set(key, total);
  }
  const totalRows: GamingDutyTotal[] = [...totals.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency) || Number(b.dutiable) - Number(a.dutiable))
    .map((total) => ({
      currency: total.currency,
      dutiable: total.dutiable,
      stakes: toNumber(total.stakes),
      wins: toNumber(total.wins),
      grossGamingYield: toNumber(total.stakes - total.wins),
      duty: total.duty === null ? null : toNumber(total.duty),
    }));

  return {
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    rates: rates.map((rate) => ({ from: rate.from, ratePercent: rate.basisPoints / 100 })),
    rows,
    totals: totalRows,
  };
}

/** The report for a range, read from the ledger. */
export async function gamingDutyReport(db: Db, settings: GamingDutySettings, query: GamingDutyQuery): Promise<GamingDutyResponse> {
  const ledger = await gameYieldByDay(db, query.from, query.to);
  return buildGamingDutyReport(yieldDays(ledger, settings), settings.rates, query);
}

// Amounts are in major units, as on the screen, and the header says so (issue 27 item 13).
const CSV_COLUMNS = [
  'period',
  'product',
  'currency',
  'dutiable',
  'stakes (major units)',
  'wins (major units)',
  'grossGamingYield (major units)',
  'rate (%)',
  'duty (major units)',
] as const;

/**
 * One CSV cell. A number we wrote (plain digits, a minus sign, a decimal point) goes as it is, so a
 * spreadsheet reads a negative yield as a number. Any other text that a spreadsheet would read as
 * a formula (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe,
 * and a cell with a comma, quote or line break is quoted (RFC 4180).
 */
export function csvCell(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const major = (minor: number | null) => (minor === null ? '' : formatMinorUnits(BigInt(minor)));

/**
 * The report's rows as CSV for the accountant: a header row, then a row a period, product,
 * currency, duty base and rate, amounts in major units with two decimals and no currency symbol
 * (the currency is its own column), the rate in percent; empty rate and duty outside the duty base.
 */
export function gamingDutyCsv(report: GamingDutyResponse): string {
  const lines = [
    CSV_COLUMNS.join(','),
    ...report.rows.map((row) =>
      [
        row.period,
        row.product,
        row.currency,
        row.dutiable ? 'yes' : 'no',
        major(row.stakes),
        major(row.wins),
        major(row.grossGamingYield),
        row.ratePercent === null ? '' : String(row.ratePercent),
        major(row.duty),
      ]
        .map(csvCell)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
