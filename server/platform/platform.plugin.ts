import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../service-context';
import { pingRoutes } from './ping/ping.handler';
import { checkSessionAliveRoutes } from './session/check-session-alive.handler';

/** The platform service, mounted at /ps: accounts, sessions, wallet and cashier operations by spec name. */
export const platformService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(pingRoutes);
    await app.register(checkSessionAliveRoutes(context));
  };
