import { z } from 'zod';
import { fieldErrorSchema } from '../../errors';
import { moneyAmountSchema, moneyQuerySchema } from '../../money';
import { paymentMethodCodeSchema } from './payment-methods';

/** Bonus plan ids are PostgreSQL integers; a larger one names no plan and is refused as input. */
const MAX_ID = 2_147_483_647;

/** A client-chosen id per submit, so a retried or double-clicked request is applied once. */
export const requestIdSchema = z.uuid({ message: 'requestId must be a UUID' });

/**
 * POST /ps/processDeposit (DEP-25, DEP-26). Method-specific fields: storedCardId (card methods),
 * payFromEmail (MONEYBOOKERS, NETELLER), quoteId + paymentId (NB_NEKBIT after prepareDeposit),
 * accountId + secureId (OMEGA_BANK confirm step).
 */
export const processDepositRequestSchema = z.object({
  requestId: requestIdSchema,
  paymentMethod: paymentMethodCodeSchema,
  amount: moneyAmountSchema,
  requestedBonusPlanId: z.number().int().positive().max(MAX_ID).nullish(),
  voucherCode: z.string().trim().max(64).nullish(),
  storedCardId: z.string().trim().min(1).max(200).nullish(),
  payFromEmail: z.email({ message: 'Please enter a valid e-mail address' }).max(254).nullish(),
  quoteId: z.string().trim().min(1).max(100).nullish(),
  paymentId: z.string().trim().min(1).max(100).nullish(),
  accountId: z.string().trim().min(1).max(64).nullish(),
  secureId: z.string().trim().min(1).max(64).nullish(),
});
export type ProcessDepositRequest = z.infer<typeof processDepositRequestSchema>;

/**
 * What a deposit comes to (spec 001 §4): SUCCESS (credited), CONTINUE_TO_PAYMENT_SITE (show
 * continueUrl in a frame), AWAITING_PAYMENT (crypto: pay to the address in depositData; credited
 * when the provider confirms), PENDING (accepted by the provider, credit to follow by webhook).
 * Refusals (LOW_LIMIT, HIGH_LIMIT, KYCFAILED, PAYMENT_DECLINED, …) are error answers with the
 * same fields.
 */
export const depositStatusSchema = z.enum(['SUCCESS', 'CONTINUE_TO_PAYMENT_SITE', 'AWAITING_PAYMENT', 'PENDING']);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const cryptoDepositDataSchema = z.object({
  /** Where to send the coins. */
  address: z.string(),
  /** The crypto amount to send, 3 decimals (DEP-45). */
  amount: z.number(),
  /** The crypto currency, e.g. BTC. */
  currency: z.string(),
  /** Fiat per one crypto unit. */
  rate: z.number(),
  /** A payment URI to encode in the QR code. */
  paymentUri: z.string(),
});
export type CryptoDepositData = z.infer<typeof cryptoDepositDataSchema>;

export const processDepositResponseSchema = z.object({
  status: depositStatusSchema,
  /** Our payment id; GET /ps/getPaymentStatus?paymentId= follows it. */
  paymentId: z.string(),
  /** The deposit amount in major units of the player's currency. */
  amount: z.number(),
  currency: z.string(),
  continueUrl: z.string().nullable(),
  data: cryptoDepositDataSchema.nullable(),
  /** The bonus plan applied with this deposit, when there was one (DEP-28). */
  bonusPlanName: z.string().nullable(),
  message: z.string().nullable(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ProcessDepositResponse = z.infer<typeof processDepositResponseSchema>;

/** POST /ps/prepareDeposit (DEP-41, DEP-42): a crypto quote before the deposit. */
export const prepareDepositRequestSchema = z.object({
  paymentMethod: paymentMethodCodeSchema,
  action: z.literal('GET_QUOTE'),
  amount: moneyAmountSchema,
});
export const cryptoQuoteSchema = z.object({
  id: z.string(),
  /** Fiat per one crypto unit. */
  rate: z.number(),
  /** The crypto currency. */
  currency: z.string(),
  /** The crypto amount for the requested fiat amount, 3 decimals. */
  amount: z.number(),
  expiresAt: z.string(),
});
export type CryptoQuote = z.infer<typeof cryptoQuoteSchema>;
export const prepareDepositResponseSchema = z.object({ status: z.literal('SUCCESS'), paymentId: z.string(), quotes: z.array(cryptoQuoteSchema) });

/** GET /ps/getPaymentStatus?paymentId= — a deposit or withdrawal the player started. */
export const paymentStatusSchema = z.enum(['CREATED', 'PENDING', 'AWAITING_PAYMENT', 'SUCCESS', 'DECLINED', 'FAILED', 'CANCELLED']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const getPaymentStatusQuerySchema = z.object({ paymentId: z.uuid({ message: 'paymentId must be a payment id' }) });
export const getPaymentStatusResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  paymentId: z.string(),
  type: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodCodeSchema,
  amount: z.number(),
  currency: z.string(),
  bonusPlanName: z.string().nullable(),
  message: z.string().nullable(),
  /**
   * Why a deposit ended DECLINED or FAILED, as a code the portal can put in the player's language
   * (CREDIT_FUNDING_NOT_ALLOWED: paid by credit where the player's rules forbid it; DECLINED,
   * INSUFFICIENT_FUNDS, …); null otherwise.
   */
  failureCode: z.string().nullable().default(null),
});

/** GET /ps/getDepositEligibleBonusPlans (DEP-15, DEP-16). */
export const eligibleBonusPlansQuerySchema = z.object({ paymentMethod: paymentMethodCodeSchema, depositAmount: moneyQuerySchema() });
export const depositBonusPlanSchema = z.object({ bonusPlanId: z.number().int(), bonusPlanName: z.string(), imageUrl: z.string().nullable() });
export const eligibleBonusPlansResponseSchema = z.object({ status: z.literal('SUCCESS'), bonusPlans: z.array(depositBonusPlanSchema) });

/** GET /ps/validateDepositBonusVoucher (DEP-19, DIS-05: amount|depositAmount, code|voucherCode). */
export const validateVoucherQuerySchema = z
  .object({
    paymentMethod: paymentMethodCodeSchema,
    depositAmount: moneyQuerySchema().optional(),
    amount: moneyQuerySchema().optional(),
    voucherCode: z.string().trim().min(1).max(64).optional(),
    code: z.string().trim().min(1).max(64).optional(),
  })
  .refine((query) => query.depositAmount !== undefined || query.amount !== undefined, { message: 'Please enter an amount', path: ['depositAmount'] })
  .refine((query) => query.voucherCode !== undefined || query.code !== undefined, { message: 'Please enter a bonus code', path: ['voucherCode'] });
export const validateVoucherResponseSchema = z.object({ status: z.literal('SUCCESS'), bonusPlanId: z.number().int().nullable() });

/** GET /ps/getBonusPlan?id= (DEP-24). */
export const getBonusPlanQuerySchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const getBonusPlanResponseSchema = z.object({ status: z.literal('SUCCESS'), bonusPlans: z.array(depositBonusPlanSchema) });
