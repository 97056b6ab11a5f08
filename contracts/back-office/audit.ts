import { z } from 'zod';
import { staffPermissionSchema } from './permissions';

/**
 * The staff audit log (issue 15): one row per staff action, written in the action's transaction and
 * hash-chained — each row's hash covers its content and the previous row's hash — so that a
 * changed or removed row breaks the chain.
 */
export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.iso.datetime(),
  staffId: z.uuid().nullable(),
  staffUsername: z.string(),
  action: z.string(),
  permission: staffPermissionSchema.nullable(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z
  .object({
    staff: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    subjectId: z.string().trim().max(100).optional(),
    from: z.iso.datetime({ message: 'Not a date and time' }).optional(),
    to: z.iso.datetime({ message: 'Not a date and time' }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

export const auditVerifyResponseSchema = z.object({
  valid: z.boolean(),
  entries: z.number().int(),
  /** The first row that does not match its chain, when the chain is broken. */
  brokenAt: z.number().int().nullable(),
  problem: z.string().nullable(),
  headHash: z.string(),
});
export type AuditVerification = z.infer<typeof auditVerifyResponseSchema>;
