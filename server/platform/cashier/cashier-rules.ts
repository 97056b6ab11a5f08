import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FieldError } from '../../../contracts/errors';
import { toMinorUnits } from '../../../contracts/money';
import { payment } from '../../db/schema';
import type { DepositUsageSource } from '../limits';
import { AppError } from '../../http/app-error';
import { isCashierCurrency, type AmountRange, type PaymentMethod, type PaymentMethodRegistry } from './payment-methods';
import { formatMinorMoney } from '../../../contracts/format';

/**
 * The cashier's server-side rules (DEF-04): which method may be used for what, amounts within
 * the method's range, personal deposit limits, and the fields each method needs.
 */
export type Direction = 'deposit' | 'withdrawal';

const notAvailable = (field: string, error: string) => new AppError('PAYMENT_METHOD_NOT_AVAILABLE', undefined, [{ field, error }]);

/** An enabled method that may be used in this direction, or PAYMENT_METHOD_NOT_AVAILABLE naming `field`. */
export function requireMethod(registry: PaymentMethodRegistry, code: string, direction: Direction, field = 'paymentMethod'): PaymentMethod {
  const method = registry.find(code);
  if (!method) throw notAvailable(field, `${code} is not offered`);
  if (direction === 'withdrawal' && !method.withdrawal) throw notAvailable(field, `${code} cannot be used for withdrawals`);
  return method;
}

/** The method's range in the player's currency; none for a currency the cashier does not hold. */
export function methodRange(method: PaymentMethod, currency: string, direction: Direction): AmountRange | undefined {
  if (!isCashierCurrency(currency)) return undefined;
  return direction === 'deposit' ? method.deposit[currency] : method.withdrawal?.[currency];
}

/**
 * The range of a payback to where the player's money came from (a self-exclusion's cash): the
 * method's withdrawal range, or its payback-only range (crypto).
 */
export function paybackRange(method: PaymentMethod, currency: string): AmountRange | undefined {
  if (!isCashierCurrency(currency)) return undefined;
  return method.withdrawal?.[currency] ?? method.payback?.[currency];
}

export function requireRange(method: PaymentMethod, currency: string, direction: Direction, field = 'paymentMethod'): AmountRange {
  const range = methodRange(method, currency, direction);
  if (!range) throw notAvailable(field, `${method.code} is not offered in ${currency}`);
  return range;
}

/** The wire amount (already checked: > 0, ≤ 2 decimals) in minor units. */
export const minorAmount = (amount: number) => toMinorUnits(amount, 2);

/** Money in the cashier's refusals (English field messages), as the contracts write it. */
export const money = (minor: bigint, currency: string) => formatMinorMoney(minor, currency, 'en');

/** LOW_LIMIT / HIGH_LIMIT naming the amount when it is outside the method's range (DEP-14, WDR-08). */
export function checkMethodRange(amount: bigint, range: AmountRange, currency: string, direction: Direction): void {
  const noun = direction === 'deposit' ? 'deposit' : 'withdrawal';
  if (amount < range.min) {
    const error = `The minimum ${noun} with this method is ${money(range.min, currency)}`;
    throw new AppError('LOW_LIMIT', direction === 'deposit' ? undefined : error, [{ field: 'amount', error }]);
  }
  if (amount > range.max) {
    const error = `The maximum ${noun} with this method is ${money(range.max, currency)}`;
    throw new AppError('HIGH_LIMIT', direction === 'deposit' ? undefined : error, [{ field: 'amount', error }]);
  }
}

/**
 * Fields that belong to other methods are refused, and the method's own are required:
 * storedCardId only for card methods (WDR-11), payFromEmail for the e-wallets (WDR-12, NS-19),
 * quoteId + paymentId for crypto, accountId + secureId for the bank's confirm step.
 */
export function checkMethodFields(method: PaymentMethod, direction: Direction, body: Record<string, unknown>): void {
  const errors: FieldError[] = [];
  const given = (field: string) => body[field] !== undefined && body[field] !== null && body[field] !== '';
  const own: Record<string, string[]> = {
    card: direction === 'deposit' ? [] : ['storedCardId'],
    'e-wallet': ['payFromEmail'],
    crypto: ['quoteId', 'paymentId'],
    'bank-confirm': direction === 'deposit' ? ['accountId', 'secureId'] : [],
    widget: [],
  };
  const optional: Record<string, string[]> = { card: ['storedCardId'] };
  const allowed = new Set([...(own[method.kind] ?? []), ...(optional[method.kind] ?? [])]);
  for (const field of ['storedCardId', 'payFromEmail', 'quoteId', 'paymentId', 'accountId', 'secureId']) {
    if (given(field) && !allowed.has(field)) errors.push({ field, error: `${field} is not used with ${method.code}` });
  }
  for (const field of own[method.kind] ?? []) {
    if (!given(field)) errors.push({ field, error: `${field} is required for ${method.code}` });
  }
  if (method.kind === 'bank-confirm' && direction === 'deposit') {
    const accountId = typeof body.accountId === 'string' ? body.accountId.replace(/\s+/g, '').toUpperCase() : '';
    if (given('accountId') && !/^([A-Z]{2}\d{2}[A-Z0-9]{10,30}|\d{6,18})$/.test(accountId)) {
      errors.push({ field: 'accountId', error: 'Enter an IBAN or an account number of 6 to 18 digits' });
    }
    if (given('secureId') && !/^\d{6}$/.test(String(body.secureId))) errors.push({ field: 'secureId', error: 'The secure code has 6 digits' });
  }
  if (errors.length > 0) throw new AppError('VALIDATION_ERROR', errors.map((entry) => `${entry.field}: ${entry.error}`).join('; '), errors);
}

// ── personal deposit limits: the responsible-gaming module keeps them; the cashier counts deposits ──

/** Deposits that count against a limit: those credited and those still on their way. */
export const COUNTED_DEPOSIT_STATUSES = ['PENDING', 'AWAITING_PAYMENT', 'SUCCESS'];

/**
 * The player's counted deposits in `currency` since `since` (gross: RG-16), and the oldest of them
 * (the window frees up as it leaves): the usage source the responsible-gaming module's deposit
 * limits are measured with.
 */
export const depositedSince: DepositUsageSource = async (db, playerId, currency, since) => {
  const [sum] = await db
    .select({ used: sql<string>`coalesce(sum(${payment.amount}), 0)::text`, oldest: sql<Date | string | null>`min(${payment.createdAt})` })
    .from(payment)
    .where(
      and(
        eq(payment.playerId, playerId),
        eq(payment.currency, currency),
        eq(payment.type, 'DEPOSIT'),
        inArray(payment.status, COUNTED_DEPOSIT_STATUSES),
        gt(payment.createdAt, since),
      ),
    );
  return { total: BigInt(sum?.used ?? '0'), oldest: sum?.oldest ? new Date(sum.oldest) : null };
};
