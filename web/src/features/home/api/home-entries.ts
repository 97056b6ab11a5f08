import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { homeListSchema } from '../../../../../contracts/content/pages';
import type { Language } from '../../../../../contracts/content/translations';
import { contentStaleTime, fetchContentList, useContentLanguage } from '../../../shared/content/content-list';

export type HomeEntry = z.infer<typeof homeListSchema>[number];

/** GET /cms/wp-json/wp/v2/home (HOME-09): the banner entries, the default 'Home' and affiliate variants. */
export function homeEntriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['content', 'home', language],
    queryFn: ({ signal }) => fetchContentList('home', homeListSchema, language, {}, signal),
    staleTime: contentStaleTime,
  });
}

export function useHomeEntries() {
  return useQuery(homeEntriesQueryOptions(useContentLanguage()));
}

export { pickHomeEntry } from '../../../../../contracts/content/home-entry';
