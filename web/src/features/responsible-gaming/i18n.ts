import { useTranslation } from 'react-i18next';
import type { ResponsibleGamingTranslationKey } from '../../shared/i18n/responsible-gaming/en';
import type { ResponsibleGamingShellKey } from '../../shared/i18n/responsible-gaming/shell.en';

type Key = ResponsibleGamingTranslationKey | ResponsibleGamingShellKey;
/** A plural's base key (`rg.minutes` for `rg.minutes_one` / `rg.minutes_other`), called with `count`. */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;
export type RgKey = Key | PluralBase<Key>;
export type RgT = (key: RgKey, options?: Record<string, string | number>) => string;

/**
 * The area's strings live in their own bundles (registered as the area loads), outside the
 * portal's typed dictionary; this narrows `t` to exactly those keys, so a missing key still fails
 * the type check.
 */
export function useRgTranslation(): { t: RgT; language: string } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as RgT, language: i18n.language };
}
