import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { markMessagesReadRequestSchema, markMessagesReadResponseSchema } from '../../../contracts/platform/messages/mark-messages-read';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { markMessagesRead, unreadMessageCount } from './messages.repository';

export const markMessagesReadRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.post(
      '/markMessagesRead',
      {
        config: { restrictedSession: true },
        schema: {
          tags: ['platform'],
          summary: "Marks the player's messages read when the messages modal shows them (CONTENT-33)",
          body: markMessagesReadRequestSchema,
          response: { 200: markMessagesReadResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        if (!(await markMessagesRead(db, session.partyId, request.body.messageIds))) {
          throw new AppError('MESSAGE_NOT_FOUND', undefined, [{ field: 'messageIds', error: 'No such message' }]);
        }
        return { status: 'SUCCESS' as const, unreadCount: await unreadMessageCount(db, session.partyId) };
      },
    );
  };
