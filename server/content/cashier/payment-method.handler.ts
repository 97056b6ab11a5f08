import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethodListSchema } from '../../../contracts/content/payment-method';
import { wpListQuerySchema, wpRestBase } from '../../../contracts/content/wp-rest';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList, stringAt, withImage } from '../wp-rest/post-list';

/** GET /cms/wp-json/wp/v2/payment_method (getPaymentData, DEP-06): each method's code, logo and quick amounts, by priority. */
export const paymentMethodRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    registerPostList(app, context, cache, {
      type: 'payment_method',
      path: `${wpRestBase}/payment_method`,
      summary: 'Cashier payment methods (getPaymentData, DEP-06): code, logo.guid, quick_amounts, by priority; limits come from the platform',
      querystring: wpListQuerySchema,
      response: paymentMethodListSchema,
      shape: (entry) =>
        withImage(
          entry,
          stringAt(entry.post.acf, 'logo', 'guid') ?? stringAt(entry.post.acf, 'logo', 'url'),
          stringAt(entry.post.acf, 'logo', 'alt') ?? entry.row.title,
          240,
          120,
        ),
      defaultOrderBy: 'priority',
    });
  };
