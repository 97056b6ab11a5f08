import { aboutListSchema } from '../../../../../contracts/content/pages';
import { useContentList } from '../../../shared/content/use-content-list';

/** GET /cms/wp-json/wp/v2/about_us by priority (CONTENT-18). */
export function useAboutUs() {
  return useContentList('about_us', aboutListSchema, { orderby: 'priority', order: 'asc' });
}
