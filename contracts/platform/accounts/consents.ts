import { z } from 'zod';

/** GET /ps/consents — the consent versions a player is asked for at sign-up (SIGNUP-06…09). */
export const consentSchema = z.object({
  consentVersionId: z.number().int(),
  name: z.string(),
  key: z.string(),
  parentKey: z.enum(['MANDATORY', 'MARKETING']),
  isMandatory: z.boolean(),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentsQuerySchema = z.object({
  isMandatory: z.enum(['true', 'false']).optional(),
});
export const consentsResponseSchema = z.object({ status: z.literal('SUCCESS'), consents: z.array(consentSchema) });
