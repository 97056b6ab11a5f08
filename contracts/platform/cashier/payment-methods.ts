import { z } from 'zod';

/** How a method's payment goes: the cashier's form, the provider's page and the payout follow from it. */
export type PaymentMethodKind = 'card' | 'e-wallet' | 'crypto' | 'bank-confirm' | 'widget';

/**
 * One payment method of spec 001 §9, whole: everything else — the contract's enum, the
 * PAYMENT_METHODS setting, the server's limits, the web app's predicates, the sandbox's pages and
 * the Adyen adapter's routing — derives from this list (issue 30, step 6). Adding an e-wallet is an
 * entry here, its sandbox behaviour if it differs, and its name in the strings.
 */
export interface PaymentMethodDescriptor {
  code: string;
  kind: PaymentMethodKind;
  /** The brand a provider's page shows. */
  name: string;
  /** Deposit limits in major units, the same in every currency the cashier holds (DEF-04). */
  deposit: readonly [min: number, max: number];
  /** Withdrawal limits; null when players cannot withdraw with the method. */
  withdrawal: readonly [min: number, max: number] | null;
  /** A method players cannot withdraw with that still pays money back where it came from (crypto, issue 26 item 4). */
  payback?: readonly [min: number, max: number];
  /**
   * The method on Adyen (issue 31), when Adyen can serve it: the Checkout payment method type, and
   * the Payout API's brand and token data (which field of the player's wallet it names).
   */
  adyen?: { type: string; brand: string; tokenDataType: string; payee: 'email' | 'account' };
}

/**
 * In the order the cashier offers them. WPCGHOSTED_CARD is the hosted card page with stored cards;
 * MONEYBOOKERS (Skrill) and NETELLER are e-wallets paying from an e-mail account (NS-19); NB_NEKBIT
 * is crypto (quote, address, 3 decimals); OMEGA_BANK is a bank transfer with a confirm step;
 * PAYMENTIQ_ALL is an embedded cashier widget.
 */
export const paymentMethodDescriptors = [
  { code: 'WPCGHOSTED_CARD', kind: 'card', name: 'Card', deposit: [10, 5_000], withdrawal: [10, 5_000] },
  {
    code: 'MONEYBOOKERS',
    kind: 'e-wallet',
    name: 'Skrill',
    deposit: [10, 3_000],
    withdrawal: [10, 3_000],
    adyen: { type: 'skrill', brand: 'moneybookers', tokenDataType: 'MoneyBookers', payee: 'email' },
  },
  {
    code: 'NETELLER',
    kind: 'e-wallet',
    name: 'NETELLER',
    deposit: [10, 3_000],
    withdrawal: [10, 3_000],
    adyen: { type: 'neteller', brand: 'neteller', tokenDataType: 'Neteller', payee: 'account' },
  },
  { code: 'NB_NEKBIT', kind: 'crypto', name: 'Nekbit', deposit: [20, 10_000], withdrawal: null, payback: [20, 10_000] },
  { code: 'OMEGA_BANK', kind: 'bank-confirm', name: 'Omega Bank', deposit: [20, 20_000], withdrawal: [50, 20_000] },
  { code: 'PAYMENTIQ_ALL', kind: 'widget', name: 'PaymentIQ', deposit: [10, 2_000], withdrawal: [20, 2_000] },
] as const satisfies readonly PaymentMethodDescriptor[];

export type PaymentMethodCode = (typeof paymentMethodDescriptors)[number]['code'];
export const paymentMethodCodes = paymentMethodDescriptors.map((method) => method.code) as [PaymentMethodCode, ...PaymentMethodCode[]];
export const paymentMethodCodeSchema = z.enum(paymentMethodCodes);

const byCode = new Map<string, PaymentMethodDescriptor>(paymentMethodDescriptors.map((method) => [method.code, method]));
export const paymentMethodDescriptor = (code: string): PaymentMethodDescriptor | undefined => byCode.get(code);
const kindOf = (code: string) => byCode.get(code)?.kind;

/** Card codes beyond the descriptor's (WPCGHOSTED_<brand>) are the hosted card page too. */
export const isCardMethod = (code: string) => kindOf(code) === 'card' || code.startsWith('WPCGHOSTED_');
export const isEmailWalletMethod = (code: string) => kindOf(code) === 'e-wallet';
export const isCryptoMethod = (code: string) => kindOf(code) === 'crypto';
export const isCashierWidgetMethod = (code: string) => kindOf(code) === 'widget';
export const isBankConfirmMethod = (code: string) => kindOf(code) === 'bank-confirm';

/** GET /ps/getDepositMethods (DEP-05): what the signed-in player may deposit with, limits in major units. */
export const depositMethodSchema = z.object({ code: paymentMethodCodeSchema, minimumDeposit: z.number(), maximumDeposit: z.number() });
export type DepositMethod = z.infer<typeof depositMethodSchema>;
export const getDepositMethodsResponseSchema = z.object({ status: z.literal('SUCCESS'), currency: z.string(), depositMethods: z.array(depositMethodSchema) });

/** GET /ps/getWithdrawalMethods (WDR-02). */
export const withdrawalMethodSchema = z.object({ code: paymentMethodCodeSchema, minimumWithdrawal: z.number(), maximumWithdrawal: z.number() });
export type WithdrawalMethod = z.infer<typeof withdrawalMethodSchema>;
export const getWithdrawalMethodsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  currency: z.string(),
  withdrawalMethods: z.array(withdrawalMethodSchema),
});

/** GET /ps/getDepositLimits and /ps/getWithdrawalLimits (DEP-10, WDR-05) for one method. */
export const methodLimitsQuerySchema = z.object({ paymentMethodCode: paymentMethodCodeSchema });
export const getDepositLimitsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  paymentMethodCode: paymentMethodCodeSchema,
  currency: z.string(),
  minimumDeposit: z.number(),
  /** The method's maximum, lowered to what the player's personal deposit limits still allow. */
  maximumDeposit: z.number(),
});
export const getWithdrawalLimitsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  paymentMethodCode: paymentMethodCodeSchema,
  currency: z.string(),
  minimumWithdrawal: z.number(),
  /** The lower of the method's maximum and the withdrawable balance (DEF-03, DEF-04). */
  maximumWithdrawal: z.number(),
});

/**
 * GET /ps/getDisplayDepositLimits (DEP-03): the player's personal deposit limits, and whether the
 * deposit-limit screen is still to be shown (DEP-02). POST /ps/confirmDisplayDepositLimits
 * remembers that the player has seen it (DEP-04).
 */
export const depositLimitsSchema = z.object({ dailyLimit: z.number().nullable(), weeklyLimit: z.number().nullable(), monthlyLimit: z.number().nullable() });
export const getDisplayDepositLimitsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  displayDepositLimits: z.boolean(),
  currency: z.string(),
  depositLimits: depositLimitsSchema,
});
export const confirmDisplayDepositLimitsResponseSchema = z.object({ status: z.literal('SUCCESS') });
