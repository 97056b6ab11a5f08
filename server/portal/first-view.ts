import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gameListSchema, type GamePost } from '../../contracts/content/games';
import { languageSchema, parseTranslationLines, translationsPath, translationsResponseSchema, type Language } from '../../contracts/content/translations';
import { wpRestBase } from '../../contracts/content/wp-rest';
import { escapeHtml } from '../http/html';

/**
 * Issue 17: a page's first view drawn by the server. The portal draws its pages only once its
 * scripts have run, the services are known and the page's data has answered; the page the server
 * sends for `/` and `/play` carries what the visitor sees first instead, drawn with the portal's own
 * classes and stylesheets and in its words, so it paints with the HTML and CSS alone. The portal's
 * scripts start once it has painted (web/public/first-view.js) and draw the same page in its place
 * (web/src/main.tsx waits until they can).
 */
export interface FirstView {
  /** Tags for the head, ahead of its own. */
  head: string;
  /** What `#root` holds until the portal draws the page. */
  body: string;
}

export interface FirstViewAssets {
  /** The stylesheets a route's first view is drawn with (its module's, e.g. `src/app/routes/play.tsx`), beyond index.html's own. */
  stylesheetsOf(route: string): string[];
  /** The typefaces its text is drawn in, per language. */
  fonts: Record<Language, string[]>;
  /** The portal's interface strings in a language, with the operator's overrides (I18N-01). */
  strings(language: Language): Promise<Record<string, string>>;
}

/** The language the portal will start in (web/src/shared/i18n/language.ts): `?locale=` naming one, else LANG, else English. */
export function portalLanguage(request: FastifyRequest): Language {
  const locale = (request.query as Record<string, unknown> | undefined)?.locale;
  const fromLocale = languageSchema.safeParse(locale);
  if (fromLocale.success) return fromLocale.data;
  const fromCookie = languageSchema.safeParse(request.cookies.LANG);
  return fromCookie.success ? fromCookie.data : 'en';
}

export const preloadImage = (href: string, media?: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(href)}"${media ? ` media="${escapeHtml(media)}"` : ''} fetchpriority="high" />`;

/** The head's tags every first view needs: its stylesheets and its typefaces (fetched without credentials, CORS). */
export function firstViewHead(assets: FirstViewAssets, route: string, language: Language): string[] {
  return [
    ...assets.fonts[language].map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}">`),
    ...assets.stylesheetsOf(route).map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
  ];
}

/**
 * The layout around a first view: the header's bar (its height; the portal fills it in) and the
 * main area, as web/src/app/layouts/main-layout.tsx draws them.
 */
export function firstViewShell(name: string, main: string): string {
  return `<div class="shell first-view" data-first-view="${escapeHtml(name)}"><header class="site-header"><div class="site-header__inner"></div></header><main class="shell__main">${main}</main></div>`;
}

/**
 * The bundled strings of a language (from the build's `.vite/interface-strings.json`) with the
 * content service's `key::value` lines laid over them as the portal does (BOOT-11, I18N-01), English
 * standing in for a key another language lacks (I18N-07).
 */
export async function withOverrides(
  app: FastifyInstance,
  bundled: Record<Language, Record<string, string>>,
  language: Language,
): Promise<Record<string, string>> {
  const answer = await app.inject({ method: 'GET', url: `/cms${translationsPath}?slug=${language}` });
  const posts = answer.statusCode === 200 ? translationsResponseSchema.safeParse(answer.json()) : undefined;
  const post = posts?.success ? posts.data.find((candidate) => candidate.slug === language) : undefined;
  return { ...bundled.en, ...bundled[language], ...(post ? parseTranslationLines(post.acf.strings) : {}) };
}

/**
 * A content list as the portal reads it (fetchAllPages: every page of 100, `lang` when not English),
 * through the content service's own route, with the visitor's cookies: games for signed-in players
 * are in the catalogue only for a live session (DEF-13). Undefined when the service does not answer.
 */
export async function contentList<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  type: string,
  query: Record<string, string>,
  language: Language,
  parse: (body: unknown) => T[] | undefined,
): Promise<T[] | undefined> {
  const items: T[] = [];
  for (let page = 1, pages = 1; page <= pages && page <= 1_000; page += 1) {
    const search = new URLSearchParams({ ...query, per_page: '100', page: String(page), ...(language === 'en' ? {} : { lang: language }) });
    const answer = await app.inject({
      method: 'GET',
      url: `/cms${wpRestBase}/${type}?${search}`,
      headers: request.headers.cookie ? { cookie: request.headers.cookie } : {},
    });
    if (answer.statusCode !== 200) return undefined;
    const parsed = parse(answer.json());
    if (!parsed) return undefined;
    items.push(...parsed);
    pages = Number(answer.headers['x-wp-totalpages']) || 1;
  }
  return items;
}

/** The games catalogue as the portal asks for it (web/src/features/games/api/games.ts). */
export const gameCatalogue = (app: FastifyInstance, request: FastifyRequest, language: Language): Promise<GamePost[] | undefined> =>
  contentList(app, request, 'game', { orderby: 'game_priority', order: 'asc', _embed: '1' }, language, (body) => gameListSchema.safeParse(body).data);

/** The back arrow of the explorer's and the game page's headings. */
export const backArrow =
  '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M19 12H5M12 19l-7-7 7-7"></path></svg>';
