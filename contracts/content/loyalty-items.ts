import { z } from 'zod/mini';
import { languageSchema } from './translations';

/**
 * GET|POST /cms/wp-json/wp/v2/loyalty_item[/<id>] — the loyalty shop's items as WordPress posts
 * (issue 15 Content). Staff edit what players see (descriptions in both languages, brand, picture,
 * offered or not, order); `acf.rules` (price, kind, what it gives) is the loyalty programme's and
 * read-only here.
 */
export const loyaltyItemPath = '/wp-json/wp/v2/loyalty_item';

export const loyaltyItemQuerySchema = z.object({
  lang: z.optional(languageSchema),
  /** `edit`: staff with content.edit, every item (offered or not) with raw fields. */
  context: z.optional(z.enum(['view', 'edit'])),
});

export const loyaltyItemRulesSchema = z.object({
  kind: z.string(),
  price: z.number(),
  currency: z.nullable(z.string()),
  bonus_plan_id: z.nullable(z.number()),
  /** Minor units of `currency`. */
  bonus_amount: z.nullable(z.number()),
  free_spins: z.nullable(z.number()),
  game_id: z.nullable(z.string()),
});

export const loyaltyItemPostSchema = z.looseObject({
  id: z.number(),
  slug: z.string(),
  status: z.enum(['publish', 'draft']),
  type: z.literal('loyalty_item'),
  lang: languageSchema,
  title: z.object({ rendered: z.string(), raw: z.optional(z.string()) }),
  menu_order: z.number(),
  acf: z.object({
    item_code: z.string(),
    description_en: z.string(),
    description_mk: z.string(),
    brand: z.string(),
    image: z.object({ url: z.string() }),
    sort_order: z.number(),
    rules: loyaltyItemRulesSchema,
  }),
});
export type LoyaltyItemPost = z.infer<typeof loyaltyItemPostSchema>;
export const loyaltyItemListSchema = z.array(loyaltyItemPostSchema);

/**
 * A write: `title` is the English description; `status` publish (offered) or draft (not offered);
 * `acf` the presentation fields. A rule (`acf.rules`, `acf.price`, …) or `slug` (the item code) is
 * refused with 400 naming it.
 */
export const loyaltyItemUpdateSchema = z.looseObject({
  title: z.optional(z.union([z.string(), z.object({ raw: z.string() })])),
  status: z.optional(z.string()),
  acf: z.optional(z.record(z.string(), z.unknown())),
});
export type LoyaltyItemUpdate = z.infer<typeof loyaltyItemUpdateSchema>;
