import { z } from 'zod';
import { reportQuerySchema } from './reports';

/**
 * The back office's Remote Gaming Duty report (issue 29, item 5): gross gaming yield per product,
 * currency and UTC day or month from the ledger's real-money stakes and wins, and the duty due on
 * the GB players' part by the rate in force on each day (REMOTE_GAMING_DUTY_RATES). Amounts are
 * integer minor units of the row's currency (never converted); the CSV export has them in major
 * units. docs/compliance.md, "Remote Gaming Duty", says what is counted and how it is rounded.
 */

/**
 * What a stake was on: the studio's slots, its table games (roulette, blackjack), its mini games
 * (plinko, mines), the live roulette tables, bingo, and `other` for a game the catalogue does not
 * know (a third-party provider's). Every product is remote gaming: all are in the duty base.
 */
export const gamingProductSchema = z.enum(['slots', 'table', 'minis', 'live', 'bingo', 'other']);
export type GamingProduct = z.infer<typeof gamingProductSchema>;
export const GAMING_PRODUCTS: readonly GamingProduct[] = gamingProductSchema.options;

export const dutyGranularitySchema = z.enum(['day', 'month'], { message: 'granularity must be day or month' });
export type DutyGranularity = z.infer<typeof dutyGranularitySchema>;

/** The daily report's range (UTC days, both included, at most 366, from 1970) and day or month rows. */
export const gamingDutyQuerySchema = reportQuerySchema.safeExtend({ granularity: dutyGranularitySchema.default('day') });
export type GamingDutyQuery = z.infer<typeof gamingDutyQuerySchema>;

export const gamingDutyRowSchema = z.object({
  /** The UTC day (YYYY-MM-DD) or month (YYYY-MM). */
  period: z.string(),
  product: gamingProductSchema,
  currency: z.string(),
  /**
   * Whether the players are under GB rules (their jurisdiction is GB): only their yield is in the
   * duty base. Rows of other players have the yield only, no rate and no duty.
   */
  dutiable: z.boolean(),
  /** Real-money stakes, less stakes rolled back. */
  stakes: z.number().int(),
  /** Real-money wins paid. */
  wins: z.number().int(),
  /** Gross gaming yield: stakes less wins (negative on a day the players won). */
  grossGamingYield: z.number().int(),
  /**
   * The duty rate in percent in force on the row's days; a month that straddles a change has a row
   * for each rate. Null for rows outside the duty base and days before the first configured rate.
   */
  ratePercent: z.number().nullable(),
  /** The duty, rounded per day (half away from zero); a month's is the sum of its days'. */
  duty: z.number().int().nullable(),
});
export type GamingDutyRow = z.infer<typeof gamingDutyRowSchema>;

export const gamingDutyTotalSchema = z.object({
  currency: z.string(),
  dutiable: z.boolean(),
  stakes: z.number().int(),
  wins: z.number().int(),
  grossGamingYield: z.number().int(),
  /** The sum of the rows' duty; null for players outside the duty base. */
  duty: z.number().int().nullable(),
});
export type GamingDutyTotal = z.infer<typeof gamingDutyTotalSchema>;

export const gamingDutyResponseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  granularity: dutyGranularitySchema,
  /** The configured rates, oldest first: each in force from its UTC day until the next one's. */
  rates: z.array(z.object({ from: z.iso.date(), ratePercent: z.number() })),
  /** Only periods, products and currencies with a movement; GB rows first, then by product. */
  rows: z.array(gamingDutyRowSchema),
  /** Per currency, for the GB players (the duty base) and for the others. */
  totals: z.array(gamingDutyTotalSchema),
});
export type GamingDutyResponse = z.infer<typeof gamingDutyResponseSchema>;
