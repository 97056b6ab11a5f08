import { glossaryListSchema } from '../../../../../contracts/content/pages';
import { useContentList } from '../../../shared/content/use-content-list';

/** GET /cms/wp-json/wp/v2/casino_glossary by priority (CONTENT-17). */
export function useGlossary() {
  return useContentList('casino_glossary', glossaryListSchema, { orderby: 'priority', order: 'asc' });
}
