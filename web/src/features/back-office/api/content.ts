import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod/mini';
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
export type ContentLanguage = 'en' | 'mk';

const contentPostSchema = z.looseObject({
  id: z.number(),
  slug: z.string(),
  lang: z.string(),
  title: z.object({ rendered: z.string() }),
  content: z.optional(z.object({ rendered: z.string() })),
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

async function wpRequest<T>(path: string, options: { method?: 'GET' | 'POST'; query?: QueryParams; body?: unknown; schema: $ZodType<T>; signal?: AbortSignal | undefined }): Promise<T> {
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
  return useQuery({ queryKey: [...contentKey, 'configuration'], queryFn: ({ signal }) => wpRequest('configuration', { schema: configurationSchema, signal }), retry: false });
}

export interface ContentChanges {
  title?: string;
  content?: string;
  acf?: Record<string, unknown>;
}

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, changes }: { type: EditableType | 'configuration'; id: number; changes: ContentChanges }) => wpRequest(`${type}/${id}`, { method: 'POST', body: changes, schema: writtenSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
}
