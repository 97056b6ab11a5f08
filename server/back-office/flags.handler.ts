import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flagIdParamsSchema, flagListResponseSchema, flagQuerySchema, recordInteractionRequestSchema } from '../../contracts/back-office/flags';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';
import { listFlags, recordInteraction } from './flags.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const tags = ['back-office'];

/**
 * The flagged-players queue under /bo/flags: reading it needs players.read, recording an interaction
 * players.note (support, reviewers, payments, operators). Limit refusals and reality-check patterns
 * become flags as they happen, through the limits module's notices (limitFlagNotices, handed to it in
 * server/modules.ts).
 */
export const flagRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/flags',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: 'Players flagged by the platform (jurisdiction mismatch, limit reached, reality-check pattern), with their customer interactions',
          querystring: flagQuerySchema,
          response: { 200: flagListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', null);
        return { flags: await listFlags(db, request.query.status) };
      },
    );

    app.post(
      '/flags/:flagId/interactions',
      {
        config: { permission: 'players.note' },
        schema: {
          tags,
          summary: 'Records a customer interaction on a flag (what was discussed, the outcome), and closes it when asked',
          params: flagIdParamsSchema,
          body: recordInteractionRequestSchema,
          response: { 200: z.object({ interactionId: z.uuid(), closed: z.boolean() }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'players.note', { type: 'flag', id: request.params.flagId });
        return recordInteraction(db, actor, request.params.flagId, request.body);
      },
    );
  };
