import { useTranslation } from 'react-i18next';
import type { $ZodType } from 'zod/v4/core';
import type { Language } from '../../../../contracts/content/translations';
import { DEFAULT_PER_PAGE, TOTAL_PAGES_HEADER, wpRestBase } from '../../../../contracts/content/wp-rest';
import { apiRequest } from '../api/api-client';
import type { QueryParams } from '../api/build-url';

/** The address of a WordPress-style content list (spec 000 §7). */
export const contentPath = (type: string) => `${wpRestBase}/${type}`;

/** The language content is asked for: the interface language (GAMES-14). */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'mk' ? 'mk' : 'en';
}

/** `lang` travels only when it is not English (GAMES-14); empty values are left out (BOOT-19). */
function withLanguage(query: QueryParams, language: Language): QueryParams {
  return { ...query, lang: language === 'en' ? undefined : language };
}

/** One page of a content list. */
export function fetchContentList<T>(type: string, schema: $ZodType<T>, language: Language, query: QueryParams = {}, signal?: AbortSignal): Promise<T> {
  return apiRequest('cms', contentPath(type), { schema, query: withLanguage(query, language), ...(signal ? { signal } : {}) });
}

/**
 * Every page of a content list, 100 per page, following X-WP-TotalPages (GAMES-13, BOOT-22).
 * Pages after the first are fetched together once the first has told how many there are.
 */
export async function fetchAllPages<T>(type: string, schema: $ZodType<T[]>, language: Language, query: QueryParams = {}, signal?: AbortSignal): Promise<T[]> {
  let totalPages = 1;
  const request = (page: number, onHeaders?: (headers: Headers) => void) =>
    apiRequest('cms', contentPath(type), {
      schema,
      query: withLanguage({ ...query, per_page: DEFAULT_PER_PAGE, page }, language),
      ...(signal ? { signal } : {}),
      ...(onHeaders ? { onHeaders } : {}),
    });
  const first = await request(1, (headers) => {
    const value = Number(headers.get(TOTAL_PAGES_HEADER));
    if (Number.isInteger(value) && value > 1) totalPages = Math.min(value, 1_000);
  });
  if (totalPages === 1) return first;
  const rest = await Promise.all(Array.from({ length: totalPages - 1 }, (_, index) => request(index + 2)));
  return [first, ...rest].flat();
}

/** A content list changes rarely; a page keeps what it read for five minutes. */
export const contentStaleTime = 5 * 60_000;
