import { z } from 'zod';
import { BINGO_GAME_KINDS, CASINO_GAME_KINDS, LIVE_GAME_KINDS, type CasinoGameKind } from '../../games/kinds';

/**
 * The bonuses area's operations (spec 001 §7 "Bonuses", BON-02…13, DIS-14). Money on the wire is
 * a decimal number in major units, as everywhere.
 */

const isoDate = z.iso.date({ message: 'Use the format YYYY-MM-DD' });

export const BONUS_STATUSES = ['ACTIVE', 'QUEUED', 'PENDING', 'RELEASED', 'CANCELLED', 'EXPIRED', 'FORFEITED'] as const;
export const bonusStatusSchema = z.enum(BONUS_STATUSES);

/**
 * The casino game kinds (contracts/games/kinds.ts). A bonus never mixes products (issue 14 "Fair by
 * rule", SR 5.1.1(3b)): a plan's contributions name kinds of its own product only, so a casino bonus
 * is never wagered on bingo or another product.
 */
export { CASINO_GAME_KINDS, type CasinoGameKind };

/**
 * The products a bonus plan may name (SR 5.1.1(3b), in force since 19 January 2026: one product
 * per incentive). A plan's stakes and wagering apply to its one product; `ANY` is money that may be
 * spent freely across products, which a bonus is only when nothing has to be wagered to release it
 * (wagering multiplier 0): such money is the player's to spend anywhere, like cash, so it cannot tie
 * play on one product to another.
 */
export const GAME_PRODUCTS = ['CASINO', 'BINGO', 'LIVE'] as const;
export type GameProduct = (typeof GAME_PRODUCTS)[number];
export const BONUS_PRODUCTS = [...GAME_PRODUCTS, 'ANY'] as const;
export type BonusProduct = (typeof BONUS_PRODUCTS)[number];
/**
 * The refusal of an unknown bonus code as the server writes it in English and in Macedonian (issue
 * 27 item 1): the portal words this one itself, with the code (BON-15). The refusal catalogue's
 * test holds the two together.
 */
export const UNKNOWN_BONUS_CODE_TEXTS: readonly string[] = ['Could not find a bonus for the code provided', 'Не најдовме бонус за внесениот код'];

export const bonusProductSchema = z.enum(BONUS_PRODUCTS, { message: 'Choose the product: CASINO, BINGO, LIVE or ANY' });

/** The game kinds of each product, as the game server names them (server/games/kinds). */
export const PRODUCT_GAME_KINDS: Record<GameProduct, readonly string[]> = {
  CASINO: CASINO_GAME_KINDS,
  BINGO: BINGO_GAME_KINDS,
  LIVE: LIVE_GAME_KINDS,
};

/** The product of a game kind; undefined for a kind no product names (or none declared). */
export function productOfKind(kind: string | undefined): GameProduct | undefined {
  if (kind === undefined) return undefined;
  return GAME_PRODUCTS.find((product) => PRODUCT_GAME_KINDS[product].includes(kind));
}

/** Bonus ids are PostgreSQL bigints; a larger number names no bonus and is refused as input. */
const bonusIdSchema = z.coerce
  .number({ message: 'Enter a bonus id' })
  .int({ message: 'A bonus id is a whole number' })
  .positive({ message: 'A bonus id is a positive number' })
  .max(Number.MAX_SAFE_INTEGER, { message: 'No bonus with this id' });

/** GET /ps/getBonuses and /ps/getPlayerBonuses (BON-02): created from startDate to the end of endDate (end date + 1 day, UTC). */
export const getBonusesQuerySchema = z
  .object({ startDate: isoDate, endDate: isoDate })
  .refine((query) => query.startDate <= query.endDate, { message: 'startDate must not be after endDate', path: ['startDate'] })
  .refine((query) => Date.parse(query.endDate) - Date.parse(query.startDate) <= 366 * 86_400_000, {
    message: 'The range can be at most one year',
    path: ['endDate'],
  });

