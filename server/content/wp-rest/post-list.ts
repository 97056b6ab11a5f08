import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TOTAL_HEADER, TOTAL_PAGES_HEADER, wpItemQuerySchema, type FeaturedMedia, type WpListQuery } from '../../../contracts/content/wp-rest';
import { wpPostIdParamsSchema } from '../../../contracts/content/wp-write';
import { errorResponseSchema } from '../../../contracts/errors';
import { AppError } from '../../http/app-error';
import { prepareJson, sendPreparedJson, type PreparedJson } from '../../http/cacheable';
import { resolveSession, SESSION_COOKIE, sessionPolicy } from '../../platform/session';
import type { ServiceContext } from '../../service-context';
import { wordpressGmt, type ContentPostRow } from '../content-posts.repository';
import { sanitizeHtmlField, sanitizeTitle } from '../html-sanitizer';
import { excerptFieldOf, sanitizeAcf, type PostType } from '../post-types';
import type { ContentCache } from './content-cache';

/** Public lists may be reused by browsers and proxies this long, then revalidated by ETag. */
export const PUBLIC_MAX_AGE_SECONDS = 30;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, must-revalidate`;
/** Lists whose content depends on the session: only the browser keeps them, and always asks again. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** The common query with a type's own `orderby` values. */
export type ListQuery = Omit<WpListQuery, 'orderby'> & { orderby?: string | undefined };

export type WirePost = Record<string, unknown> & { id: number; slug: string; title: { rendered: string }; acf: Record<string, unknown> };

/** A post ready to answer, with what the list needs to filter, sort and embed it. */
export interface WireEntry {
  row: ContentPostRow;
  post: WirePost;
  /** The featured image, embedded with `_embed`. */
  image?: { url: string; alt: string; width: number; height: number } | undefined;
  /** Lower-case text a search matches against. */
  searchText?: string;
  /** Only answered to a signed-in player (DEF-06, DEF-13). */
  requiresSession?: boolean;
}

export interface ListDefinition<L> {
  type: PostType;
  path: string;
  summary: string;
  querystring: z.core.$ZodType<ListQuery>;
  response: z.core.$ZodType;
  /** Loaded once per content generation and language: lookups the shaping needs. */
  prepare?: (cache: ContentCache, lang: string) => Promise<L>;
  /** Type-specific fields added to the generic WordPress post. */
  shape?: (entry: WireEntry, lookups: L) => WireEntry;
  filter?: (entry: WireEntry, query: Record<string, unknown>) => boolean;
  /** The default `orderby` (WordPress: date, newest first). */
  defaultOrderBy?: string;
  defaultOrder?: 'asc' | 'desc';
}

const mimeTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
export const mimeTypeOf = (url: string) => mimeTypes[/\.([a-z0-9]+)(?:\?|#|$)/i.exec(url)?.[1]?.toLowerCase() ?? ''] ?? 'image/svg+xml';

/** Sanitised output per stored row version, kept across generations (sanitising 5,000 games is not free). */
const sanitizedRows = new Map<string, { title: string; content: string; acf: Record<string, unknown> }>();
const MAX_SANITIZED = 50_000;

function sanitizedRow(row: ContentPostRow) {
  const key = `${row.id}:${row.modifiedAt.getTime()}`;
  let clean = sanitizedRows.get(key);
  if (!clean) {
    if (sanitizedRows.size >= MAX_SANITIZED) sanitizedRows.clear();
    clean = { title: sanitizeTitle(row.title), content: sanitizeHtmlField(row.content), acf: sanitizeAcf(row.type, row.acf) };
    sanitizedRows.set(key, clean);
  }
  return clean;
}

/** WordPress renders an excerpt as a paragraph of the (escaped) summary text. */
export function renderedExcerpt(text: string): string {
  const escaped = sanitizeTitle(text);
  return escaped ? `<p>${escaped}</p>` : '';
}

/** The WordPress fields every post answers with; `acf` sanitised again on the way out (DEF-19). */
export function genericEntry(row: ContentPostRow): WireEntry {
  const clean = sanitizedRow(row);
  const excerptField = excerptFieldOf(row.type);
  const summary = excerptField === undefined ? undefined : row.acf[excerptField];
  const created = wordpressGmt(row.createdAt);
  const modified = wordpressGmt(row.modifiedAt);
  return {
    row,
    post: {
      id: row.id,
      date: created,
      date_gmt: created,
      modified,
      modified_gmt: modified,
      slug: row.slug,
      status: 'publish',
      type: row.type,
      link: `/cms/${row.type}/${row.slug}/`,
      lang: row.lang === 'mk' ? 'mk' : 'en',
      guid: { rendered: `/cms/?post_type=${row.type}&p=${row.id}` },
      title: { rendered: clean.title },
      content: { rendered: clean.content, protected: false },
      ...(excerptField === undefined ? {} : { excerpt: { rendered: renderedExcerpt(typeof summary === 'string' ? summary : ''), protected: false } }),
      featured_media: 0,
      menu_order: row.priority,
      acf: clean.acf,
    },
  };
}

/** Gives the entry a featured image (WordPress `featured_media`, embedded with `_embed`). */
export function withImage(entry: WireEntry, url: string | undefined, alt: string, width: number, height: number): WireEntry {
  if (!url) return entry;
  return { ...entry, post: { ...entry.post, featured_media: entry.row.id }, image: { url, alt, width, height } };
}

const stringAt = (value: unknown, ...path: string[]): string | undefined => {
  let at: unknown = value;
  for (const key of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'string' && at !== '' ? at : undefined;
};
export { stringAt };

function compareBy(orderBy: string): (a: WireEntry, b: WireEntry) => number {
  switch (orderBy) {
    case 'title':
      return (a, b) => a.post.title.rendered.localeCompare(b.post.title.rendered, 'en');
    case 'date':
      return (a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime();
    case 'modified':
      return (a, b) => a.row.modifiedAt.getTime() - b.row.modifiedAt.getTime();
    case 'slug':
      return (a, b) => (a.row.slug < b.row.slug ? -1 : a.row.slug > b.row.slug ? 1 : 0);
    case 'id':
      return () => 0;
    default:
      // priority, menu_order, game_priority
      return (a, b) => a.row.priority - b.row.priority;
  }
}

function embeddedMedia(entry: WireEntry): FeaturedMedia {
  const image = entry.image!;
  return {
    id: entry.row.id,
    source_url: image.url,
    media_type: 'image',
    mime_type: mimeTypeOf(image.url),
    alt_text: image.alt,
    media_details: { width: image.width, height: image.height },
  };
}

/** This request's address on this server, absolute as WordPress clients follow it. */
export function absoluteUrl(request: FastifyRequest, path = request.url): URL {
  return new URL(path, `${request.protocol}://${request.host}`);
}

