import { useTranslation } from 'react-i18next';
import type { LoyaltyTranslationKey } from '../../shared/i18n/loyalty/en';

/** A plural's base key (`loyalty.points` for `loyalty.points_one` / `_other`), called with `count`. */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;
export type LoyaltyKey = LoyaltyTranslationKey | PluralBase<LoyaltyTranslationKey>;
export type LoyaltyT = (key: LoyaltyKey, options?: Record<string, string | number>) => string;

/**
 * The tab's strings live in their own bundle (registered as the tab loads), outside the portal's
 * typed dictionary; this narrows `t` to exactly those keys, so a missing key fails the type check.
 */
export function useLoyaltyTranslation(): { t: LoyaltyT; language: string } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as LoyaltyT, language: i18n.language };
}
