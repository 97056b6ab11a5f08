import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { affiliateIdOf, homeBannerBackground, mobileViewportMedia, pickHomeEntry } from '../../contracts/content/home-entry';
import { homeListSchema } from '../../contracts/content/pages';
import { translationsPath, type Language } from '../../contracts/content/translations';
import { wpRestBase } from '../../contracts/content/wp-rest';
import { escapeHtml } from '../http/html';
import { firstViewHead, firstViewShell, portalLanguage, preloadImage, type FirstView, type FirstViewAssets } from './first-view';

/**
 * The first view of `/` (server/portal/first-view.ts): the home banner, the page's largest paint,
 * with its picture named in the head so the browser fetches it with the stylesheets.
 */

/**
 * The portal's own JSON requests for the page, fetched beside its scripts. The address, the mode and
 * the credentials must be the portal's (requestJson: same origin, credentials included) for the
 * browser to hand the answer to the portal's request instead of asking again.
 */
const preloadData = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(href)}" />`;

/** The home entries as the portal asks for them (fetchContentList: `lang` only when not English). */
const homeEntriesUrl = (language: Language) => `/cms${wpRestBase}/home${language === 'en' ? '' : `?lang=${language}`}`;

/**
 * The first view `/` shows this request's visitor: the home entries the content service answers in
 * the portal's language, the visitor's affiliate entry or 'Home' (NS-12), its phone picture under the
 * portal's mobile width and its wide one above. Null when the content service is not in this
 * process, has no such entry, or the entry no picture: the page then starts on the splash.
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
  const pictures = phone === wide ? [preloadImage(wide)] : [preloadImage(phone, mobileViewportMedia), preloadImage(wide, `not all and ${mobileViewportMedia}`)];
  // The portal draws its banner once it has the home entries and the content's translations
  // (BOOT-11); they are on their way when its scripts start.
  const data = [preloadData(homeEntriesUrl(language)), preloadData(`/cms${translationsPath}?slug=${language}`)];
  return {
    head: [...pictures, ...firstViewHead(assets, 'src/app/routes/home.tsx', language), ...data].join('\n    '),
    body: firstViewShell('home', `<div class="home">${bannerMarkup(entry, phone, wide)}</div>`),
  };
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
      ? `<img class="home-banner__background" src="${escapeHtml(wide)}" alt="" fetchpriority="high">`
      : `<picture><source media="${escapeHtml(mobileViewportMedia)}" srcset="${escapeHtml(phone)}"><img class="home-banner__background" src="${escapeHtml(wide)}" alt="" fetchpriority="high"></picture>`;
  const phoneMessage = acf.mobile_welcome_message || acf.welcome_message;
  const messages =
    phoneMessage === acf.welcome_message
      ? `<div class="home-banner__message">${acf.welcome_message}</div>`
      : `<div class="home-banner__message first-view__wide">${acf.welcome_message}</div><div class="home-banner__message first-view__phone">${phoneMessage}</div>`;
  const foreground = acf.foreground_image?.guid ? `<img class="home-banner__foreground" src="${escapeHtml(acf.foreground_image.guid)}" alt="">` : '';
  return [
    `<section class="home-banner" data-entry="${escapeHtml(entry.title.rendered)}">${picture}`,
    `<div class="home-banner__copy">${messages}<div class="home-banner__actions home-banner__actions--pending"></div></div>`,
    `${foreground}</section>`,
  ].join('');
}
