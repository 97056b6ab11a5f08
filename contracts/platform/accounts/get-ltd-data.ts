import { z } from 'zod';

/** The bonus side of the lifetime figures (ACC-32), in major units. */
export const ltdBonusSchema = z.object({
  gameBetAmount: z.number(),
  gameWinAmount: z.number(),
  bonusGrantAmount: z.number(),
  bonusReleaseAmount: z.number(),
  bonusWithdrawnAmount: z.number(),
});
export type LtdBonus = z.infer<typeof ltdBonusSchema>;

/**
 * GET /ps/getLtdData (ACC-29…33): the player's lifetime figures in the session's currency, summed
 * from the ledger, in major units. netDeposit = totalWithdrawal − totalDeposit (DIS-13) and
 * netGame = gameWinAmountReal − gameBetAmountReal. Released bonus: what released bonuses granted
 * and what became cash (its stakes, wins and withdrawals are not told apart in the ledger: zero).
 */
export const getLtdDataResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  currency: z.string(),
  totalDeposit: z.number(),
  totalWithdrawal: z.number(),
  netDeposit: z.number(),
  gameBetAmountReal: z.number(),
  gameWinAmountReal: z.number(),
  netGame: z.number(),
  releasedBonus: ltdBonusSchema,
  playableBonus: ltdBonusSchema,
});
export type LtdData = z.infer<typeof getLtdDataResponseSchema>;
