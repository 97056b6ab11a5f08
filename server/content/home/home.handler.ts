import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionListSchema, actionQuerySchema, homeListSchema } from '../../../contracts/content/pages';
import { wpListQuerySchema, wpRestBase } from '../../../contracts/content/wp-rest';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList, stringAt, withImage } from '../wp-rest/post-list';

/**
 * GET /cms/wp-json/wp/v2/home (HOME-09…14, HOME-20): banner entries; the one titled 'Home' is the
 * default and one titled with an affiliate id overrides it for that affiliate's visitors (NS-12).
 * GET /cms/wp-json/wp/v2/action (HOME-15…19, HOME-24): promotional cards by display_page and priority.
 */
export const homeRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    registerPostList(app, context, cache, {
      type: 'home',
      path: `${wpRestBase}/home`,
      summary: "Home banners: the entry titled 'Home' and affiliate variants titled with the affiliate id (HOME-09…14, NS-12)",
      querystring: wpListQuerySchema,
      response: homeListSchema,
      shape: (entry) => withImage(entry, stringAt(entry.post.acf, 'background_image', 'guid'), entry.row.title, 1600, 600),
      defaultOrderBy: 'priority',
    });
    registerPostList(app, context, cache, {
      type: 'action',
      path: `${wpRestBase}/action`,
      summary: 'Promotional action cards for display_page home, home-auth, casino, live-casino and bingo, by priority (HOME-15…19, HOME-24)',
      querystring: actionQuerySchema,
      response: actionListSchema,
      shape: (entry) => withImage(entry, stringAt(entry.post.acf, 'image', 'guid'), entry.row.title, 800, 450),
      filter: (entry, query) => query.display_page === undefined || entry.post.acf.display_page === query.display_page,
      defaultOrderBy: 'priority',
    });
  };
