import { blogCategoryListSchema } from '../../../../../contracts/content/pages';
import { useContentList } from '../../../shared/content/use-content-list';

/** GET /cms/wp-json/wp/v2/blog_category (CONTENT-08), by priority. */
export function useBlogCategories() {
  return useContentList('blog_category', blogCategoryListSchema, { orderby: 'priority', order: 'asc' });
}
