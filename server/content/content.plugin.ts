import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { channelContentRoutes } from '../channels/routes';
import type { ServiceContext } from '../service-context';
import { blogRoutes } from './blog/blog.handler';
import { paymentMethodRoutes } from './cashier/payment-method.handler';
import { configurationRoutes } from './configuration/configuration.handler';
import { gameRoutes } from './games/game.handler';
import { gameTaxonomyRoutes } from './games/game-taxonomy.handler';
import { homeRoutes } from './home/home.handler';
import { legalRoutes } from './legal/legal.handler';
import { loyaltyItemRoutes } from './loyalty/loyalty-item.handler';
import { mediaRoutes } from './media/media.handler';
import { pagesRoutes } from './pages/pages.handler';
import { bonusRoutes } from './promotions/bonus.handler';
import { translationsRoutes } from './translations/translations.handler';
import { translationsWriteRoutes } from './translations/translations-write';
import { ContentCache } from './wp-rest/content-cache';
import { postWriteRoutes } from './wp-rest/post-write';
import { wpIndexRoutes } from './wp-rest/wp-index';

const mediaRoot = fileURLToPath(new URL('./media/', import.meta.url));

/** The content service, mounted at /cms: WordPress-compatible REST (spec 000 §7 Content service). */
export const contentService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const cache = new ContentCache(context.database.db);
    await app.register(mediaRoutes(cache));
    await app.register(fastifyStatic, {
      root: mediaRoot,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '7d',
      immutable: false,
      allowedPath: (pathName) => pathName.endsWith('.svg') || pathName.endsWith('.png') || pathName.endsWith('.webp') || pathName.endsWith('.jpg'),
    });
    await app.register(configurationRoutes(context));
    await app.register(translationsRoutes(context));
    for (const routes of [gameRoutes, gameTaxonomyRoutes, homeRoutes, bonusRoutes, blogRoutes, legalRoutes, pagesRoutes, paymentMethodRoutes]) {
      await app.register(routes(context, cache));
    }
    await app.register(wpIndexRoutes());
    await app.register(postWriteRoutes(context));
    await app.register(translationsWriteRoutes(context));
    await app.register(loyaltyItemRoutes(context));
    await app.register(channelContentRoutes(context));
  };
