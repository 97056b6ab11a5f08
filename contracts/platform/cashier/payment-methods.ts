import { z } from 'zod';

/**
 * Payment method codes of spec 001 §9. WPCGHOSTED_* are card methods (hosted card page, stored
 * cards); MONEYBOOKERS and NETELLER are e-wallets paying from an e-mail account (NS-19);
 * NB_NEKBIT is crypto (quote, address, 3 decimals); OMEGA_BANK is a bank transfer with a confirm
 * step; PAYMENTIQ_ALL is an embedded cashier widget.
 */
export const paymentMethodCodeSchema = z.enum(['WPCGHOSTED_CARD', 'MONEYBOOKERS', 'NETELLER', 'NB_NEKBIT', 'OMEGA_BANK', 'PAYMENTIQ_ALL']);
export type PaymentMethodCode = z.infer<typeof paymentMethodCodeSchema>;

export const isCardMethod = (code: string) => code.startsWith('WPCGHOSTED_');
export const isEmailWalletMethod = (code: string) => code === 'MONEYBOOKERS' || code === 'NETELLER';
export const isCryptoMethod = (code: string) => code === 'NB_NEKBIT';
export const isCashierWidgetMethod = (code: string) => code === 'PAYMENTIQ_ALL';
export const isBankConfirmMethod = (code: string) => code === 'OMEGA_BANK';

/** GET /ps/getDepositMethods (DEP-05): what the signed-in player may deposit with, limits in major units. */
export const depositMethodSchema = z.object({ code: paymentMethodCodeSchema, minimumDeposit: z.number(), maximumDeposit: z.number() });
export type DepositMethod = z.infer<typeof depositMethodSchema>;
export const getDepositMethodsResponseSchema = z.object({ status: z.literal('SUCCESS'), currency: z.string(), depositMethods: z.array(depositMethodSchema) });

/** GET /ps/getWithdrawalMethods (WDR-02). */
export const withdrawalMethodSchema = z.object({ code: paymentMethodCodeSchema, minimumWithdrawal: z.number(), maximumWithdrawal: z.number() });
export type WithdrawalMethod = z.infer<typeof withdrawalMethodSchema>;
export const getWithdrawalMethodsResponseSchema = z.object({ status: z.literal('SUCCESS'), currency: z.string(), withdrawalMethods: z.array(withdrawalMethodSchema) });

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
