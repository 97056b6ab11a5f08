import type { Currency } from '../../../contracts/money';
import { currencySchema } from '../../../contracts/money';
import { paymentMethodDescriptors, type PaymentMethodCode, type PaymentMethodDescriptor } from '../../../contracts/platform/cashier/payment-methods';
import type { Config } from '../../config/env';
import type { AmountRange, PaymentMethodDefinition, PaymentMethodRegistry } from '../../providers/payment-methods';

export type { AmountRange, PaymentMethod, PaymentMethodDefinition, PaymentMethodKind, PaymentMethodRegistry } from '../../providers/payment-methods';

const major = (amount: number) => BigInt(amount) * 100n;
const range = (min: number, max: number): Record<Currency, AmountRange> => ({
  EUR: { min: major(min), max: major(max) },
  GBP: { min: major(min), max: major(max) },
});

/** Every method Emerald knows, in the order the cashier offers them: the contract's descriptors in minor units. */
export const paymentMethodDefinitions: readonly PaymentMethodDefinition[] = paymentMethodDescriptors.map(
  (method: PaymentMethodDescriptor & { code: PaymentMethodCode }) => ({
    code: method.code,
    kind: method.kind,
    deposit: range(...method.deposit),
    withdrawal: method.withdrawal ? range(...method.withdrawal) : null,
    ...(method.payback ? { payback: range(...method.payback) } : {}),
  }),
);

/**
 * The methods PAYMENT_METHODS enables, each with the provider its new payments start with:
 * PAYMENT_ROUTING's for the method, else PAYMENT_PROVIDER (issue 31).
 */
export function createPaymentMethodRegistry(
  config: Pick<Config, 'PAYMENT_METHODS' | 'PAYMENT_PROVIDER'> & Partial<Pick<Config, 'PAYMENT_ROUTING'>>,
): PaymentMethodRegistry {
  const wanted = new Set<string>(config.PAYMENT_METHODS);
  const routing: Partial<Record<string, string>> = config.PAYMENT_ROUTING ?? {};
  const enabled = paymentMethodDefinitions
    .filter((method) => wanted.has(method.code))
    .map((method) => ({ ...method, provider: routing[method.code] ?? config.PAYMENT_PROVIDER }));
  const byCode = new Map(enabled.map((method) => [method.code as string, method]));
  return { enabled, find: (code) => byCode.get(code) };
}

/** The currencies the cashier holds limits for; others offer no methods. */
export const isCashierCurrency = (currency: string): currency is Currency => currencySchema.safeParse(currency).success;
