import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../service-context';
import { outboxRoutes } from './mail';
import { paymentsSandboxRoutes } from './payments';

/**
 * Sandbox providers, mounted at /sandbox outside production: the mail outbox and the payment
 * service provider (pages, blockchain simulator, webhooks); identity and address sandboxes join them.
 */
export const sandboxService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(outboxRoutes(context));
    await app.register(paymentsSandboxRoutes(context));
  };
