import { z } from 'zod';
import { hasAtMostDecimals } from './money-units';

/**
 * Money on the wire is a decimal number in major units (ARCHITECTURE §6); inside it is an integer
 * count of minor units. The conversion goes through the decimal text, never through float
 * arithmetic, so 0.29 is 29 cents and not 28.999….
 */

/**
 * The documented upper bound of every amount a request may carry, in major units (issue 11, defect
 * 7): 10^9, so 10^11 minor units, far inside PostgreSQL's int8 and exact below 2^53. Beyond it the
 * answer is 400 naming the field.
 */
export const MAX_MAJOR_AMOUNT = 1_000_000_000;

export { formatMinorUnits, fromMinorUnits, hasAtMostDecimals, toMinorUnits } from './money-units';

/** The currencies Emerald keeps accounts in: the one `Currency` type of contracts, server and web. */
export const currencySchema = z.enum(['EUR', 'GBP']);
export type Currency = z.infer<typeof currencySchema>;
export const CURRENCIES: readonly Currency[] = currencySchema.options;
export const isCurrency = (value: unknown): value is Currency => currencySchema.safeParse(value).success;

export interface MoneySchemaOptions {
  /** The word the messages use: "amount" or "stake". */
  what?: string;
  /** A win of 0 closes a lost round; every other amount must be greater than 0. */
  allowZero?: boolean;
  /** 2, or 3 for crypto amounts where the spec says so. */
  decimals?: 2 | 3;
}

/**
 * The one money field of every request body (issue 11, defects 6 and 7; DEF-04): a JSON number in
 * major units, never a string (so "0x14", "2e1", " 20 " and "+20" are refused), greater than 0
 * (or 0 where a zero win is allowed), at most MAX_MAJOR_AMOUNT and at most 2 decimals (3 for
 * crypto). The bound and the step are in the schema, so the OpenAPI document shows them.
 */
export function moneySchema({ what = 'amount', allowZero = false, decimals = 2 }: MoneySchemaOptions = {}) {
  const article = /^[aeiou]/.test(what) ? 'an' : 'a';
  const base = z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? `Please enter ${article} ${what}` : `The ${what} must be a number`),
  });
  const floor = allowZero ? base.gte(0, { message: `The ${what} must not be negative` }) : base.gt(0, { message: `The ${what} must be greater than 0` });
  return floor
    .lte(MAX_MAJOR_AMOUNT, { message: `The ${what} must be at most ${MAX_MAJOR_AMOUNT}` })
    .refine((value) => value < 0 || hasAtMostDecimals(value, decimals), { message: `The ${what} can have at most ${decimals} decimals` })
    .meta({ description: `Major units, at most ${decimals} decimals, at most ${MAX_MAJOR_AMOUNT}`, multipleOf: 10 ** -decimals });
}

/** A positive amount with at most 2 decimals: every deposit, withdrawal, quote and seamless-wallet debit. */
export const moneyAmountSchema = moneySchema();

/**
 * A money amount in a query string (GET operations), where everything is text: plain decimal
 * digits with at most 2 decimals — no hex, exponent, spaces or sign — then the same bounds as
 * `moneyAmountSchema`.
 */
export function moneyQuerySchema(options: MoneySchemaOptions = {}) {
  const { what = 'amount', decimals = 2 } = options;
  return z
    .string({ error: `Please enter ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}` })
    .regex(new RegExp(`^\\d{1,10}(\\.\\d{1,${decimals}})?$`), { message: `The ${what} must be a number with at most ${decimals} decimals, digits only` })
    .transform(Number)
    .pipe(moneySchema(options));
}
