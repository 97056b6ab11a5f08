import { useTranslation } from 'react-i18next';
import type { SupportTranslationKey } from '../../shared/i18n/support/en';

export type SupportT = (key: SupportTranslationKey, options?: Record<string, string>) => string;

/** The support chat's strings live in their own bundle; this narrows `t` to exactly those keys. */
export function useSupportTranslation(): SupportT {
  const { t } = useTranslation();
  return t as unknown as SupportT;
}