/** A player bonus (BON-03), with the wagering figures players ask for (issue 14 "beyond the anchors"). */
export const playerBonusSchema = z.object({
  id: z.number().int(),
  bonusPlanId: z.number().int(),
  bonusPlanName: z.string(),
  status: bonusStatusSchema,
  currency: z.string(),
  /** ISO timestamps: when the bonus was granted (or asked for) and when it expires; null while not active. */
  triggerDate: z.string(),
  expiryDate: z.string().nullable(),
  amount: z.number(),
  wagerRequirement: z.number(),
  amountWagered: z.number(),
  /** What became cash at release, and what was forfeited at the end, major units. */
  released: z.number(),
  forfeited: z.number(),
  /** The plan's content post (title, image, terms), when it has one. */
  contentSlug: z.string().nullable(),
  /** The one product the bonus's money is staked and wagered on (SR 5.1.1(3b)); ANY: spent freely. */
  product: bonusProductSchema,
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;

export const getBonusesResponseSchema = z.object({ status: z.literal('SUCCESS'), bonuses: z.array(playerBonusSchema) });

/** POST /ps/cancelBonus (BON-11). */
export const cancelBonusBodySchema = z.object({ bonusId: bonusIdSchema });
export const cancelBonusResponseSchema = z.object({ status: z.literal('SUCCESS'), bonus: playerBonusSchema });

/** POST /ps/redeemBonus (BON-13): the code, `code` or `bonusCode`. */
export const redeemBonusBodySchema = z
  .object({
    code: z.string().trim().min(1, { message: 'Please enter a bonus code' }).max(64, { message: 'A bonus code is at most 64 characters' }).optional(),
    bonusCode: z.string().trim().min(1, { message: 'Please enter a bonus code' }).max(64, { message: 'A bonus code is at most 64 characters' }).optional(),
  })
  .refine((body) => body.code !== undefined || body.bonusCode !== undefined, { message: 'Please enter a bonus code', path: ['code'] });
export const redeemBonusResponseSchema = z.object({ status: z.literal('SUCCESS'), bonus: playerBonusSchema });

/** GET /ps/bonus/cancelPreview?bonusId= : what cancelling the bonus would keep and forfeit, from the ledger. */
export const cancelPreviewQuerySchema = z.object({ bonusId: bonusIdSchema });
export const cancelPreviewResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  bonusId: z.number().int(),
  bonusPlanName: z.string(),
  bonusStatus: bonusStatusSchema,
  currency: z.string(),
  /** The player's cash, all of it kept (major units). */
  keepCash: z.number(),
  /** Bonus money given up: an active bonus's remaining BONUS balance; a queued bonus's amount, never paid (major units). */
  forfeitBonus: z.number(),
});
export type CancelPreview = z.infer<typeof cancelPreviewResponseSchema>;

/** The active bonus's wagering progress (issue 14 "live wagering progress"), major units. */
export const bonusProgressSchema = z.object({
  bonusId: z.number().int(),
  bonusPlanName: z.string(),
  currency: z.string(),
  amount: z.number(),
  wagerRequirement: z.number(),
  amountWagered: z.number(),
  /** What still has to be wagered. */
  remaining: z.number(),
  /** What becomes cash when the requirement is reached: the BONUS balance now — the bonus money left and what bonus stakes have won (issue 26). */
  releases: z.number(),
  /** The largest stake allowed while the bonus is active; null: no cap. */
  maxStake: z.number().nullable(),
  expiryDate: z.string().nullable(),
});
export type BonusProgress = z.infer<typeof bonusProgressSchema>;
/** GET /ps/bonus/progress (portal session) and GET /gs/bonus-progress (game session, real play): null without an active bonus. */
export const bonusProgressResponseSchema = z.object({ status: z.literal('SUCCESS'), progress: bonusProgressSchema.nullable() });
export type BonusProgressAnswer = z.infer<typeof bonusProgressResponseSchema>;

/** GET /ps/bonus/planTerms?bonusPlanId=&code= : a plan's full terms as they apply to the player, shown before opting in. */
export const planTermsQuerySchema = z.object({
  bonusPlanId: z.coerce
    .number({ message: 'Enter a bonus plan id' })
    .int({ message: 'A bonus plan id is a whole number' })
    .positive({ message: 'A bonus plan id is a positive number' })
    .max(2_147_483_647, { message: 'No bonus plan with this id' }),
  /** A plan taken by a code shows its terms only with its code (or to a player who has it), so ids do not reveal codes. */
  code: z.string().trim().max(64, { message: 'A bonus code is at most 64 characters' }).optional(),
});
export const planTermsSchema = z.object({
  bonusPlanId: z.number().int(),
  bonusPlanName: z.string(),
  kind: z.enum(['DEPOSIT_MATCH', 'CODE', 'FREE_SPINS', 'NO_DEPOSIT']),
  currency: z.string(),
  /** Deposit match: percent of the deposit; 0 for a fixed bonus. */
  percentage: z.number().int(),
  /** Deposit match: the most granted; a fixed bonus: its amount (major units). */
  cap: z.number(),
  minDeposit: z.number(),
  firstDepositOnly: z.boolean(),
  /** The multiple of the bonus to wager that applies to this player (at most 10 for GB players). */
  wageringMultiplier: z.number().int(),
  /** The plan's own multiple, when the GB cap lowered it; else equal. */
  planWageringMultiplier: z.number().int(),
  gbCapApplied: z.boolean(),
  /** Percent of a stake counted per game kind of the plan's product; kinds not listed count nothing. */
  contributions: z.array(z.object({ kind: z.string(), percent: z.number().int() })),
  maxStake: z.number().nullable(),
  validityDays: z.number().int(),
  /** The one product the bonus's money is staked and wagered on (SR 5.1.1(3b)); ANY: spent freely, nothing to wager. */
  product: bonusProductSchema,
});
export type PlanTerms = z.infer<typeof planTermsSchema>;
export const planTermsResponseSchema = z.object({ status: z.literal('SUCCESS'), terms: planTermsSchema });
