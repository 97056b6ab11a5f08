import { z } from 'zod';
import { wpPostSchema } from './wp-rest';

/** "10,20,50,100": up to 8 amounts in major units, at most 2 decimals each. */
const quickAmountsPattern = /^\s*\d{1,7}(\.\d{1,2})?\s*(,\s*\d{1,7}(\.\d{1,2})?\s*){0,7}$/;

/**
 * Entries written before the spec's shape (method_code, quick_amounts as a list, logo.url only,
 * min/max amounts) are read in the current shape; limits are dropped, the platform owns them.
 */
function fromEarlierShape(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const acf = { ...(value as Record<string, unknown>) };
  if (acf.code === undefined && typeof acf.method_code === 'string') acf.code = acf.method_code;
  if (Array.isArray(acf.quick_amounts)) acf.quick_amounts = acf.quick_amounts.join(',');
  const logo = acf.logo;
  if (logo && typeof logo === 'object' && !Array.isArray(logo)) {
    const parts = logo as Record<string, unknown>;
    if (parts.guid === undefined && typeof parts.url === 'string') acf.logo = { ...parts, guid: parts.url };
  }
  for (const dropped of ['method_code', 'min_amount', 'max_amount', 'currency', 'direction']) delete acf[dropped];
  return acf;
}

/**
 * GET /cms/wp-json/wp/v2/payment_method — getPaymentData (DEP-06): each cashier method's code
 * (a platform method code such as WPCGHOSTED_CARD), its logo (`logo.guid`, also as `url` with
 * `alt`), quick amounts as a comma-separated string ("10,20,50,100"), description, processing
 * time and priority. Limits are not content: the platform answers them (getDepositMethods,
 * getWithdrawalMethods) and enforces them (DEF-04).
 */
export const paymentMethodAcfSchema = z.preprocess(
  fromEarlierShape,
  z
    .object({
      code: z.string().regex(/^[A-Z0-9_]{2,40}$/, { message: 'must be a payment method code such as WPCGHOSTED_CARD' }),
      logo: z.object({ guid: z.string().max(500), url: z.string().max(500).default(''), alt: z.string().max(200).default('') }),
      quick_amounts: z
        .string()
        .max(100)
        .regex(quickAmountsPattern, { message: 'must be amounts separated by commas, e.g. 10,20,50,100' })
        .or(z.literal(''))
        .default(''),
      description: z.string().max(2_000).default(''),
      processing_time: z.string().max(100).default(''),
      priority: z.number().int().default(0),
    })
    .transform((acf) => ({ ...acf, quick_amounts: acf.quick_amounts.replace(/\s+/g, ''), logo: { ...acf.logo, url: acf.logo.url || acf.logo.guid } })),
);
export type PaymentMethodAcf = z.infer<typeof paymentMethodAcfSchema>;
export const paymentMethodListSchema = z.array(wpPostSchema(paymentMethodAcfSchema, {}));
