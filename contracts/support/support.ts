import { z } from 'zod';
import { messageAuthorSchema } from '../message-author';

/**
 * Live support (issue 16; spec 000 §1: support by phone, live chat and e-mail): a player's
 * conversation with support staff, kept, answered from the back office, and told when support
 * opens if written outside its hours.
 */

export const SUPPORT_MESSAGE_MAX_LENGTH = 1000;

export const supportHoursSchema = z.object({
  /** Whether support staff are on duty now. */
  open: z.boolean(),
  /** When support next opens (ISO instant); null while open. */
  opensAt: z.string().nullable(),
  timeZone: z.string(),
  /** The configured hours, HH:MM-HH:MM in timeZone, and days. */
  hours: z.string(),
  days: z.array(z.string()),
});
export type SupportHours = z.infer<typeof supportHoursSchema>;

export const supportMessageSchema = z.object({
  id: z.number().int(),
  /** To the player a staff member is their public name or null (the team), never their sign-in name; staff's own views name staff by sign-in name. */
  author: messageAuthorSchema,
  text: z.string(),
  sentAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  conversationId: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  startedAt: z.string(),
  lastMessageAt: z.string(),
  messages: z.array(supportMessageSchema),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** The player's view: the current conversation (the open one, else the latest) and the hours. */
export const playerSupportResponseSchema = z.object({ conversation: supportConversationSchema.nullable(), hours: supportHoursSchema });
export type PlayerSupportResponse = z.infer<typeof playerSupportResponseSchema>;

export const supportMessageRequestSchema = z.object({ text: z.string().max(SUPPORT_MESSAGE_MAX_LENGTH * 2) });

/** What writing answers: the message kept, its conversation, and whether anyone is there to read it now. */
export const playerSupportWriteResponseSchema = z.object({ conversation: supportConversationSchema, message: supportMessageSchema, hours: supportHoursSchema });

export const supportConversationParamsSchema = z.object({ conversationId: z.uuid({ message: 'must be a conversation id' }) });

/** The staff queue: conversations with who they are with and whether the player is waiting for an answer. */
export const staffSupportSummarySchema = z.object({
  conversationId: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  player: z.object({ partyId: z.string(), username: z.string() }),
  startedAt: z.string(),
  lastMessageAt: z.string(),
  /** The last message is the player's: the player is waiting for support. */
  awaitingStaff: z.boolean(),
  lastText: z.string(),
});
export type StaffSupportSummary = z.infer<typeof staffSupportSummarySchema>;
export const staffSupportQueueQuerySchema = z.object({ status: z.enum(['OPEN', 'CLOSED']).default('OPEN') });
export const staffSupportQueueSchema = z.object({ conversations: z.array(staffSupportSummarySchema) });
export const staffSupportConversationSchema = supportConversationSchema.extend({ player: z.object({ partyId: z.string(), username: z.string() }) });
export type StaffSupportConversation = z.infer<typeof staffSupportConversationSchema>;

/** The bus topic staff consoles follow for new player messages (the payload names the conversation). */
export const SUPPORT_STAFF_TOPIC = 'support-staff:queue';
