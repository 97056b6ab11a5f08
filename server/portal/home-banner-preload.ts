import type { FastifyInstance, FastifyRequest } from 'fastify';
import { affiliateIdOf, homeBannerBackground, mobileViewportMedia, pickHomeEntry } from '../../contracts/content/home-entry';
import { homeListSchema } from '../../contracts/content/pages';
import { languageSchema, translationsPath, type Language } from '../../contracts/content/translations';
import { wpRestBase } from '../../contracts/content/wp-rest';

/**
 * Issue 17: the home page's largest paint is its banner's picture, which the portal only asks for
 * once its scripts have run, the services are known and the home entries have answered. The page
 * for `/` names that picture in its head instead, so the browser fetches it beside the scripts.
 */

/** The language the portal will start in (web/src/shared/i18n/language.ts): `?locale=` naming one, else LANG, else English. */
export function portalLanguage(request: FastifyRequest): Language {
  const locale = (request.query as Record<string, unknown> | undefined)?.locale;
  const fromLocale = languageSchema.safeParse(locale);
  if (fromLocale.success) return fromLocale.data;
  const fromCookie = languageSchema.safeParse(request.cookies.LANG);
  return fromCookie.success ? fromCookie.data : 'en';
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const preload = (href: string, media?: string) =>
  `<link rel="preload" as="image" href="${attribute(href)}"${media ? ` media="${attribute(media)}"` : ''} fetchpriority="high" />`;

/**
 * The portal's own JSON requests for the page, fetched beside its scripts. The address, the mode and
 * the credentials must be the portal's (requestJson: same origin, credentials included) for the
 * browser to hand the answer to the portal's request instead of asking again.
 */
const preloadData = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(href)}" />`;

/** The home entries as the portal asks for them (fetchContentList: `lang` only when not English). */
const homeEntriesUrl = (language: Language) => `/cms${wpRestBase}/home${language === 'en' ? '' : `?lang=${language}`}`;

/**
 * The `<link rel="preload">` tags for the banner `/` will show this request's visitor: the home
 * entries the content service answers in the portal's language, the visitor's affiliate entry or
 * 'Home' (NS-12), its phone picture under the portal's mobile width and its wide one above. Empty
 * when the content service is not in this process, has no such entry, or the entry no picture.
 */
export async function homeBannerPreloads(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const language = portalLanguage(request);
  // The same list the portal asks for, through the content service's own route (and its cache).
  const answer = await app.inject({ method: 'GET', url: homeEntriesUrl(language) });
  if (answer.statusCode !== 200) return '';
  const entries = homeListSchema.safeParse(answer.json());
  if (!entries.success) return '';
  const entry = pickHomeEntry(entries.data, affiliateIdOf(request.cookies.affiliate));
  if (!entry) return '';
  const wide = homeBannerBackground(entry, false);
  const phone = homeBannerBackground(entry, true);
  if (!phone || !wide) return '';
  const pictures = phone === wide ? [preload(wide)] : [preload(phone, mobileViewportMedia), preload(wide, `not all and ${mobileViewportMedia}`)];
  // The banner is drawn once the portal has the home entries and the content's translations (BOOT-11),
  // which it would ask for only after its scripts and start-up discovery.
  const data = [preloadData(homeEntriesUrl(language)), preloadData(`/cms${translationsPath}?slug=${language}`)];
  return [...pictures, ...data].join('\n    ');
}
