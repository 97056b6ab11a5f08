import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { getPlayerMessagesResponseSchema } from '../../../contracts/platform/messages/get-player-messages';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { playerMessages, unreadMessageCount } from './messages.repository';

export const getPlayerMessagesRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.get(
      '/getPlayerMessages',
      {
        config: { restrictedSession: true },
        schema: {
          tags: ['platform'],
          summary: "The player's messages, newest first, with the unread count (CONTENT-30…33)",
          response: { 200: getPlayerMessagesResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const [messages, unreadCount] = await Promise.all([playerMessages(db, session.partyId), unreadMessageCount(db, session.partyId)]);
        return { status: 'SUCCESS' as const, messages, unreadCount };
      },
    );
  };
