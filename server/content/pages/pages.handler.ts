import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aboutListSchema, contactListSchema, glossaryListSchema } from '../../../contracts/content/pages';
import { wpListQuerySchema, wpRestBase } from '../../../contracts/content/wp-rest';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList, stringAt, withImage } from '../wp-rest/post-list';

/**
 * GET /cms/wp-json/wp/v2/about_us (CONTENT-18), /contact_us (CONTENT-19…22: free call, call and
 * SMS numbers, live chat and e-mail entries) and /casino_glossary (CONTENT-17, alphabetical).
 */
export const pagesRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    registerPostList(app, context, cache, {
      type: 'about_us',
      path: `${wpRestBase}/about_us`,
      summary: 'About us sections, by priority (CONTENT-18)',
      querystring: wpListQuerySchema,
      response: aboutListSchema,
      shape: (entry) => withImage(entry, stringAt(entry.post.acf, 'image', 'url'), stringAt(entry.post.acf, 'image', 'alt') ?? entry.row.title, 1200, 675),
      defaultOrderBy: 'priority',
    });
    registerPostList(app, context, cache, {
      type: 'contact_us',
      path: `${wpRestBase}/contact_us`,
      summary: 'Contact-us entries: free call, call/SMS numbers, live chat, e-mail (CONTENT-19…22)',
      querystring: wpListQuerySchema,
      response: contactListSchema,
      defaultOrderBy: 'priority',
    });
    registerPostList(app, context, cache, {
      type: 'casino_glossary',
      path: `${wpRestBase}/casino_glossary`,
      summary: 'Casino glossary terms (title, glossary), alphabetical (CONTENT-17)',
      querystring: wpListQuerySchema,
      response: glossaryListSchema,
      defaultOrderBy: 'title',
    });
  };
