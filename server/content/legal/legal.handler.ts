import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalListSchema, legalQuerySchema } from '../../../contracts/content/pages';
import { wpRestBase } from '../../../contracts/content/wp-rest';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList } from '../wp-rest/post-list';

export const legalTypes = ['responsible_gaming', 'terms_and_conditions', 'privacy_policy', 'funds_protection'] as const;

/**
 * GET /cms/wp-json/wp/v2/{responsible_gaming,terms_and_conditions,privacy_policy,funds_protection}
 * (CONTENT-12…16): posts with title, description, column (1–3) and priority, by priority;
 * responsible gaming is read with isInformation=1.
 */
export const legalRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    for (const type of legalTypes) {
      registerPostList(app, context, cache, {
        type,
        path: `${wpRestBase}/${type}`,
        summary: `${type.replace(/_/g, ' ')}: title, description, column and priority, by priority${type === 'responsible_gaming' ? '; isInformation=1 filters (CONTENT-15)' : ' (CONTENT-16)'}`,
        querystring: legalQuerySchema,
        response: legalListSchema,
        filter: (entry, query) => query.isInformation === undefined || (entry.post.acf.isInformation === true) === query.isInformation,
        defaultOrderBy: 'priority',
      });
    }
  };
