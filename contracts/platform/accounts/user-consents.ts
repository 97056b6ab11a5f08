import { z } from 'zod';
import { consentSchema } from './consents';

/**
 * GET /ps/user/consents and POST /ps/user/consents — the consents the player has given. Mandatory
 * consents cannot be withdrawn (NS-24); marketing consents can be given and withdrawn.
 */
export const userConsentSchema = consentSchema.extend({ granted: z.boolean() });
export const userConsentsResponseSchema = z.object({ status: z.literal('SUCCESS'), consents: z.array(userConsentSchema) });
export const saveUserConsentsRequestSchema = z.object({
  consents: z
    .array(z.object({ consentVersionId: z.number().int().positive(), granted: z.boolean() }))
    .min(1, { message: 'Choose at least one consent' })
    .max(50),
});
export const userConsentMessages = {
  mandatory: 'Mandatory consents cannot be withdrawn',
} as const;
