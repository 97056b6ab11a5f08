import { z } from 'zod';
import { playerMessageIdSchema } from './get-player-messages';

/**
 * POST /ps/markMessagesRead — marks the player's messages read when the messages modal shows them.
 * An id that is not one of the player's messages is a 404 and marks nothing.
 */
export const markMessagesReadRequestSchema = z.object({
  messageIds: z.array(playerMessageIdSchema).min(1, { message: 'Name at least one message' }).max(100, { message: 'At most 100 messages at a time' }),
});
export type MarkMessagesReadRequest = z.infer<typeof markMessagesReadRequestSchema>;

export const markMessagesReadResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  unreadCount: z.number().int().nonnegative(),
});
