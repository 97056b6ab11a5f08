import { legalListSchema } from '../../../../../contracts/content/pages';
import { useContentList } from '../../../shared/content/use-content-list';

export const legalTypes = ['terms_and_conditions', 'privacy_policy', 'funds_protection', 'responsible_gaming'] as const;
export type LegalType = (typeof legalTypes)[number];

/**
 * GET /cms/wp-json/wp/v2/<legal type> by priority (CONTENT-14…16); responsible gaming asks for the
 * information posts with isInformation=1 (CONTENT-15).
 */
export function useLegalPosts(type: LegalType) {
  return useContentList(type, legalListSchema, { orderby: 'priority', order: 'asc', isInformation: type === 'responsible_gaming' ? 1 : undefined });
}
