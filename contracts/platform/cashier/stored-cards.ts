import { z } from 'zod';
import { paymentMethodCodeSchema } from './payment-methods';

/**
 * Stored cards (DEP-48…50). Only the provider's token, brand, last four digits, holder name and
 * expiry are kept; never the number or the security code. cardNumber is masked ("•••• 4242").
 */
export const storedCardSchema = z.object({
  customerCardId: z.string(),
  cardNumber: z.string(),
  nameOnCard: z.string(),
  cardType: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  /** DEF-16: the deletion token is given explicitly, not cut out of the card id. */
  storedToken: z.string(),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

/**
 * `purpose`: `deposit` (the default) lists the cards the player may pay with (saved, not deleted);
 * `withdrawal` lists the cards money may go back to (closed loop, WDR-11): every card a successful
 * deposit was paid with, saved or not, once per card however often it was entered.
 */
export const storedCardPurposeSchema = z.enum(['deposit', 'withdrawal']);
export type StoredCardPurpose = z.infer<typeof storedCardPurposeSchema>;
export const getStoredCardsQuerySchema = z.object({ paymentMethod: paymentMethodCodeSchema, purpose: storedCardPurposeSchema.default('deposit') });
export const getStoredCardsResponseSchema = z.object({ status: z.literal('SUCCESS'), creditCards: z.array(storedCardSchema) });

/**
 * POST /ps/updateStoredCard: add → continueUrl of the hosted card page; delete → by storedToken
 * (DEF-16), or by customerCardId (whose last '/' segment is the same token, so the original
 * client's "sixth segment" rule also works).
 */
export const updateStoredCardRequestSchema = z.discriminatedUnion('action', [
  z.object({ paymentMethod: paymentMethodCodeSchema, action: z.literal('add'), language: z.string().trim().min(2).max(5).default('en') }),
  z
    .object({
      paymentMethod: paymentMethodCodeSchema,
      action: z.literal('delete'),
      storedToken: z.string().trim().min(1).max(200).optional(),
      customerCardId: z.string().trim().min(1).max(300).optional(),
    })
    .refine((body) => body.storedToken !== undefined || body.customerCardId !== undefined, {
      message: 'Please give the card to delete',
      path: ['storedToken'],
    }),
]);
export const updateStoredCardResponseSchema = z.object({ status: z.literal('SUCCESS'), continueUrl: z.string().nullable() });
