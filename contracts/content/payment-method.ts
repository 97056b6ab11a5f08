import { z } from 'zod';
import { wpPostSchema } from './wp-rest';

/**
 * GET /cms/wp-json/wp/v2/payment_method — the cashier's payment methods: logo, quick amounts and
 * limits in major units of the currency (the wallet enforces the limits again on the server).
 */
export const paymentMethodAcfSchema = z
  .object({
    method_code: z.string().regex(/^[A-Z0-9_]{2,40}$/),
    logo: z.object({ url: z.string().max(500), alt: z.string().max(200).default('') }),
    quick_amounts: z.array(z.number().positive()).max(8).default([]),
    min_amount: z.number().positive(),
    max_amount: z.number().positive(),
    currency: z.string().regex(/^[A-Z]{3}$/).default('EUR'),
    direction: z.enum(['deposit', 'withdrawal', 'both']).default('both'),
    processing_time: z.string().max(100).default(''),
    description: z.string().max(2_000).default(''),
    priority: z.number().int().default(0),
  })
  .refine((method) => method.min_amount <= method.max_amount, { message: 'min_amount must not exceed max_amount', path: ['min_amount'] });
export const paymentMethodListSchema = z.array(wpPostSchema(paymentMethodAcfSchema, {}));
