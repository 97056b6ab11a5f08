import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelListQuerySchema,
  channelListSchema,
  channelMessageSchema,
  channelMessagesQuerySchema,
  channelMessagesResponseSchema,
  channelModerationResponseSchema,
  channelParamsSchema,
  chatNicknameRequestSchema,
  chatNicknameResponseSchema,
  muteParamsSchema,
  muteRequestSchema,
  muteResponseSchema,
  postChannelMessageRequestSchema,
  slowModeRequestSchema,
  slowModeResponseSchema,
} from '../../contracts/channels/channels';
import { errorResponseSchema } from '../../contracts/errors';
import { wpRestBase } from '../../contracts/content/wp-rest';
import { requireStaff, staffAction } from '../back-office';
import { requireSession } from '../platform/session';
import type { ServiceContext } from '../service-context';
import { listPublicChannels, moderationView, parseBlockedWords, postMessage, readMessages, requireChannel, requirePlayer } from './channels.service';
import { chatNicknameOf, setChatNickname } from './nickname.service';

const tags = ['channels'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const nicknameErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** GET /cms/wp-json/wp/v2/channel/all?type=public: the public channels (BOOT-12, CONTENT-25). */
export const channelContentRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${wpRestBase}/channel/all`,
      {
        schema: {
          tags,
          summary: 'Public message channels (BOOT-12)',
          querystring: channelListQuerySchema,
          response: { 200: channelListSchema, 400: errorResponseSchema },
        },
      },
      async () => listPublicChannels(context.database.db),
    );
  };

/** Under /ps: reading a public channel (anyone) and posting to a chat channel (a signed-in player). */
export const channelPlayerRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const blockedWords = parseBlockedWords(context.config.CHAT_BLOCKED_WORDS);
    app.get(
      '/channels/:channelId/messages',
      {
        schema: {
          tags,
          summary: "A public channel's recent messages, oldest first, after a sequence number",
          params: channelParamsSchema,
          querystring: channelMessagesQuerySchema,
          response: { 200: channelMessagesResponseSchema, ...errors },
        },
      },
      async (request) => readMessages(db, request.params.channelId, request.query),
    );
    app.post(
      '/channels/:channelId/messages',
      {
        schema: {
          tags,
          summary: 'Posts a message to a chat channel (rate-limited)',
          params: channelParamsSchema,
          body: postChannelMessageRequestSchema,
          response: { 200: channelMessageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return postMessage(db, request.params.channelId, { kind: 'PLAYER', id: session.partyId, name: session.username }, request.body.text, new Date(), {
          blockedWords,
        });
      },
    );
    app.get(
      '/chat/nickname',
      { schema: { tags, summary: "The player's chat nickname (null until chosen)", response: { 200: chatNicknameResponseSchema, ...nicknameErrors } } },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { nickname: await chatNicknameOf(db, session.partyId) };
      },
    );
    app.put(
      '/chat/nickname',
      {
        schema: {
          tags,
          summary: 'Chooses the name the player is shown by in chat and winners’ lists (unique, never their sign-in name)',
          body: chatNicknameRequestSchema,
          response: { 200: chatNicknameResponseSchema, ...nicknameErrors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return setChatNickname(db, session.partyId, request.body.nickname, { blockedWords });
      },
    );
  };

/** Under /bo: staff post to any public channel (permission channels.post), audited with the message. */
export const channelStaffRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.post(
      '/channels/:channelId/messages',
      {
        config: { permission: 'channels.post' },
        schema: {
          tags: ['back-office', ...tags],
          summary: 'Posts a staff message to a channel',
          params: channelParamsSchema,
          body: postChannelMessageRequestSchema,
          response: { 200: channelMessageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params;
        const actor = await requireStaff(db, request, reply, 'channels.post', { type: 'channel', id: String(channelId) });
        return staffAction(db, actor, 'channel.post', async (tx) => {
          const message = await postMessage(tx, channelId, { kind: 'STAFF', id: actor.staffId, name: actor.username }, request.body.text);
          return { result: message, detail: { seq: message.seq, text: message.text } };
        });
      },
    );
  };

/** Under /bo: moderators (channels.moderate) mute a player in a channel and set its slow mode, each audited. */
export const channelModerationRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.post(
      '/channels/:channelId/mutes',
      {
        config: { permission: 'channels.moderate' },
        schema: {
          tags: ['back-office', ...tags],
          summary: 'Mutes a player in a chat channel for a number of minutes',
          params: channelParamsSchema,
          body: muteRequestSchema,
          response: { 200: muteResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params;
        const { partyId, minutes } = request.body;
        const actor = await requireStaff(db, request, reply, 'channels.moderate', { type: 'player', id: partyId });
        await requireChannel(db, channelId);
        await requirePlayer(db, partyId);
        const until = new Date(Date.now() + minutes * 60_000).toISOString();
        return staffAction(db, actor, 'channel.mute', async () => ({
          result: { channelId, partyId, until },
          detail: { channelId: String(channelId), minutes, until },
        }));
      },
    );
    app.delete(
      '/channels/:channelId/mutes/:partyId',
      {
        config: { permission: 'channels.moderate' },
        schema: {
          tags: ['back-office', ...tags],
          summary: "Lifts a player's mute in a chat channel at once",
          params: muteParamsSchema,
          response: { 200: muteResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { channelId, partyId } = request.params;
        const actor = await requireStaff(db, request, reply, 'channels.moderate', { type: 'player', id: partyId });
        await requireChannel(db, channelId);
        await requirePlayer(db, partyId);
        // The newest channel.mute decides (channels.service): one ending now lifts the earlier one, and the record keeps both.
        const until = new Date().toISOString();
        return staffAction(db, actor, 'channel.mute', async () => ({
          result: { channelId, partyId, until },
          detail: { channelId: String(channelId), minutes: 0, until, lifted: true },
        }));
      },
    );
    app.get(
      '/channels/:channelId/moderation',
      {
        config: { permission: 'channels.moderate' },
        schema: {
          tags: ['back-office', ...tags],
          summary: "A chat channel's slow mode and recent messages with their authors' mutes",
          params: channelParamsSchema,
          response: { 200: channelModerationResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params;
        await requireStaff(db, request, reply, 'channels.moderate', { type: 'channel', id: String(channelId) });
        return moderationView(db, channelId);
      },
    );
    app.put(
      '/channels/:channelId/slow-mode',
      {
        config: { permission: 'channels.moderate' },
        schema: {
          tags: ['back-office', ...tags],
          summary: "Sets a chat channel's slow mode (seconds between a player's messages; 0 off)",
          params: channelParamsSchema,
          body: slowModeRequestSchema,
          response: { 200: slowModeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { channelId } = request.params;
        const { seconds } = request.body;
        const actor = await requireStaff(db, request, reply, 'channels.moderate', { type: 'channel', id: String(channelId) });
        await requireChannel(db, channelId);
        return staffAction(db, actor, 'channel.slow_mode', async () => ({ result: { channelId, seconds }, detail: { channelId: String(channelId), seconds } }));
      },
    );
  };
