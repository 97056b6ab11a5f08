import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translationsPath, translationsQuerySchema, translationsResponseSchema, type TranslationPost } from '../../../contracts/content/translations';
import { sendRevalidated } from '../../http/cacheable';
import type { ServiceContext } from '../../service-context';
import { findPublishedPosts, wordpressGmt } from '../content-posts.repository';

export const TRANSLATIONS_TYPE = 'translations';

export async function readTranslations({ database }: ServiceContext, slug?: string): Promise<TranslationPost[]> {
  const posts = await findPublishedPosts(database.db, TRANSLATIONS_TYPE, { slug });
  return posts.map((post) => ({
    id: post.id,
    slug: post.slug as TranslationPost['slug'],
    title: { rendered: post.title },
    modified_gmt: wordpressGmt(post.modifiedAt),
    acf: { strings: typeof post.acf.strings === 'string' ? post.acf.strings : '' },
  }));
}

export const translationsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      translationsPath,
      {
        schema: {
          tags: ['content'],
          summary: 'Interface string overrides as key::value lines, by language (BOOT-11, I18N-01)',
          querystring: translationsQuerySchema,
          response: { 200: translationsResponseSchema },
        },
      },
      async (request, reply) => sendRevalidated(request, reply, await readTranslations(context, request.query.slug)),
    );
  };
