import type { Currency } from '../../../contracts/money';
import { currencySchema } from '../../../contracts/money';
import type { PaymentMethodCode } from '../../../contracts/platform/cashier/payment-methods';
import type { Config } from '../../config/env';

/**
 * The cashier's payment methods (spec 001 §9): which provider handles each enabled code, what
 * kind of flow it has, and its limits per currency in minor units. The platform is the authority
 * on limits (DEF-04); content carries only the method's logo, quick amounts and texts.
 */
export type PaymentMethodKind = 'card' | 'e-wallet' | 'crypto' | 'bank-confirm' | 'widget';

export interface AmountRange {
  /** Minor units, inclusive. */
  min: bigint;
  max: bigint;
}

export interface PaymentMethodDefinition {
  code: PaymentMethodCode;
  kind: PaymentMethodKind;
  /** Deposit limits per currency. */
  deposit: Record<Currency, AmountRange>;
  /** Withdrawal limits per currency; null when the method cannot pay out (crypto). */
  withdrawal: Record<Currency, AmountRange> | null;
}

export interface PaymentMethod extends PaymentMethodDefinition {
  /** The provider adapter that handles it (its `id`). */
  provider: string;
}

const major = (amount: number) => BigInt(amount) * 100n;
const range = (min: number, max: number): Record<Currency, AmountRange> => ({
  EUR: { min: major(min), max: major(max) },
  GBP: { min: major(min), max: major(max) },
});

/** Every method Emerald knows, in the order the cashier offers them. */
export const paymentMethodDefinitions: readonly PaymentMethodDefinition[] = [
  { code: 'WPCGHOSTED_CARD', kind: 'card', deposit: range(10, 5_000), withdrawal: range(10, 5_000) },
  { code: 'MONEYBOOKERS', kind: 'e-wallet', deposit: range(10, 3_000), withdrawal: range(10, 3_000) },
  { code: 'NETELLER', kind: 'e-wallet', deposit: range(10, 3_000), withdrawal: range(10, 3_000) },
  { code: 'NB_NEKBIT', kind: 'crypto', deposit: range(20, 10_000), withdrawal: null },
  { code: 'OMEGA_BANK', kind: 'bank-confirm', deposit: range(20, 20_000), withdrawal: range(50, 20_000) },
  { code: 'PAYMENTIQ_ALL', kind: 'widget', deposit: range(10, 2_000), withdrawal: range(20, 2_000) },
];

export interface PaymentMethodRegistry {
  /** The enabled methods, in offering order. */
  readonly enabled: readonly PaymentMethod[];
  /** An enabled method by code, or undefined. */
  find(code: string): PaymentMethod | undefined;
}

/** The methods PAYMENT_METHODS enables, each handled by PAYMENT_PROVIDER. */
export function createPaymentMethodRegistry(config: Pick<Config, 'PAYMENT_METHODS' | 'PAYMENT_PROVIDER'>): PaymentMethodRegistry {
  const wanted = new Set<string>(config.PAYMENT_METHODS);
  const enabled = paymentMethodDefinitions.filter((method) => wanted.has(method.code)).map((method) => ({ ...method, provider: config.PAYMENT_PROVIDER }));
  const byCode = new Map(enabled.map((method) => [method.code as string, method]));
  return { enabled, find: (code) => byCode.get(code) };
}

/** The currencies the cashier holds limits for; others offer no methods. */
export const isCashierCurrency = (currency: string): currency is Currency => currencySchema.safeParse(currency).success;
