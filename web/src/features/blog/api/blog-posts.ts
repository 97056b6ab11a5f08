import { blogListSchema } from '../../../../../contracts/content/pages';
import { useContentList } from '../../../shared/content/use-content-list';

/** GET /cms/wp-json/wp/v2/blog (CONTENT-10): the posts, newest first as WordPress answers them. */
export function useBlogPosts() {
  return useContentList('blog', blogListSchema);
}
