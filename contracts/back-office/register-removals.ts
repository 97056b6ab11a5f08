import { z } from 'zod';

/**
 * The account-holder register's removals as staff see them (issue 29 item 9; docs/compliance.md
 * "Account-holder register"): why (REQUEST or INACTIVITY), who asked (`player`, `job`,
 * `staff:<username>`), the notice, and what became of it — NOTICE (told, waiting), BLOCKED (due,
 * but the account holds money or a withdrawal is under way: `blockedReason`), DONE, CANCELLED (the
 * player played again during the notice).
 */
export const removalReasonSchema = z.enum(['REQUEST', 'INACTIVITY']);
export const removalStatusSchema = z.enum(['NOTICE', 'BLOCKED', 'DONE', 'CANCELLED']);
/** Who asked, besides a staff member (`staff:<username>`): the player, or the inactivity job. */
export const REMOVAL_REQUESTERS = ['player', 'job'] as const;
export const removalBlockedReasonSchema = z.enum(['BALANCE', 'PENDING_WITHDRAWAL']);

export const registerRemovalSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  /** The player's username as it is now: `removed-…` once done. */
  username: z.string().nullable(),
  reason: removalReasonSchema,
  status: removalStatusSchema,
  requestedBy: z.string(),
  lastPlayAt: z.string().nullable(),
  dueAt: z.string(),
  blockedReason: removalBlockedReasonSchema.nullable(),
  messageId: z.string().nullable(),
  emailedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RegisterRemoval = z.infer<typeof registerRemovalSchema>;

export const registerRemovalsQuerySchema = z
  .object({
    status: removalStatusSchema.optional(),
    playerId: z.uuid({ message: 'Not a player id' }).optional(),
    page: z.coerce
      .number({ message: 'Not a page number' })
      .int({ message: 'Not a page number' })
      .min(0, { message: 'Not a page number' })
      .max(10_000, { message: 'Not a page number' })
      .default(0),
  })
  .strict();
export type RegisterRemovalsQuery = z.infer<typeof registerRemovalsQuerySchema>;

export const REGISTER_REMOVALS_PAGE_SIZE = 50;

export const registerRemovalsResponseSchema = z.object({ removals: z.array(registerRemovalSchema), total: z.number().int() });

/** Staff removing a player who asked them (by telephone, by letter): what the player asked, for the audit log. */
export const staffRemovalRequestSchema = z
  .object({
    note: z
      .string({ message: 'Say how the player asked' })
      .trim()
      .min(1, { message: 'Say how the player asked' })
      .max(500, { message: 'At most 500 characters' }),
  })
  .strict();
export type StaffRemovalRequest = z.infer<typeof staffRemovalRequestSchema>;

export const staffRemovalResponseSchema = z.object({ removal: registerRemovalSchema });
