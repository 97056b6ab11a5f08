import { z } from 'zod';
import { accountIdentityDocumentSchema } from '../platform/identification/identity-declaration';
import { inducementsOffSchema } from '../platform/inducements/inducements';
import { lockCashPaybackSchema, lockPeriodUnitSchema, lockTypeSchema } from '../platform/limits/limits';

/** Back-office players (issue 15): search, the profile staff see, notes and the actions on a player. */

/** The rule sets a player plays under (the game rules' and inducements' jurisdictions). */
export const rulesJurisdictionSchema = z.enum(['GB', 'IE', 'DEFAULT']);

export const playerIdParamsSchema = z.object({ playerId: z.uuid({ message: 'Not a player id' }) }).strict();

export const playerSearchQuerySchema = z.object({ q: z.string().trim().min(1, { message: 'Enter a username, e-mail or player id' }).max(254) }).strict();

export const playerSummarySchema = z.object({
  playerId: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  registrationStatus: z.string(),
  kycStatus: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;
export const playerSearchResponseSchema = z.object({ players: z.array(playerSummarySchema) });

export const staffNoteSchema = z.object({ id: z.uuid(), body: z.string(), author: z.string(), createdAt: z.iso.datetime() });
export type StaffNote = z.infer<typeof staffNoteSchema>;

export const playerDocumentSchema = z.object({
  id: z.string(),
  documentType: z.string(),
  status: z.string(),
  uploadedAt: z.string().nullable(),
  reason: z.string().nullable(),
  files: z.array(z.object({ id: z.string(), fileName: z.string(), side: z.string().nullable() })),
  /**
   * What the player typed with the document (issue 27), shown to the reviewer beside the images:
   * the number and dates, and the declared details (names, issuing country, address, birthplace,
   * the public-figure answer) by the identity form's field names.
   */
  declared: z.object({
    documentNumber: z.string().nullable(),
    issueDate: z.string().nullable(),
    expiryDate: z.string().nullable(),
    details: z.record(z.string(), z.string()),
  }),
});

export const playerProfileSchema = z.object({
  player: playerSummarySchema.extend({
    country: z.string().nullable(),
    createdAt: z.string().nullable(),
    mayPlayForReal: z.boolean(),
    /** The identity document kept on the account when the player was verified (issue 27). */
    identityDocument: accountIdentityDocumentSchema.nullable(),
    /** The rule set the player plays under (GB, IE, DEFAULT) and the inducements it closes to them (issue 29 item 7). */
    rulesJurisdiction: rulesJurisdictionSchema,
    inducementsOff: inducementsOffSchema,
    /** When the account-holder register removed the player (issue 29 item 9): their personal data is anonymised; null while not. */
    anonymisedAt: z.string().nullable(),
  }),
  balances: z.array(z.object({ currency: z.string(), cash: z.number(), bonus: z.number() })),
  limits: z.array(z.object({ limitType: z.string(), periodType: z.string(), currency: z.string().nullable(), value: z.number().nullable() })),
  locks: z.array(z.object({ lockType: z.string(), startsAt: z.string(), endsAt: z.string() })),
  documents: z.array(playerDocumentSchema),
  unreadMessages: z.number().int(),
  /** The newest messages the player was sent (subjects only). */
  messages: z.array(z.object({ id: z.string(), kind: z.string(), subject: z.string(), createdAt: z.string(), read: z.boolean() })),
  notes: z.array(staffNoteSchema),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

export const addStaffNoteRequestSchema = z
  .object({ body: z.string().trim().min(1, { message: 'Write the note' }).max(4000, { message: 'At most 4000 characters' }) })
  .strict();

export const sendStaffMessageRequestSchema = z
  .object({
    subject: z.string().trim().min(1, { message: 'Write a subject' }).max(200, { message: 'At most 200 characters' }),
    body: z.string().trim().min(1, { message: 'Write the message' }).max(4000, { message: 'At most 4000 characters' }),
  })
  .strict();

export const lockPlayerByStaffRequestSchema = z
  .object({
    lockType: lockTypeSchema,
    lockPeriodUnit: lockPeriodUnitSchema,
    lockPeriod: z
      .number({ error: 'Please choose a period' })
      .int({ message: 'The period must be a whole number' })
      .positive({ message: 'The period must be at least 1' })
      .max(1_000),
    reason: z.string().trim().min(1, { message: 'Give the reason' }).max(500),
  })
  .strict();
/** The lock staff took; `cashPayback`: what happens to a self-excluded player's cash (null for a time-out). */
export const lockPlayerByStaffResponseSchema = z.object({ lockType: lockTypeSchema, endsAt: z.iso.datetime(), cashPayback: lockCashPaybackSchema.nullable() });

export const identityDecisionRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { message: 'Choose approve or reject' }),
    reason: z.string().trim().min(1, { message: 'Give the reason' }).max(500, { message: 'At most 500 characters' }),
  })
  .strict();
export const identityDecisionResponseSchema = z.object({ documents: z.number().int(), kycStatus: z.string().nullable(), mayPlayForReal: z.boolean() });

export const documentFileParamsSchema = z.object({ playerId: z.uuid({ message: 'Not a player id' }), fileId: z.uuid({ message: 'Not a file id' }) }).strict();

/** The identity-verification providers a check can run with (KYC_PROVIDER, issue 31): staff read their names. */
export const identityProviderSchema = z.enum(['sandbox', 'onfido']);
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

/**
 * The queue of players whose documents await review, or whose identity provider referred its check
 * to staff (Onfido's `consider`, issue 31), the longest waiting first.
 */
export const reviewQueueResponseSchema = z.object({
  players: z.array(
    playerSummarySchema.extend({
      documents: z.number().int(),
      /** When the oldest document was uploaded, or the provider referred the check. */
      oldestUploadAt: z.string(),
      /** The provider whose check awaits staff (`onfido`); null when only documents wait. */
      referredBy: z.string().nullable(),
    }),
  ),
});