/**
 * WordPress' paging `Link` header: the previous and next pages of the same query, absolute
 * (wpapi's `_paging.next`/`.prev` request them as they are).
 */
export function pagingLinks(request: FastifyRequest, page: number, totalPages: number): string | undefined {
  const link = (target: number) => {
    const url = absoluteUrl(request);
    url.searchParams.set('page', String(target));
    return url.toString();
  };
  const links: string[] = [];
  if (page > 1 && page <= totalPages) links.push(`<${link(page - 1)}>; rel="prev"`);
  if (page < totalPages) links.push(`<${link(page + 1)}>; rel="next"`);
  return links.length > 0 ? links.join(', ') : undefined;
}

interface ListAnswer {
  prepared: PreparedJson;
  total: number;
  totalPages: number;
}

function canonicalQuery(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(query)
      .sort()
      .map((key) => [key, query[key]]),
  );
}

/**
 * Registers GET <path>: validates the WordPress query, answers the page from the content cache
 * with `X-WP-Total`, `X-WP-TotalPages`, an ETag and Cache-Control, and never answers posts that
 * need a session to a request without a live one (the session comes only from the SESSION_KEY
 * cookie; a `sessionKey` query parameter is ignored, DEF-06).
 */
export function registerPostList<L>(app: FastifyInstance, context: ServiceContext, cache: ContentCache, definition: ListDefinition<L>): void {
  const entriesIn = (lang: string) =>
    cache.memo(`entries:${definition.type}:${lang}`, async () => {
      const [rows, lookups] = await Promise.all([
        cache.postsIn(definition.type, lang),
        definition.prepare ? definition.prepare(cache, lang) : Promise.resolve(undefined as L),
      ]);
      return rows.map((row) => {
        const entry = genericEntry(row);
        return definition.shape ? definition.shape(entry, lookups) : entry;
      });
    });
  /** Whether any entry needs a session: decided once per content generation, not per request. */
  const gatedIn = (lang: string) => cache.memo(`gated:${definition.type}:${lang}`, async () => (await entriesIn(lang)).some((entry) => entry.requiresSession));

  async function answer(query: ListQuery & Record<string, unknown>, signedIn: boolean): Promise<ListAnswer> {
    const all = await entriesIn(query.lang);
    const slugs = query.slug ? new Set(query.slug.split(',')) : null;
    const matching = all.filter(
      (entry) => (signedIn || !entry.requiresSession) && (!slugs || slugs.has(entry.row.slug)) && (!definition.filter || definition.filter(entry, query)),
    );
    const orderBy = query.orderby ?? definition.defaultOrderBy ?? 'date';
    const direction = (query.order ?? definition.defaultOrder ?? (orderBy === 'date' || orderBy === 'modified' ? 'desc' : 'asc')) === 'desc' ? -1 : 1;
    const compare = compareBy(orderBy);
    matching.sort((a, b) => direction * compare(a, b) || direction * (a.row.id - b.row.id));
    const total = matching.length;
    const totalPages = Math.ceil(total / query.per_page);
    if (query.page > 1 && query.page > totalPages) {
      throw new AppError('VALIDATION_ERROR', 'The page number requested is larger than the number of pages available.', [
        { field: 'page', error: 'rest_post_invalid_page_number: the page number requested is larger than the number of pages available' },
      ]);
    }
    const embed = query._embed !== undefined;
    const page = matching.slice((query.page - 1) * query.per_page, query.page * query.per_page).map((entry) => {
      if (!embed || !entry.image) return entry.post;
      return { ...entry.post, _embedded: { 'wp:featuredmedia': [embeddedMedia(entry)] } };
    });
    return { prepared: prepareJson(page), total, totalPages };
  }

  async function signedIn(request: FastifyRequest): Promise<boolean> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return false;
    return (await resolveSession(context.database.db, token, sessionPolicy(context.config))) !== null;
  }

  const itemSchema = (definition.response as { _zod: { def: { type: string; element?: z.core.$ZodType } } })._zod.def.element ?? definition.response;
  app.get(
    `${definition.path}/:id`,
    {
      schema: {
        tags: ['content'],
        summary: `One ${definition.type} post by id (WordPress /wp/v2/${definition.type}/<id>)`,
        params: wpPostIdParamsSchema,
        querystring: wpItemQuerySchema,
        response: { 200: itemSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const query = request.query as { _embed?: string };
      await cache.currentGeneration();
      const row = (await cache.posts(definition.type)).find((candidate) => candidate.id === id);
      const entry = row && (await entriesIn(row.lang)).find((candidate) => candidate.row.id === id);
      // A post that needs a session is not there for anyone without one (as a private WordPress post).
      if (!entry || (entry.requiresSession && !(await signedIn(request)))) throw new AppError('NOT_FOUND', 'Invalid post ID.');
      if (entry.requiresSession) reply.header('Vary', 'Cookie');
      const post = query._embed !== undefined && entry.image ? { ...entry.post, _embedded: { 'wp:featuredmedia': [embeddedMedia(entry)] } } : entry.post;
      return sendPreparedJson(request, reply, prepareJson(post), entry.requiresSession ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
    },
  );

  app.get(
    definition.path,
    { schema: { tags: ['content'], summary: definition.summary, querystring: definition.querystring, response: { 200: definition.response } } },
    async (request, reply) => {
      const query = request.query as ListQuery & Record<string, unknown>;
      await cache.currentGeneration();
      const gated = await gatedIn(query.lang);
      const session = gated && (await signedIn(request));
      const result = await cache.memo(`list:${definition.type}:${session ? 1 : 0}:${canonicalQuery(query)}`, () => answer(query, session));
      reply.header(TOTAL_HEADER, String(result.total));
      reply.header(TOTAL_PAGES_HEADER, String(result.totalPages));
      const links = pagingLinks(request, query.page, result.totalPages);
      if (links) reply.header('Link', links);
      if (gated) reply.header('Vary', 'Cookie');
      return sendPreparedJson(request, reply, result.prepared, gated ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
    },
  );
}
