import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../../contracts/content/translations';
import { en } from './en';
import { responsibleGamingShellEn } from './responsible-gaming/shell.en';

export const i18n = i18next.createInstance();

/** Languages whose bundled dictionary has been added (an area's own strings may arrive earlier). */
const bundled = new Set<Language>(['en']);

/**
 * Synchronous start with the bundled English strings (also the fallback, I18N-07); another language's
 * bundled strings download on demand (`loadBundledLanguage`), so the home route carries only English.
 * Content overrides are added on top later.
 */
export function startI18n(language: Language): void {
  void i18n.use(initReactI18next).init({
    // The shell's responsible-gaming strings (footer links, home strip, reality check, lock notice) are
    // part of every page, so they come with the bundled dictionary of each language.
    resources: { en: { translation: { ...en, ...responsibleGamingShellEn } } },
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

/** Adds a language's bundled dictionary under whatever the content service already laid over it. */
export async function loadBundledLanguage(language: Language): Promise<void> {
  if (bundled.has(language)) return;
  const [{ mk }, { responsibleGamingShellMk }] = await Promise.all([import('./mk'), import('./responsible-gaming/shell.mk')]);
  i18n.addResourceBundle(language, 'translation', { ...mk, ...responsibleGamingShellMk }, true, false);
  bundled.add(language);
}
