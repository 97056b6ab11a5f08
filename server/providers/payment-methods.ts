import type { Currency } from '../../contracts/money';
import type { PaymentMethodCode, PaymentMethodKind } from '../../contracts/platform/cashier/payment-methods';

export type { PaymentMethodKind };

/**
 * The cashier's payment methods (spec 001 §9): which provider handles each enabled code, what
 * kind of flow it has, and its limits per currency in minor units. The platform is the authority
 * on limits (DEF-04); content carries only the method's logo, quick amounts and texts.
 */

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
  /** Withdrawal limits per currency; null when players cannot withdraw with the method (crypto). */
  withdrawal: Record<Currency, AmountRange> | null;
  /**
   * A method players cannot withdraw with that still pays money back where it came from: the
   * range of such a payback (crypto: to the address a deposit's coins came from, when a
   * self-exclusion returns the cash, issue 26 item 4).
   */
  payback?: Record<Currency, AmountRange>;
}

export interface PaymentMethod extends PaymentMethodDefinition {
  /** The provider adapter that handles it (its `id`). */
  provider: string;
}

export interface PaymentMethodRegistry {
  /** The enabled methods, in offering order. */
  readonly enabled: readonly PaymentMethod[];
  /** An enabled method by code, or undefined. */
  find(code: string): PaymentMethod | undefined;
}
