import { z } from 'zod';
import { auditEntrySchema, auditVerifyResponseSchema } from './audit';
import { reportQuerySchema } from './reports';

/**
 * The auditor's evidence pack (issue 15): one JSON download of a window's limit changes, locks,
 * withdrawal movements and staff actions, with the audit chain's hashes and the chain's check, so a
 * regulator can recompute each row's hash and see that nothing was changed or removed. The window is
 * UTC days, both included, as the reports' (at most 366 days).
 */
export const evidenceQuerySchema = reportQuerySchema;
export type EvidenceQuery = z.infer<typeof evidenceQuerySchema>;

export const evidencePackSchema = z.object({
  format: z.literal('emerald-evidence-pack/1'),
  generatedAt: z.iso.datetime(),
  generatedBy: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  auditChain: z.object({
    /** How each row's hash is made, for whoever recomputes it. */
    hashing: z.string(),
    verification: auditVerifyResponseSchema,
    entries: z.array(auditEntrySchema),
  }),
  limitChanges: z.array(
    z.object({
      id: z.string(),
      playerId: z.string(),
      limitType: z.string(),
      periodType: z.string(),
      currency: z.string(),
      amount: z.string(),
      pendingAmount: z.string().nullable(),
      pendingRemoval: z.boolean(),
      pendingEffectiveAt: z.string().nullable(),
      createdAt: z.string(),
      effectiveAt: z.string(),
    }),
  ),
  locks: z.array(
    z.object({
      id: z.string(),
      playerId: z.string(),
      lockType: z.string(),
      lockPeriodUnit: z.string(),
      lockPeriod: z.number(),
      startsAt: z.string(),
      endsAt: z.string(),
      returnRequestedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  withdrawals: z.array(
    z.object({
      ledgerTransactionId: z.string(),
      kind: z.string(),
      playerId: z.string().nullable(),
      currency: z.string(),
      amount: z.string(),
      reference: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** SHA-256 of the pack's canonical JSON without this field; the export's audit row records it too. */
  contentHash: z.string(),
});
export type EvidencePack = z.infer<typeof evidencePackSchema>;
