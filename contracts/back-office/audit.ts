import { z } from 'zod';
import { staffPermissionSchema } from './permissions';

/**
 * The staff audit log (issue 15): one row per staff action, written in the action's transaction and
 * hash-chained — each row's hash covers its content and the previous row's hash — so that a
 * changed or removed row breaks the chain.
 */
/**
 * Every action the audit log records. `staffAction` and `appendAudit` take only these, so an action
 * added to the server is added here first, and the back office's test asks for its words in both
 * languages. Entries keep `action` as text: a row written by an older build stays readable.
 */
export const auditActionSchema = z.enum([
  'staff.signIn',
  'staff.enrolTwoFactor',
  'staff.create',
  'staff.roles',
  'staff.disable',
  'staff.enable',
  'staff.resetTwoFactor',
  'staff.accessEnd',
  'staff.publicName',
  'player.note',
  'player.message',
  'player.lock',
  'player.marketing_consents',
  'player.register_removal',
  'identity.approve',
  'identity.reject',
  'document.view',
  'document.request_upload',
  'withdrawal.approve',
  'withdrawal.reject',
  'adjustment.request',
  'adjustment.approve',
  'adjustment.reject',
  'payback.complete',
  'bonus.goodwill',
  'bonus-plan.create',
  'bonus-plan.update',
  'flag.interaction',
  'content.create',
  'content.update',
  'content.translations',
  'content.trash',
  'content.delete',
  'channel.post',
  'channel.mute',
  'channel.slow_mode',
  'support.answer',
  'support.close',
  'audit.export',
  'report.export',
  'evidence.export',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

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
  /**
   * Whether this node anchors the chain (issue 25, item 8): signed checkpoints of its head kept
   * outside the database, with a key the database does not hold. Without it, a chain rewritten
   * consistently by whoever can write the database verifies. These four fields are absent from the
   * answers of servers before the anchoring, so they are optional here.
   */
  anchored: z.boolean().optional(),
  /** Checkpoints read and checked: each signature, the anchored row's hash, the chain reaching it. */
  checkpoints: z.number().int().optional(),
  /** The newest checkpoint's row number and time: the chain may not end before it. */
  anchoredSeq: z.number().int().nullable().optional(),
  anchoredAt: z.iso.datetime().nullable().optional(),
});
export type AuditVerification = z.infer<typeof auditVerifyResponseSchema>;
