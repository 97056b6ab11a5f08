import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../service-context';
import { healthRoutes } from './health/health.handler';

/** Operations endpoints, mounted at /management (spec 001 §7 Operations). */
export const managementService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(healthRoutes(context));
  };
