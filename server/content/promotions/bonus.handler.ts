import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bonusListSchema, bonusQuerySchema } from '../../../contracts/content/pages';
import { wpRestBase } from '../../../contracts/content/wp-rest';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList, stringAt, withImage } from '../wp-rest/post-list';

/** GET /cms/wp-json/wp/v2/bonus (CONTENT-01…06): promotions; `isFeatured=1` for the promotions page, by priority. */
export const bonusRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    registerPostList(app, context, cache, {
      type: 'bonus',
      path: `${wpRestBase}/bonus`,
      summary: 'Promotions (bonus plans); isFeatured=1 lists the featured ones, ordered by priority (CONTENT-01, CONTENT-06)',
      querystring: bonusQuerySchema,
      response: bonusListSchema,
      shape: (entry) =>
        withImage(
          { ...entry, post: { ...entry.post, bonus_plan_id: Number(entry.post.acf.bonus_plan_id ?? 0), priority: entry.row.priority } },
          stringAt(entry.post.acf, 'image', 'url'),
          stringAt(entry.post.acf, 'image', 'alt') ?? entry.row.title,
          1200,
          675,
        ),
      filter: (entry, query) => query.isFeatured === undefined || (entry.post.acf.isFeatured === true) === query.isFeatured,
      defaultOrderBy: 'priority',
    });
  };
