import { z } from 'zod';
import type { BonusProduct } from '../bonuses/bonuses';

/**
 * Marketing consent per product and channel (UKGC SR code 5.1.12, since 1 May 2025; issue 29
 * item 2). Every box starts unticked and nothing is implied by another box: a player who accepts
 * bingo offers by e-mail has said nothing about casino offers or about SMS.
 *
 * BETTING is a product the licence may one day add: it is part of the storage's vocabulary so that
 * a later release adds no migration, but it is not offered — the player's matrix does not list it
 * and a change naming it is refused as an unknown product (400).
 */
export const MARKETING_PRODUCTS = ['GAMING', 'BINGO', 'BETTING'] as const;
export type MarketingProduct = (typeof MARKETING_PRODUCTS)[number];
/** The products a player is asked about today (BETTING is reserved). */
export const OFFERED_MARKETING_PRODUCTS = ['GAMING', 'BINGO'] as const satisfies readonly MarketingProduct[];
export type OfferedMarketingProduct = (typeof OFFERED_MARKETING_PRODUCTS)[number];
export const MARKETING_CHANNELS = ['EMAIL', 'SMS', 'PHONE', 'POST'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

export const offeredProductSchema = z.enum(OFFERED_MARKETING_PRODUCTS, { message: `Not a product: one of ${OFFERED_MARKETING_PRODUCTS.join(', ')}` });
export const marketingChannelSchema = z.enum(MARKETING_CHANNELS, { message: `Not a channel: one of ${MARKETING_CHANNELS.join(', ')}` });

/** Who made the last change of a box: the player, a staff member, or the migration of an older consent (0048). */
export const consentChangedBySchema = z.enum(['PLAYER', 'STAFF', 'MIGRATION']);

export const marketingConsentSchema = z.object({
  product: offeredProductSchema,
  channel: marketingChannelSchema,
  granted: z.boolean(),
  /** When the box was last changed; null for a box never touched (unticked by default). */
  changedAt: z.string().nullable(),
  changedBy: consentChangedBySchema.nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;

/** The whole matrix, every offered product × every channel, in the order of the constants above. */
export const marketingConsentsResponseSchema = z.object({ status: z.literal('SUCCESS'), consents: z.array(marketingConsentSchema) });
export type MarketingConsentsResponse = z.infer<typeof marketingConsentsResponseSchema>;

const boxSchema = z.object({ product: offeredProductSchema, channel: marketingChannelSchema }).strict();
const BOXES = OFFERED_MARKETING_PRODUCTS.length * MARKETING_CHANNELS.length;

/**
 * PUT /ps/user/marketingConsents and PUT /bo/players/{playerId}/marketingConsents: the boxes to
 * change, each ticked or unticked; boxes not named keep their state. A box named twice is refused.
 */
export const updateMarketingConsentsRequestSchema = z
  .object({
    consents: z
      .array(boxSchema.extend({ granted: z.boolean() }).strict())
      .min(1, { message: 'Choose at least one box' })
      .max(BOXES),
  })
  .strict()
  .refine((body) => new Set(body.consents.map((box) => `${box.product}:${box.channel}`)).size === body.consents.length, {
    message: 'A box is named twice',
    path: ['consents'],
  });
export type UpdateMarketingConsentsRequest = z.infer<typeof updateMarketingConsentsRequestSchema>;

/** At sign-up: the boxes the new player ticked (none by default). */
export const signupMarketingConsentsSchema = z.array(boxSchema).max(BOXES).default([]);
export type SignupMarketingConsents = z.input<typeof signupMarketingConsentsSchema>;

/**
 * The marketing products a bonus plan's offer promotes: casino and live casino are gaming, bingo is
 * bingo, and money free across products (ANY) promotes both, so its offer needs both boxes.
 */
export function marketingProductsOfBonus(product: BonusProduct): OfferedMarketingProduct[] {
  if (product === 'BINGO') return ['BINGO'];
  if (product === 'ANY') return ['GAMING', 'BINGO'];
  return ['GAMING'];
}
