import { z } from 'zod';

/**
 * The bonuses area's operations (spec 001 §7 "Bonuses", BON-02…13, DIS-14). Money on the wire is
 * a decimal number in major units, as everywhere.
 */

const isoDate = z.iso.date({ message: 'Use the format YYYY-MM-DD' });

export const BONUS_STATUSES = ['ACTIVE', 'QUEUED', 'PENDING', 'RELEASED', 'CANCELLED', 'EXPIRED', 'FORFEITED'] as const;
export const bonusStatusSchema = z.enum(BONUS_STATUSES);

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
  .refine((query) => Date.parse(query.endDate) - Date.parse(query.startDate) <= 366 * 86_400_000, { message: 'The range can be at most one year', path: ['endDate'] });

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
