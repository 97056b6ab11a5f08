import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../service-context';
import { outboxRoutes } from './mail/outbox.handler';

/**
 * Sandbox providers, mounted at /sandbox outside production: the mail outbox now; payment, identity
 * and address sandboxes join it.
 */
export const sandboxService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(outboxRoutes(context));
  };
