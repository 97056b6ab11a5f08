import { bonusListSchema } from '../../../../../contracts/content/pages';
import { useContentList } from '../../../shared/content/use-content-list';

/** GET /cms/wp-json/wp/v2/bonus?isFeatured=1 by priority (CONTENT-01, CONTENT-06). */
export function useFeaturedBonuses() {
  return useContentList('bonus', bonusListSchema, { isFeatured: 1, orderby: 'priority', order: 'asc' });
}
