import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blogCategoryListSchema, blogListSchema, blogQuerySchema } from '../../../contracts/content/pages';
import { wpListQuerySchema, wpRestBase } from '../../../contracts/content/wp-rest';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList, stringAt, withImage } from '../wp-rest/post-list';

interface BlogCategoryRef {
  id: number;
  slug: string;
  name: string;
}

/**
 * GET /cms/wp-json/wp/v2/blog (CONTENT-07…11): newest first; `blog_category=<slug>` filters.
 * GET /cms/wp-json/wp/v2/blog_category (CONTENT-08): the filter buttons, by priority.
 */
export const blogRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    registerPostList(app, context, cache, {
      type: 'blog',
      path: `${wpRestBase}/blog`,
      summary: 'Blog posts, newest first; blog_category filters by category slug (CONTENT-07…11)',
      querystring: blogQuerySchema,
      response: blogListSchema,
      prepare: (contentCache, lang) =>
        contentCache.memo(`blog-categories:${lang}`, async () => {
          const rows = await contentCache.postsIn('blog_category', lang);
          return new Map<string, BlogCategoryRef>(rows.map((row) => [row.slug, { id: row.id, slug: row.slug, name: row.title }]));
        }),
      shape: (entry, categories) => {
        const slugs = Array.isArray(entry.post.acf.blog_category) ? (entry.post.acf.blog_category as string[]) : [];
        const refs = slugs.map((slug) => categories.get(slug)).filter((ref): ref is BlogCategoryRef => ref !== undefined);
        return withImage(
          { ...entry, post: { ...entry.post, acf: { ...entry.post.acf, blog_category: refs } } },
          stringAt(entry.post.acf, 'image', 'url'),
          stringAt(entry.post.acf, 'image', 'alt') ?? entry.row.title,
          1200,
          675,
        );
      },
      filter: (entry, query) => {
        if (typeof query.blog_category !== 'string') return true;
        const wanted = new Set(query.blog_category.split(','));
        return (entry.post.acf.blog_category as BlogCategoryRef[]).some((category) => wanted.has(category.slug));
      },
      defaultOrderBy: 'date',
    });
    registerPostList(app, context, cache, {
      type: 'blog_category',
      path: `${wpRestBase}/blog_category`,
      summary: 'Blog categories (filter buttons), by priority (CONTENT-08)',
      querystring: wpListQuerySchema,
      response: blogCategoryListSchema,
      shape: (entry) => ({ ...entry, post: { ...entry.post, name: entry.row.title, priority: entry.row.priority } }),
      defaultOrderBy: 'priority',
    });
  };
