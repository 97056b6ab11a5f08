import { z } from 'zod';
import { messageAuthorSchema } from '../message-author';

/**
 * Message channels (issue 16; spec 000 §2, §3 Chronos channel, §7 channel/all): public channels the
 * Chronos page shows in three widgets, their messages, and posting to them.
 */

/** How a channel is meant to be shown (CONTENT-27); only CHAT channels take players' messages. */
export const channelModeSchema = z.enum(['BANNER', 'PLAIN', 'CHAT', 'RAW']);
export type ChannelMode = z.infer<typeof channelModeSchema>;

/** The spec's Chronos channel: channelId and name (CONTENT-25), with its display mode. */
export const channelSchema = z.object({ channelId: z.number().int(), name: z.string(), mode: channelModeSchema });
export type Channel = z.infer<typeof channelSchema>;
export const channelListSchema = z.array(channelSchema);

/** The default channel of every Chronos widget (CONTENT-26). */
export const DEFAULT_CHANNEL_ID = 20;

export const channelListQuerySchema = z.object({ type: z.enum(['public']).default('public') });

export const channelParamsSchema = z.object({ channelId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const MESSAGE_MAX_LENGTH = 500;

export const channelMessageSchema = z.object({
  channelId: z.number().int(),
  /** The channel's real-time sequence number (`channel:<id>` on the bus): read and replay resume from it. */
  seq: z.number().int(),
  /** A staff member by their public name or null (the team), never their sign-in name; the back office's moderation view names staff by sign-in name. */
  author: messageAuthorSchema,
  text: z.string(),
  sentAt: z.string(),
});
export type ChannelMessage = z.infer<typeof channelMessageSchema>;

export const channelMessagesQuerySchema = z.object({
  /** Messages after this sequence number, oldest first; without it, the latest `limit` messages. */
  afterSeq: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const channelMessagesResponseSchema = z.object({ messages: z.array(channelMessageSchema), lastSeq: z.number().int() });

/**
 * A chat nickname (issue 27): 3 to 20 Latin letters, digits, _ or -. Letters of other scripts are left
 * out because many look like Latin ones (Cyrillic а, Latin a): two such names would be unique to the
 * database and the same to every reader, so one player could pass as another.
 */
export const NICKNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;
export const chatNicknameRequestSchema = z.object({
  nickname: z.string().trim().regex(NICKNAME_PATTERN, { message: 'must be 3 to 20 letters (a–z), digits, _ or -' }),
});
/** The player's chat nickname, or null until they choose one. */
export const chatNicknameResponseSchema = z.object({ nickname: z.string().nullable() });

export const postChannelMessageRequestSchema = z.object({ text: z.string().max(MESSAGE_MAX_LENGTH * 2) });

/** A moderator mutes a player in a channel for a time (channels.moderate), audited. */
export const muteRequestSchema = z.object({
  partyId: z.string().uuid(),
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});
export const muteResponseSchema = z.object({ channelId: z.number().int(), partyId: z.string(), until: z.string() });

/** Slow mode: seconds a player waits between messages in the channel (0 turns it off), audited. */
export const slowModeRequestSchema = z.object({ seconds: z.number().int().min(0).max(3_600) });
export const slowModeResponseSchema = z.object({ channelId: z.number().int(), seconds: z.number().int() });

/** Lifting a mute early: the player named in the path may write again at once (channels.moderate), audited. */
export const muteParamsSchema = channelParamsSchema.extend({ partyId: z.string().uuid() });

/** A moderator's view of a channel: its slow mode and recent messages with who wrote them and whether they are muted. */
export const moderationMessageSchema = channelMessageSchema.extend({
  /** The player's party id (null for staff messages): what a mute names. */
  authorId: z.string().nullable(),
  /** Until when the author is muted in this channel, or null. */
  mutedUntil: z.string().nullable(),
  /** The player's chat nickname now, as other players see them (null: none, or a staff message). */
  nickname: z.string().nullable(),
});
export const channelModerationResponseSchema = z.object({
  channelId: z.number().int(),
  name: z.string(),
  slowModeSeconds: z.number().int(),
  messages: z.array(moderationMessageSchema),
});
export type ChannelModeration = z.infer<typeof channelModerationResponseSchema>;
