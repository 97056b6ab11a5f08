import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { actionListSchema, type displayPages } from '../../../../../contracts/content/pages';
import type { Language } from '../../../../../contracts/content/translations';
import { contentStaleTime, fetchContentList, useContentLanguage } from '../../../shared/content/content-list';

export type DisplayPage = (typeof displayPages)[number];
export type ActionCard = z.infer<typeof actionListSchema>[number];

/** GET /cms/wp-json/wp/v2/action?display_page= (HOME-15, HOME-24), sorted by ascending priority (HOME-16). */
export function actionCardsQueryOptions(language: Language, page: DisplayPage) {
  return queryOptions({
    queryKey: ['content', 'action', language, page],
    queryFn: async ({ signal }) => {
      const cards = await fetchContentList('action', actionListSchema, language, { display_page: page, orderby: 'priority', order: 'asc' }, signal);
      return sortCards(cards.filter((card) => card.acf.display_page === page));
    },
    staleTime: contentStaleTime,
  });
}

export function useActionCards(page: DisplayPage) {
  return useQuery(actionCardsQueryOptions(useContentLanguage(), page));
}

/** HOME-16: ascending priority; equal priorities keep the service's order. */
export function sortCards(cards: readonly ActionCard[]): ActionCard[] {
  return [...cards].sort((a, b) => a.acf.priority - b.acf.priority);
}

/** HOME-17: 3 is a quarter of the row, 6 a half, anything else the full row. */
export function cardWidth(size: number): 'quarter' | 'half' | 'full' {
  return size === 3 ? 'quarter' : size === 6 ? 'half' : 'full';
}
