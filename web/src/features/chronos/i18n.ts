import { useTranslation } from 'react-i18next';
import type { ChronosTranslationKey } from '../../shared/i18n/chronos/en';

export type ChronosT = (key: ChronosTranslationKey, values?: Record<string, string | number>) => string;

/** The page's strings live in their own bundle; this narrows `t` to exactly those keys. */
export function useChronosTranslation(): ChronosT {
  const { t } = useTranslation();
  return t as unknown as ChronosT;
}
