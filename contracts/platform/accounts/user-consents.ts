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

/**
 * POST /ps/user/consents/save (ACC-26, ACC-27): the consent version ids given and withdrawn. The
 * spec's reading is a GET; a change is a POST here (API conventions). Withdrawing a mandatory
 * consent is refused (ACC-37, NS-24).
 */
const consentVersionIds = z.array(z.number().int().positive()).max(50).default([]);
export const saveConsentVersionsRequestSchema = z
  .object({ consentedVersions: consentVersionIds, unConsentedVersions: consentVersionIds })
  .refine((body) => body.consentedVersions.length + body.unConsentedVersions.length > 0, {
    message: 'Choose at least one consent',
    path: ['consentedVersions'],
  })
  .refine((body) => !body.consentedVersions.some((id) => body.unConsentedVersions.includes(id)), {
    message: 'A consent cannot be given and withdrawn at once',
    path: ['unConsentedVersions'],
  });
