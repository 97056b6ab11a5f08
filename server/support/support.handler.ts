import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contracts/errors';
import {
  playerSupportResponseSchema,
  playerSupportWriteResponseSchema,
  staffSupportConversationSchema,
  staffSupportQueueQuerySchema,
  staffSupportQueueSchema,
  supportConversationParamsSchema,
  supportConversationSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
} from '../../contracts/support/support';
import { z } from 'zod';
import { requireStaff, staffAction } from '../back-office';
import { requireSession } from '../platform/session';
import type { ServiceContext } from '../service-context';
import type { SupportSchedule } from './support-hours';
import { answerAsStaff, closeAsStaff, readPlayerConversation, readPlayerSupport, readStaffConversation, supportQueue, writeAsPlayer } from './support.service';

const tags = ['support'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

export const supportSchedule = (context: ServiceContext): SupportSchedule => ({
  timeZone: context.config.SUPPORT_TIMEZONE,
  hours: context.config.SUPPORT_HOURS,
  days: context.config.SUPPORT_DAYS,
});

/** Under /ps: a signed-in player's live support conversation (LIVE HELP, the contact page's chat). */
export const supportPlayerRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const schedule = supportSchedule(context);
    app.get(
      '/support/conversation',
      {
        config: { restrictedSession: true },
        schema: { tags, summary: "The player's current support conversation and support's hours", response: { 200: playerSupportResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return readPlayerSupport(db, schedule, session.partyId);
      },
    );
    app.get(
      '/support/conversations/:conversationId',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: "One of the player's support conversations",
          params: supportConversationParamsSchema,
          response: { 200: supportConversationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return readPlayerConversation(db, session.partyId, request.params.conversationId);
      },
    );
    app.post(
      '/support/messages',
      {
        config: { restrictedSession: true },
        schema: {
          tags,
          summary: 'Writes to support: continues the open conversation or starts one; kept outside hours',
          body: supportMessageRequestSchema,
          response: { 200: playerSupportWriteResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return writeAsPlayer(db, schedule, { id: session.partyId, name: session.username }, request.body.text);
      },
    );
  };

/** Under /bo: support staff's queue, reading, answering and closing (support.chat); answers and closings audited. */
export const supportStaffRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const bo = ['back-office', ...tags];
    app.get(
      '/support/conversations',
      {
        config: { permission: 'support.chat' },
        schema: {
          tags: bo,
          summary: 'Support conversations by status, the longest-waiting first',
          querystring: staffSupportQueueQuerySchema,
          response: { 200: staffSupportQueueSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'support.chat', null);
        return { conversations: await supportQueue(db, request.query.status) };
      },
    );
    app.get(
      '/support/conversations/:conversationId',
      {
        config: { permission: 'support.chat' },
        schema: {
          tags: bo,
          summary: 'A support conversation',
          params: supportConversationParamsSchema,
          response: { 200: staffSupportConversationSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'support.chat', { type: 'support-conversation', id: request.params.conversationId });
        return readStaffConversation(db, request.params.conversationId);
      },
    );
    app.post(
      '/support/conversations/:conversationId/messages',
      {
        config: { permission: 'support.chat' },
        schema: {
          tags: bo,
          summary: 'Answers a support conversation',
          params: supportConversationParamsSchema,
          body: supportMessageRequestSchema,
          response: { 200: z.object({ conversation: staffSupportConversationSchema, message: supportMessageSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'support.chat', { type: 'support-conversation', id: request.params.conversationId });
        return staffAction(db, actor, 'support.answer', async (tx) => {
          const answer = await answerAsStaff(tx, request.params.conversationId, { id: actor.staffId, name: actor.username }, request.body.text);
          return { result: answer, detail: { messageId: answer.message.id, text: answer.message.text } };
        });
      },
    );
    app.post(
      '/support/conversations/:conversationId/close',
      {
        config: { permission: 'support.chat' },
        schema: {
          tags: bo,
          summary: 'Closes a support conversation (kept)',
          params: supportConversationParamsSchema,
          response: { 200: staffSupportConversationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'support.chat', { type: 'support-conversation', id: request.params.conversationId });
        return staffAction(db, actor, 'support.close', async (tx) => ({ result: await closeAsStaff(tx, request.params.conversationId) }));
      },
    );
  };
