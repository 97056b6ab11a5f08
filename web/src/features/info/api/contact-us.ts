import { contactListSchema } from '../../../../../contracts/content/pages';
import { useContentList } from '../../../shared/content/use-content-list';

/** GET /cms/wp-json/wp/v2/contact_us by priority (CONTENT-19…22). */
export function useContactUs() {
  return useContentList('contact_us', contactListSchema, { orderby: 'priority', order: 'asc' });
}
