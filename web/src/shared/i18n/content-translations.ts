import { parseTranslationLines, translationsPath, translationsResponseSchema, type Language } from '../../../../contracts/content/translations';
import { apiRequest } from '../api/api-client';
import { writeCookie, cookieNames } from '../cookies';
import { i18n, loadBundledLanguage } from './i18n';

const loaded = new Set<Language>();

/**
 * Lays the content service's `key::value` lines over the bundled strings (BOOT-11, I18N-01). A failure
 * leaves the bundled strings in place: the portal stays usable in its own words.
 */
export async function loadContentTranslations(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  try {
    const posts = await apiRequest('cms', translationsPath, {
      query: { slug: language },
      schema: translationsResponseSchema,
      feedback: 'silent',
    });
    const post = posts.find((candidate) => candidate.slug === language);
    if (post) i18n.addResourceBundle(language, 'translation', parseTranslationLines(post.acf.strings), true, true);
    loaded.add(language);
  } catch {
    // Bundled strings stand in; the next switch to this language tries again.
  }
}

/** I18N-02: the chosen language is held in LANG for 30 days. */
export async function switchLanguage(language: Language): Promise<void> {
  writeCookie(cookieNames.language, language);
  await loadBundledLanguage(language).catch(() => undefined);
  await loadContentTranslations(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
