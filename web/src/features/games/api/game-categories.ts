import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxonomyListSchema, type TaxonomyPost } from '../../../../../contracts/content/games';
import type { Language } from '../../../../../contracts/content/translations';
import { contentStaleTime, fetchAllPages, useContentLanguage } from '../../../shared/content/content-list';

/** GET /cms/wp-json/wp/v2/game_category (GAMES-16): id, name and priority (NS-13). */
export function gameCategoriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['content', 'game_category', language],
    queryFn: ({ signal }): Promise<TaxonomyPost[]> =>
      fetchAllPages('game_category', taxonomyListSchema, language, { orderby: 'priority', order: 'asc' }, signal),
    staleTime: contentStaleTime,
  });
}

export function useGameCategories() {
  return useQuery(gameCategoriesQueryOptions(useContentLanguage()));
}
