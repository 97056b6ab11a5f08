import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxonomyListSchema, type TaxonomyPost } from '../../../../../contracts/content/games';
import type { Language } from '../../../../../contracts/content/translations';
import { contentStaleTime, fetchAllPages, useContentLanguage } from '../../../shared/content/content-list';

/** GET /cms/wp-json/wp/v2/game_provider (GAMES-16): id and name. */
export function gameProvidersQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['content', 'game_provider', language],
    queryFn: ({ signal }): Promise<TaxonomyPost[]> =>
      fetchAllPages('game_provider', taxonomyListSchema, language, { orderby: 'priority', order: 'asc' }, signal),
    staleTime: contentStaleTime,
  });
}

export function useGameProviders() {
  return useQuery(gameProvidersQueryOptions(useContentLanguage()));
}
