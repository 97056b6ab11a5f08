import { z } from 'zod/mini';
import { languageSchema } from './translations';

/**
 * The shapes every WordPress-style list under /cms/wp-json/wp/v2/<type> shares (spec 000 §7,
 * ARCHITECTURE §6): the query parameters a WordPress site understands, the post fields it answers
 * with and the paging headers. A real WordPress with the same post types and ACF fields could stand
 * in for the built-in content service.
 */
export const wpRestBase = '/wp-json/wp/v2';

/** BOOT-22: content lists answer 100 posts per page unless asked otherwise; WordPress' ceiling is 100. */
export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 100;

export const TOTAL_HEADER = 'X-WP-Total';
export const TOTAL_PAGES_HEADER = 'X-WP-TotalPages';

const wholeNumber = (field: string, min: number, max?: number) => {
  const schema = z.coerce
    .number({ message: `${field} must be a whole number` })
    .check(z.int({ message: `${field} must be a whole number` }), z.gte(min, { message: `${field} must be at least ${min}` }));
  return max === undefined ? schema : schema.check(z.lte(max, { message: `${field} must be at most ${max}` }));
};

/** A WordPress `slug` filter: one slug or several separated by commas. */
export const slugListSchema = z
  .string()
  .check(
    z.maxLength(500, { message: 'slug is too long' }),
    z.regex(/^[a-z0-9_-]+(,[a-z0-9_-]+)*$/i, { message: 'slug must be lower-case words joined by hyphens, comma separated' }),
  );

/** `?isFeatured=1` style flags. */
export const flagSchema = z.pipe(
  z.enum(['0', '1', 'true', 'false'], { message: 'must be 0 or 1' }),
  z.transform((value: '0' | '1' | 'true' | 'false') => value === '1' || value === 'true'),
);

export const orderSchema = z.enum(['asc', 'desc'], { message: 'order must be asc or desc' });

/** Query parameters every content list accepts; unknown parameters are ignored, as WordPress does. */
export const wpListQuerySchema = z.object({
  per_page: z._default(wholeNumber('per_page', 1, MAX_PER_PAGE), DEFAULT_PER_PAGE),
  page: z._default(wholeNumber('page', 1, 100_000), 1),
  /** Content in this language where it exists, else the English post (GAMES-14). */
  lang: z._default(languageSchema, 'en'),
  slug: z.optional(slugListSchema),
  /** Present (any value, also empty) asks for `_embedded['wp:featuredmedia']` (GAMES-15). */
  _embed: z.optional(z.string().check(z.maxLength(100))),
  order: z.optional(orderSchema),
  orderby: z.optional(
    z.enum(['priority', 'menu_order', 'title', 'date', 'modified', 'id', 'slug'], { message: 'orderby must be priority, title, date, modified, id or slug' }),
  ),
});
export type WpListQuery = z.infer<typeof wpListQuerySchema>;

/** A single post's query (`/wp/v2/<type>/<id>`): only `_embed`; others are ignored, as WordPress does. */
export const wpItemQuerySchema = z.object({ _embed: z.optional(z.string().check(z.maxLength(100))) });

export const renderedSchema = z.object({ rendered: z.string() });

/** An image as WordPress' featured media embeds it. */
export const featuredMediaSchema = z.object({
  id: z.number().check(z.int()),
  source_url: z.string(),
  media_type: z.literal('image'),
  mime_type: z.string(),
  alt_text: z.string(),
  media_details: z.object({ width: z.number().check(z.int()), height: z.number().check(z.int()) }),
});
export type FeaturedMedia = z.infer<typeof featuredMediaSchema>;

/** The fields every post answers with, WordPress names; `acf` carries the type's own fields. */
export const wpPostBaseSchema = z.object({
  id: z.number().check(z.int()),
  date: z.string(),
  date_gmt: z.string(),
  modified: z.string(),
  modified_gmt: z.string(),
  slug: z.string(),
  status: z.literal('publish'),
  type: z.string(),
  link: z.string(),
  lang: languageSchema,
  guid: renderedSchema,
  title: renderedSchema,
  content: z.object({ rendered: z.string(), protected: z.boolean() }),
  /** WordPress' summary, on the types that have one (a blog post's short description). */
  excerpt: z.optional(z.object({ rendered: z.string(), protected: z.boolean() })),
  featured_media: z.number().check(z.int()),
  menu_order: z.number().check(z.int()),
  _embedded: z.optional(z.object({ 'wp:featuredmedia': z.array(featuredMediaSchema) })),
});

export const wpPostSchema = <A extends z.core.SomeType, E extends z.core.$ZodShape>(acf: A, extra: E) => z.extend(wpPostBaseSchema, { acf, ...extra });

/** An image field as ACF returns it for an attachment: address and type. */
export const imageFieldSchema = z.object({
  guid: z.string(),
  post_mime_type: z._default(z.string(), 'image/svg+xml'),
  url: z.optional(z.string()),
  alt: z.optional(z.string()),
});
export type ImageField = z.infer<typeof imageFieldSchema>;

/** Where a link may point: http(s), mailto:, tel: or an address on this site. */
export const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|sms:|\/(?!\/)|#|\?)/i;
/** Where an image may come from: http(s) or an address on this site (DEF-19). */
export const SAFE_IMAGE = /^(https?:\/\/|\/(?!\/))/i;
