import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../service-context';
import { referralsRoutes } from './referrals.handler';

/**
 * Refer a friend under /ps: its routes. Its part in sign-up and verification is a listener the
 * composition root attaches to the server's database (referralPlayerListeners, server/modules.ts).
 */
export const referralsPlugin =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(referralsRoutes(context));
  };
