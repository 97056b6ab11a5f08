import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod/mini';
import { loyaltyItemListSchema, loyaltyItemPostSchema, type LoyaltyItemPost } from '../../../../../contracts/content/loyalty-items';
import {
  parseTranslationLines,
  sideBySide,
  translationsResponseSchema,
  translationsSideBySideSchema,
  type TranslationEntry,
} from '../../../../../contracts/content/translations';
import { buildUrl, type QueryParams } from '../../../shared/api/build-url';
import { serviceUrl } from '../../../shared/api/service-addresses';
import { backOfficeKey, BackOfficeError } from './back-office-request';

/**
 * The content editor talks WordPress REST to the content service (`/cms/wp-json/wp/v2`): reads are
 * the public lists, writes are POST /<type>/<id> with the staff cookie (which the server sends to
 * that path too) and the back office's access check on the server.
 */
export const editableTypes = ['bonus', 'game', 'blog', 'about_us', 'terms_and_conditions', 'privacy_policy', 'responsible_gaming'] as const;
export type EditableType = (typeof editableTypes)[number];
/** What the editor's type picker offers: the post types, and the two kept outside posts. */
export const contentViews = [...editableTypes, 'loyalty_item', 'translations'] as const;
export type ContentView = (typeof contentViews)[number];
export const isEditableType = (view: ContentView): view is EditableType => (editableTypes as readonly string[]).includes(view);
/** Types with WordPress' `excerpt` (the server maps it to their summary field). */
export const excerptTypes: readonly EditableType[] = ['blog'];
export type ContentLanguage = 'en' | 'mk';

const contentPostSchema = z.looseObject({
  id: z.number(),
  slug: z.string(),
  lang: z.string(),
  title: z.object({ rendered: z.string() }),
  content: z.optional(z.object({ rendered: z.string() })),
  excerpt: z.optional(z.object({ rendered: z.string() })),
  acf: z.optional(z.record(z.string(), z.unknown())),
});

/** The acf field holding a type's visible HTML text (what the portal shows as its description). */
export const descriptionField: Record<EditableType, string> = {
  bonus: 'description',
  game: 'game_information',
  blog: 'description',
  about_us: 'description',
  terms_and_conditions: 'description',
  privacy_policy: 'description',
  responsible_gaming: 'description',
};
export type ContentListPost = z.infer<typeof contentPostSchema>;
const contentListSchema = z.array(contentPostSchema);
const configurationSchema = z.array(z.looseObject({ id: z.number(), acf: z.looseObject({ maintenance: z.boolean() }) }));
const writtenSchema = z.looseObject({ id: z.number(), title: z.object({ rendered: z.string(), raw: z.string() }) });

async function wpRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; query?: QueryParams; body?: unknown; schema: $ZodType<T>; signal?: AbortSignal | undefined },
): Promise<T> {
  const { method = 'GET', query, body, schema, signal } = options;
  const response = await fetch(buildUrl(serviceUrl('cms', `/wp-json/wp/v2/${path}`), query), {
    method,
    credentials: 'include',
    // The lists may be kept by the browser for a while; an editor always sees the stored post.
    cache: 'no-cache',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = (payload ?? {}) as { status?: string; message?: string; errors?: { field: string; error: string }[] };
    throw new BackOfficeError(response.status, refusal.status ?? null, refusal.errors ?? [], refusal.message ?? `HTTP ${response.status}`);
  }
  const parsed = z.safeParse(schema, payload);
  if (!parsed.success) throw new BackOfficeError(response.status, 'UNEXPECTED', [], 'Unexpected answer');
  return parsed.data;
}

const contentKey = [...backOfficeKey, 'content'] as const;

export function useContentPosts(type: EditableType, lang: ContentLanguage) {
  return useQuery({
    queryKey: [...contentKey, type, lang],
    queryFn: ({ signal }) => wpRequest(type, { query: { lang, per_page: 100, orderby: 'title', order: 'asc' }, schema: contentListSchema, signal }),
    retry: false,
  });
}

export function useMaintenance() {
  return useQuery({
    queryKey: [...contentKey, 'configuration'],
    queryFn: ({ signal }) => wpRequest('configuration', { schema: configurationSchema, signal }),
    retry: false,
  });
}

export interface ContentChanges {
  title?: string;
  content?: string;
  excerpt?: string;
  acf?: Record<string, unknown>;
}

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, changes }: { type: EditableType | 'configuration'; id: number; changes: ContentChanges }) =>
      wpRequest(`${type}/${id}`, { method: 'POST', body: changes, schema: writtenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
}

/** Every loyalty shop item, offered or not (context=edit: the staff cookie and content.edit). */
export function useLoyaltyItems(lang: ContentLanguage) {
  return useQuery({
    queryKey: [...contentKey, 'loyalty_item', lang],
    queryFn: ({ signal }) => wpRequest('loyalty_item', { query: { context: 'edit', lang }, schema: loyaltyItemListSchema, signal }),
    retry: false,
  });
}
export type { LoyaltyItemPost };

export interface LoyaltyItemChanges {
  status?: 'publish' | 'draft';
  acf?: { description_en?: string; description_mk?: string; brand?: string; image?: { url: string }; sort_order?: number };
}

export function useSaveLoyaltyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: LoyaltyItemChanges }) =>
      wpRequest(`loyalty_item/${id}`, { method: 'POST', body: changes, schema: loyaltyItemPostSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
}

/** Both languages' interface-string overrides as one list of keys with their English and Macedonian texts. */
export function useTranslationEntries() {
  return useQuery({
    queryKey: [...contentKey, 'translations'],
    queryFn: async ({ signal }) => {
      const posts = await wpRequest('translations', { schema: translationsResponseSchema, signal });
      const strings = (slug: ContentLanguage) => parseTranslationLines(posts.find((post) => post.slug === slug)?.acf.strings ?? '');
      return sideBySide(strings('en'), strings('mk'));
    },
    retry: false,
  });
}
export type { TranslationEntry };

export function useSaveTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: TranslationEntry[]) => wpRequest('translations', { method: 'PUT', body: { entries }, schema: translationsSideBySideSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
}
