import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  registerRemovalsQuerySchema,
  registerRemovalsResponseSchema,
  staffRemovalRequestSchema,
  staffRemovalResponseSchema,
} from '../../contracts/back-office/register-removals';
import { playerIdParamsSchema } from '../../contracts/back-office/players';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';
import { registerRemovalList, removePlayerOnRequest } from './register.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['back-office'];

/** The account-holder register in the back office (issue 29 item 9): what the job and requests did, and staff's removal on a player's request. */
export const registerRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/registerRemovals',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary:
            "The account-holder register's removals, newest first, 50 a page: notices, removals done, blocked (money held) and cancelled (played again); by status or player",
          querystring: registerRemovalsQuerySchema,
          response: { 200: registerRemovalsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', request.query.playerId ? { type: 'player', id: request.query.playerId } : null);
        return registerRemovalList(db, request.query);
      },
    );

    app.post(
      '/players/:playerId/registerRemoval',
      {
        config: { permission: 'players.remove' },
        schema: {
          tags,
          summary:
            'Removes the player from the account-holder register on their request: anonymised at once, audited; 409 naming balance or withdrawal while the account holds money',
          params: playerIdParamsSchema,
          body: staffRemovalRequestSchema,
          response: { 200: staffRemovalResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'players.remove', { type: 'player', id: request.params.playerId });
        return { removal: await removePlayerOnRequest(context, actor, request.params.playerId, request.body.note) };
      },
    );
  };
