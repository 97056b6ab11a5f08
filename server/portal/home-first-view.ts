import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { affiliateIdOf, homeBannerBackground, mobileViewportMedia, pickHomeEntry } from '../../contracts/content/home-entry';
import { homeListSchema } from '../../contracts/content/pages';
import { languageSchema, translationsPath, type Language } from '../../contracts/content/translations';
import { wpRestBase } from '../../contracts/content/wp-rest';

/**
 * Issue 17: the home page's largest paint is its banner, which the portal could only draw once its
 * scripts had run, the services were known and the home entries had answered. The page for `/`
 * carries that banner instead: its head names the picture, the data and the stylesheets the first
 * view needs, and its body holds the banner as the portal draws it (the same classes, picture and
 * welcome message, under an empty header bar of the header's height), painted with the HTML and
 * CSS alone. The scripts then start, at a lower priority than what the first view paints with, and
 * the portal draws the same banner in its place (web/src/main.tsx waits until it can).
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
export async function homeFirstView(app: FastifyInstance, request: FastifyRequest, assets: FirstViewAssets): Promise<FirstView | null> {
  const language = portalLanguage(request);
  // The same list the portal asks for, through the content service's own route (and its cache).
  const answer = await app.inject({ method: 'GET', url: homeEntriesUrl(language) });
  if (answer.statusCode !== 200) return null;
  const entries = homeListSchema.safeParse(answer.json());
  if (!entries.success) return null;
  const entry = pickHomeEntry(entries.data, affiliateIdOf(request.cookies.affiliate));
  if (!entry) return null;
  const wide = homeBannerBackground(entry, false);
  const phone = homeBannerBackground(entry, true);
  if (!phone || !wide) return null;
  const pictures = phone === wide ? [preload(wide)] : [preload(phone, mobileViewportMedia), preload(wide, `not all and ${mobileViewportMedia}`)];
  // The portal draws its banner once it has the home entries and the content's translations
  // (BOOT-11), which it would ask for only after its scripts and start-up discovery.
  const data = [preloadData(homeEntriesUrl(language)), preloadData(`/cms${translationsPath}?slug=${language}`)];
  const styles = assets.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`);
  // Fonts are fetched without credentials (CORS), so their preloads are too.
  const fonts = assets.fonts[language].map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${attribute(href)}">`);
  return { head: [...pictures, ...fonts, ...styles, ...data].join('\n    '), body: bannerMarkup(entry, phone, wide) };
}

export interface FirstViewAssets {
  /** The stylesheets the first view is drawn with, beyond index.html's own. */
  stylesheets: string[];
  /** The typefaces its text is drawn in, per language. */
  fonts: Record<Language, string[]>;
}

export interface FirstView {
  /** Tags for the head, ahead of its scripts. */
  head: string;
  /** What `#root` holds until the portal draws the page. */
  body: string;
}

type HomeEntry = z.infer<typeof homeListSchema>[number];

/**
 * HOME-10…12 as web/src/features/home/components/home-banner.tsx draws them for a visitor whose
 * session is not yet checked (the buttons' row kept empty): the phone picture and message under the
 * portal's mobile width (NAV-42), the wide ones above. `welcome_message` is HTML the content service
 * sanitised on write and again on output (DEF-19), as the portal also uses it.
 */
function bannerMarkup(entry: HomeEntry, phone: string, wide: string): string {
  const { acf } = entry;
  const picture =
    phone === wide
      ? `<img class="home-banner__background" src="${attribute(wide)}" alt="" fetchpriority="high">`
      : `<picture><source media="${attribute(mobileViewportMedia)}" srcset="${attribute(phone)}"><img class="home-banner__background" src="${attribute(wide)}" alt="" fetchpriority="high"></picture>`;
  const phoneMessage = acf.mobile_welcome_message || acf.welcome_message;
  const messages =
    phoneMessage === acf.welcome_message
      ? `<div class="home-banner__message">${acf.welcome_message}</div>`
      : `<div class="home-banner__message first-view__wide">${acf.welcome_message}</div><div class="home-banner__message first-view__phone">${phoneMessage}</div>`;
  const foreground = acf.foreground_image?.guid ? `<img class="home-banner__foreground" src="${attribute(acf.foreground_image.guid)}" alt="">` : '';
  return [
    '<div class="shell first-view" data-first-view="home">',
    '<header class="site-header"><div class="site-header__inner"></div></header>',
    '<main class="shell__main"><div class="home">',
    `<section class="home-banner" data-entry="${attribute(entry.title.rendered)}">${picture}`,
    `<div class="home-banner__copy">${messages}<div class="home-banner__actions home-banner__actions--pending"></div></div>`,
    `${foreground}</section>`,
    '</div></main></div>',
  ].join('');
}
