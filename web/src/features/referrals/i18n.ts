import { useTranslation } from 'react-i18next';
import type { ReferralsTranslationKey } from '../../shared/i18n/referrals/en';

export type ReferralsT = (key: ReferralsTranslationKey, options?: Record<string, string | number>) => string;

/**
 * The tab's strings live in their own bundle (registered as the tab loads), outside the portal's
 * typed dictionary; this narrows `t` to exactly those keys, so a missing key fails the type check.
 */
export function useReferralsTranslation(): { t: ReferralsT; language: string } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as ReferralsT, language: i18n.language };
}
