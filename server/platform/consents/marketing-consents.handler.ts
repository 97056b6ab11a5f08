import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { marketingConsentsResponseSchema, updateMarketingConsentsRequestSchema } from '../../../contracts/platform/marketing/marketing-consents';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { marketingConsentsOf, setMarketingConsents } from './marketing-consents.service';

/** The player's own marketing matrix (SR 5.1.12) under /ps; thin: the rules are in the service. */
export const marketingConsentsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.get(
      '/user/marketingConsents',
      {
        schema: {
          tags: ['platform'],
          summary: "The player's marketing consent per product (GAMING, BINGO) and channel (EMAIL, SMS, PHONE, POST); unticked unless the player said yes",
          response: { 200: marketingConsentsResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { status: 'SUCCESS' as const, consents: await marketingConsentsOf(db, session.partyId) };
      },
    );

    app.put(
      '/user/marketingConsents',
      {
        schema: {
          tags: ['platform'],
          summary: 'Ticks or unticks the named marketing boxes (product × channel); the others keep their state. BETTING is not offered.',
          body: updateMarketingConsentsRequestSchema,
          response: { 200: marketingConsentsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        await setMarketingConsents(db, session.partyId, request.body.consents, { kind: 'PLAYER', playerId: session.partyId });
        return { status: 'SUCCESS' as const, consents: await marketingConsentsOf(db, session.partyId) };
      },
    );
  };
