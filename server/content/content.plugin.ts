import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../service-context';
import { configurationRoutes } from './configuration/configuration.handler';
import { translationsRoutes } from './translations/translations.handler';

const mediaRoot = fileURLToPath(new URL('./media/', import.meta.url));

/** The content service, mounted at /cms: WordPress-compatible REST (spec 000 §7 Content service). */
export const contentService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyStatic, {
      root: mediaRoot,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '7d',
      immutable: false,
    });
    await app.register(configurationRoutes(context));
    await app.register(translationsRoutes(context));
  };
