import { z } from 'zod';
import { gameAcfSchema, taxonomyAcfSchema } from '../../contracts/content/games';
import {
  aboutAcfSchema,
  actionAcfSchema,
  blogAcfSchema,
  blogCategoryAcfSchema,
  bonusAcfSchema,
  contactAcfSchema,
  glossaryAcfSchema,
  homeAcfSchema,
  legalAcfSchema,
} from '../../contracts/content/pages';
import { paymentMethodAcfSchema } from '../../contracts/content/payment-method';
import { safeUrl, sanitizeHtmlField, sanitizeTitle } from './html-sanitizer';

/**
 * Every WordPress-style post type the content service keeps in `content_post`, with the schema of
 * its `acf` fields and which of them hold HTML. Writes (seed, import, tests, later an editor) are
 * validated and sanitised against this; answers are sanitised again (DEF-19).
 */
export interface PostTypeDefinition {
  acf: z.core.$ZodType<Record<string, unknown>>;
  /** acf keys holding HTML. */
  html: readonly string[];
}

const legal: PostTypeDefinition = { acf: legalAcfSchema, html: ['description'] };

export const postTypes = {
  home: { acf: homeAcfSchema, html: ['welcome_message', 'mobile_welcome_message'] },
  action: { acf: actionAcfSchema, html: ['description'] },
  bonus: { acf: bonusAcfSchema, html: ['description', 'terms_and_conditions'] },
  blog: { acf: blogAcfSchema, html: ['description'] },
  blog_category: { acf: blogCategoryAcfSchema, html: [] },
  responsible_gaming: legal,
  terms_and_conditions: legal,
  privacy_policy: legal,
  funds_protection: legal,
  about_us: { acf: aboutAcfSchema, html: ['description'] },
  contact_us: { acf: contactAcfSchema, html: ['description'] },
  casino_glossary: { acf: glossaryAcfSchema, html: ['glossary'] },
  game: { acf: gameAcfSchema, html: ['game_information'] },
  game_category: { acf: taxonomyAcfSchema, html: ['description'] },
  game_provider: { acf: taxonomyAcfSchema, html: ['description'] },
  payment_method: { acf: paymentMethodAcfSchema, html: ['description'] },
} as const satisfies Record<string, PostTypeDefinition>;

export type PostType = keyof typeof postTypes;

/**
 * WordPress' `excerpt` for the types that have a summary of their own: a blog post's short
 * description (the text on its card, CONTENT-10). Other types have no summary field, and an
 * excerpt written to them is refused rather than kept where nothing shows it.
 */
export const excerptFields: Partial<Record<PostType, string>> = { blog: 'short_description' };
export const excerptFieldOf = (type: string): string | undefined => (isPostType(type) ? excerptFields[type] : undefined);
export const postTypeNames = Object.keys(postTypes) as PostType[];
export const isPostType = (type: string): type is PostType => Object.hasOwn(postTypes, type);

/** Keys whose string value is an image address, wherever they sit in `acf`. */
const IMAGE_KEYS = new Set(['guid', 'src', 'game_thumbnail', 'game_background']);
/** Keys whose string value is a link. */
const LINK_KEYS = new Set(['link', 'linkTo', 'href']);
const IMAGE_PARENTS = /(image|logo|background|thumbnail)$/;

function cleanValue(value: unknown, key: string, parentKey: string, html: ReadonlySet<string>, depth: number): unknown {
  if (typeof value === 'string') {
    if (depth === 0 && html.has(key)) return sanitizeHtmlField(value);
    if (IMAGE_KEYS.has(key) || (key === 'url' && IMAGE_PARENTS.test(parentKey))) return safeUrl(value, 'image');
    if (LINK_KEYS.has(key) || key === 'url') return safeUrl(value, 'link');
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, key, parentKey, html, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([childKey, child]) => [childKey, cleanValue(child, childKey, key, html, depth + 1)]));
  }
  return value;
}

/** Sanitises the HTML and address fields of a post's `acf` (unknown types: addresses only). */
export function sanitizeAcf(type: string, acf: Record<string, unknown>): Record<string, unknown> {
  const html = new Set<string>(isPostType(type) ? postTypes[type].html : []);
  return Object.fromEntries(Object.entries(acf).map(([key, value]) => [key, cleanValue(value, key, '', html, 0)]));
}

export interface PostInput {
  type: string;
  slug: string;
  lang?: string | undefined;
  status?: string | undefined;
  title: string;
  content?: string | undefined;
  priority?: number | undefined;
  acf?: Record<string, unknown> | undefined;
}

export class InvalidPostError extends Error {
  constructor(
    readonly post: { type: string; slug: string },
    readonly issues: { field: string; error: string }[],
  ) {
    super(`${post.type}/${post.slug}: ${issues.map((issue) => `${issue.field} ${issue.error}`).join('; ')}`);
    this.name = 'InvalidPostError';
  }
}

const SLUG = /^[a-z0-9][a-z0-9_-]{0,199}$/;

/**
 * Validates a post of a known type (acf schema, slug, language) and sanitises it; the post's
 * priority column follows `acf.priority` or `acf.game_priority`, which the lists sort by.
 * Types without a definition (configuration, translations) keep their own handling.
 */
export function preparePostForWrite<T extends PostInput>(post: T): T {
  if (!isPostType(post.type)) return post;
  const issues: { field: string; error: string }[] = [];
  if (!SLUG.test(post.slug)) issues.push({ field: 'slug', error: 'must be lower-case letters, digits, hyphens or underscores' });
  if (post.lang !== undefined && post.lang !== 'en' && post.lang !== 'mk') issues.push({ field: 'lang', error: 'must be en or mk' });
  if (!post.title.trim() || post.title.length > 300) issues.push({ field: 'title', error: 'must be 1 to 300 characters' });
  const parsed = z.safeParse(postTypes[post.type].acf, post.acf ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.push({ field: ['acf', ...issue.path.map(String)].join('.'), error: issue.message });
  }
  if (issues.length > 0 || !parsed.success) throw new InvalidPostError(post, issues);
  const acf = sanitizeAcf(post.type, parsed.data);
  const ordering = typeof acf.game_priority === 'number' ? acf.game_priority : typeof acf.priority === 'number' ? acf.priority : post.priority;
  return {
    ...post,
    title: sanitizeTitle(post.title),
    content: sanitizeHtmlField(post.content ?? ''),
    acf,
    ...(ordering === undefined ? {} : { priority: ordering }),
  };
}
