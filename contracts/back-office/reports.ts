import { z } from 'zod';

/**
 * Back-office reports (issue 15): daily deposits, withdrawals and gross gaming revenue per currency,
 * summed from the ledger. Days are UTC calendar days; amounts are integer minor units.
 */
const MAX_DAYS = 366;
// From 1970 on: the ledger has nothing earlier, and the database has no year 0 that the format allows.
const dayField = (field: string) =>
  z.iso.date({ message: `${field} must be a date (YYYY-MM-DD)` }).refine((day) => day >= '1970-01-01', { message: `${field} must be 1970-01-01 or later` });
const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

export const reportQuerySchema = z
  .object({ from: dayField('from'), to: dayField('to') })
  .strict()
  .refine((query) => query.from <= query.to, { message: 'to must not be before from', path: ['to'] })
  .refine((query) => query.from > query.to || dayCount(query.from, query.to) <= MAX_DAYS, {
    message: `A report covers at most ${MAX_DAYS} days`,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportDaySchema = z.object({
  day: z.iso.date(),
  currency: z.string(),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  realStakes: z.number().int(),
  realWins: z.number().int(),
  /** Gross gaming revenue: real stakes less real wins. */
  grossGamingRevenue: z.number().int(),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportResponseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the range for each currency that moved in it (days without a movement are zero). */
  days: z.array(reportDaySchema),
  totals: z.array(reportDaySchema.omit({ day: true })),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
