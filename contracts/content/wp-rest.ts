import { z } from 'zod';
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
  let schema = z.coerce.number({ message: `${field} must be a whole number` }).int({ message: `${field} must be a whole number` }).min(min, { message: `${field} must be at least ${min}` });
  if (max !== undefined) schema = schema.max(max, { message: `${field} must be at most ${max}` });
  return schema;
};

/** A WordPress `slug` filter: one slug or several separated by commas. */
export const slugListSchema = z
  .string()
  .max(500, { message: 'slug is too long' })
  .regex(/^[a-z0-9_-]+(,[a-z0-9_-]+)*$/i, { message: 'slug must be lower-case words joined by hyphens, comma separated' });

/** `?isFeatured=1` style flags. */
export const flagSchema = z.enum(['0', '1', 'true', 'false'], { message: 'must be 0 or 1' }).transform((value) => value === '1' || value === 'true');

export const orderSchema = z.enum(['asc', 'desc'], { message: 'order must be asc or desc' });

/** Query parameters every content list accepts; unknown parameters are ignored, as WordPress does. */
export const wpListQuerySchema = z.object({
  per_page: wholeNumber('per_page', 1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  page: wholeNumber('page', 1, 100_000).default(1),
  /** Content in this language where it exists, else the English post (GAMES-14). */
  lang: languageSchema.default('en'),
  slug: slugListSchema.optional(),
  /** Present (any value, also empty) asks for `_embedded['wp:featuredmedia']` (GAMES-15). */
  _embed: z.string().max(100).optional(),
  order: orderSchema.optional(),
  orderby: z.enum(['priority', 'menu_order', 'title', 'date', 'modified', 'id', 'slug'], { message: 'orderby must be priority, title, date, modified, id or slug' }).optional(),
});
export type WpListQuery = z.infer<typeof wpListQuerySchema>;

export const renderedSchema = z.object({ rendered: z.string() });

/** An image as WordPress' featured media embeds it. */
export const featuredMediaSchema = z.object({
  id: z.number().int(),
  source_url: z.string(),
  media_type: z.literal('image'),
  mime_type: z.string(),
  alt_text: z.string(),
  media_details: z.object({ width: z.number().int(), height: z.number().int() }),
});
export type FeaturedMedia = z.infer<typeof featuredMediaSchema>;

/** The fields every post answers with, WordPress names; `acf` carries the type's own fields. */
export const wpPostBaseSchema = z.object({
  id: z.number().int(),
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
  featured_media: z.number().int(),
  menu_order: z.number().int(),
  _embedded: z.object({ 'wp:featuredmedia': z.array(featuredMediaSchema) }).optional(),
});

export const wpPostSchema = <A extends z.ZodType, E extends z.ZodRawShape>(acf: A, extra: E) => wpPostBaseSchema.extend({ acf, ...extra });

/** An image field as ACF returns it for an attachment: address and type. */
export const imageFieldSchema = z.object({
  guid: z.string(),
  post_mime_type: z.string().default('image/svg+xml'),
  url: z.string().optional(),
  alt: z.string().optional(),
});
export type ImageField = z.infer<typeof imageFieldSchema>;

/** Where a link may point: http(s), mailto:, tel: or an address on this site. */
export const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|sms:|\/(?!\/)|#|\?)/i;
/** Where an image may come from: http(s) or an address on this site (DEF-19). */
export const SAFE_IMAGE = /^(https?:\/\/|\/(?!\/))/i;
