import { z } from 'zod';

/**
 * The loyalty area's operations (spec 001 §2 "Loyalty shop", §3 "loyalty item", §7; LOY-01…10,
 * NS-04, NS-05). Points are whole numbers; item prices are points.
 */

export const LOYALTY_ITEM_TYPES = ['BONUS_MONEY', 'FREE_SPINS', 'MERCHANDISE'] as const;

/** GET /ps/getLoyaltyItems: the portal's language picks the description (English when an item has none in it). */
export const getLoyaltyItemsQuerySchema = z.object({
  lang: z.enum(['en', 'mk'], { message: 'The language is en or mk' }).optional(),
});

/** A shop item (spec 001 §3 "loyalty item", LOY-02). */
export const loyaltyItemSchema = z.object({
  itemCode: z.string(),
  imageUrl: z.string(),
  description: z.string(),
  /** Points. */
  price: z.number().int(),
  brand: z.string(),
  loyaltyItemStatus: z.enum(['ACTIVE', 'INACTIVE']),
  type: z.enum(LOYALTY_ITEM_TYPES),
  updateDate: z.string(),
  freespin: z.boolean(),
  noOfFreespin: z.number().int(),
  /** BONUS_MONEY: the bonus granted, major units of `currency`. */
  bonusAmount: z.number().nullable(),
  currency: z.string().nullable(),
});
export type LoyaltyItem = z.infer<typeof loyaltyItemSchema>;

export const getLoyaltyItemsResponseSchema = z.object({ status: z.literal('SUCCESS'), items: z.array(loyaltyItemSchema) });

/** GET /ps/loyaltyPointsStatus (LOY-08, NS-04): points, level (= vipStatus) and the next level. */
export const loyaltyPointsStatusResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  points: z.number().int(),
  /** Points earned in all (spending never lowers a level). */
  earnedPoints: z.number().int(),
  level: z.string(),
  /** The next level and the earned points it needs; null at the top. */
  nextLevel: z.string().nullable(),
  nextLevelPoints: z.number().int().nullable(),
});
export type LoyaltyPointsStatus = z.infer<typeof loyaltyPointsStatusResponseSchema>;

const itemCodeSchema = z
  .string({ message: 'Choose an item' })
  .trim()
  .min(1, { message: 'Choose an item' })
  .max(64, { message: 'An item code is at most 64 characters' });

/** POST /ps/loyaltyCheckout (NS-05): the cart, paid with points at once; `requestId` makes a retry safe. */
export const loyaltyCheckoutBodySchema = z.object({
  requestId: z.uuid({ message: 'The request id is a UUID' }),
  items: z
    .array(
      z.object({
        itemCode: itemCodeSchema,
        quantity: z
          .number({ message: 'Enter a quantity' })
          .int({ message: 'A quantity is a whole number' })
          .min(1, { message: 'A quantity is at least 1' })
          .max(20, { message: 'At most 20 of one item' }),
      }),
      { message: 'The cart is missing' },
    )
    .min(1, { message: 'The cart is empty' })
    .max(20, { message: 'At most 20 lines in a cart' })
    .refine((lines) => new Set(lines.map((line) => line.itemCode)).size === lines.length, { message: 'Each item once per cart; use its quantity' }),
});
export type LoyaltyCheckoutBody = z.infer<typeof loyaltyCheckoutBodySchema>;

export const loyaltyOrderSchema = z.object({
  orderId: z.number().int(),
  status: z.literal('COMPLETED'),
  /** Points spent. */
  total: z.number().int(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      itemCode: z.string(),
      type: z.enum(LOYALTY_ITEM_TYPES),
      quantity: z.number().int(),
      price: z.number().int(),
      bonusIds: z.array(z.number().int()),
    }),
  ),
});
export type LoyaltyOrder = z.infer<typeof loyaltyOrderSchema>;

export const loyaltyCheckoutResponseSchema = z.object({ status: z.literal('SUCCESS'), order: loyaltyOrderSchema, points: z.number().int() });

/** GET /ps/getLoyaltyOrder: one of the player's own orders (another player's id is not found). */
export const getLoyaltyOrderQuerySchema = z.object({
  orderId: z.coerce
    .number({ message: 'Enter an order id' })
    .int({ message: 'An order id is a whole number' })
    .positive({ message: 'An order id is a positive number' })
    .max(Number.MAX_SAFE_INTEGER, { message: 'No order with this id' }),
});
export const getLoyaltyOrderResponseSchema = z.object({ status: z.literal('SUCCESS'), order: loyaltyOrderSchema });
