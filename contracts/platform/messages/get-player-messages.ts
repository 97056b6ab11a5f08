import { z } from 'zod';

/** What a player message is about (issue 13: limit changes, document decisions, bonus notices, staff messages). */
export const playerMessageKindSchema = z.enum(['LIMIT_CHANGE', 'DOCUMENT_DECISION', 'BONUS_NOTICE', 'STAFF_MESSAGE', 'ACTIVITY_STATEMENT', 'ACCOUNT_REMOVAL']);
export type PlayerMessageKind = z.infer<typeof playerMessageKindSchema>;

/** A message id: the database's bigint, as digits. */
export const playerMessageIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, { message: 'Not a message id' });

export const playerMessageSchema = z.object({
  id: playerMessageIdSchema,
  kind: playerMessageKindSchema,
  subject: z.string(),
  /** Sanitised HTML (CONTENT-31, DEF-19). */
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type PlayerMessage = z.infer<typeof playerMessageSchema>;

/**
 * GET /ps/getPlayerMessages — the signed-in player's messages, newest first, and how many are
 * unread (CONTENT-30…33, NAV-65).
 */
export const getPlayerMessagesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  messages: z.array(playerMessageSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type GetPlayerMessagesResponse = z.infer<typeof getPlayerMessagesResponseSchema>;

/** The most messages one answer carries; older ones stay stored. */
export const PLAYER_MESSAGES_SHOWN = 100;
