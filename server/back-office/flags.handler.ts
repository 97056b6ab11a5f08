import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flagIdParamsSchema, flagListResponseSchema, flagQuerySchema, recordInteractionRequestSchema } from '../../contracts/back-office/flags';
import { errorResponseSchema } from '../../contracts/errors';
import { onLimitReached, onRealityCheckPattern } from '../platform/limits';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';
import { flagLimitHit, flagRealityCheckPattern, listFlags, recordInteraction } from './flags.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const tags = ['back-office'];

/**
 * The flagged-players queue under /bo/flags: reading it needs players.read, recording an interaction
 * players.note (support, reviewers, payments, operators). Limit refusals become flags as they happen.
 */
export const flagRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    // The refusal's transaction is rolling back when the listener hears of it: the flag is written
    // on the next turn of the event loop, in a transaction of its own.
    const unsubscribe = onLimitReached((hit) => {
      setImmediate(() => {
        flagLimitHit(db, hit).catch((error: unknown) => app.log.error({ err: error, playerId: hit.playerId }, 'back office: a limit flag was not recorded'));
      });
    });
    // A reality check answered with Continue once too often (or deep into a long session): stored
    // already when the listener hears of it, so the flag is written straight away.
    const unsubscribePatterns = onRealityCheckPattern((pattern) => {
      flagRealityCheckPattern(db, pattern).catch((error: unknown) =>
        app.log.error({ err: error, playerId: pattern.playerId }, 'back office: a reality-check flag was not recorded'),
      );
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      unsubscribePatterns();
    });

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
