import { z } from 'zod/mini';

/**
 * GET /ps/getBalance and its alias GET /ps/getPlayerBalance (WALLET-13, WALLET-14, DIS-14): the
 * signed-in player's balances per currency, in major units with 2 decimals.
 * withdrawableBalance is the cash bucket; totalBalance = cash + bonus.
 */
export const currencyBalanceSchema = z.object({
  currency: z.string(),
  withdrawableBalance: z.number(),
  bonusBalance: z.number(),
  totalBalance: z.number(),
  loyaltyPoint: z.int(),
  /** The session's active currency (WALLET-15). */
  active: z.boolean(),
});
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;

export const getBalanceResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  currencyBalances: z.array(currencyBalanceSchema),
});
export type GetBalanceResponse = z.infer<typeof getBalanceResponseSchema>;
