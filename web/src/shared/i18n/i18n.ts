import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../../contracts/content/translations';
import { en } from './en';
import { mk } from './mk';

export const i18n = i18next.createInstance();

/** Synchronous start with the bundled dictionaries; content overrides are added on top later. */
export function startI18n(language: Language): void {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, mk: { translation: mk } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'mk'],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = language;
}
