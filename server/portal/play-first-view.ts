import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CAROUSEL_GAMES,
  decodeTitle,
  fitsDevice,
  GAMES_PER_GROUP,
  gameLinkQuery,
  groupGames,
  type CatalogueViewport,
  type GameGroup,
} from '../../contracts/content/game-catalogue';
import { taxonomyListSchema, type GamePost } from '../../contracts/content/games';
import { escapeHtml } from '../http/html';
import { backArrow, contentList, firstViewHead, firstViewShell, gameCatalogue, portalLanguage, type FirstView, type FirstViewAssets } from './first-view';

/**
 * The first view of `/play` (server/portal/first-view.ts): the games explorer as
 * web/src/features/games/components/games-explorer.tsx draws it with no search, filter or grouping
 * asked for, the catalogue grouped by category. Its largest paint is a game card's picture. The
 * explorer lists other games on a phone (GAMES-21, GAMES-22) and in other groups' shapes (a
 * carousel, GAMES-11), so the view holds both lists and the portal's mobile width shows one.
 */

export async function playFirstView(app: FastifyInstance, request: FastifyRequest, assets: FirstViewAssets): Promise<FirstView | null> {
  const language = portalLanguage(request);
  const [games, categories, t] = await Promise.all([
    gameCatalogue(app, request, language),
    contentList(app, request, 'game_category', { orderby: 'priority', order: 'asc' }, language, (body) => taxonomyListSchema.safeParse(body).data),
    assets.strings(language),
  ]);
  if (!games || !categories || games.length === 0) return null;
  const say = (key: string) => escapeHtml(t[key] ?? key);
  const groups = (viewport: CatalogueViewport) =>
    groupGames(
      games.filter((game) => fitsDevice(game, viewport)),
      'category',
      categories,
    );
  const main = [
    '<div class="explorer" data-grouping="category">',
    '<header class="explorer__header"><div class="explorer__heading">',
    `<a class="icon-button explorer__back" href="/" aria-label="${say('games.backHome')}">${backArrow}</a>`,
    `<h1 class="explorer__title">${say('games.title')}</h1></div>`,
    // The search and the grouping work once the portal has drawn the page; until then they are shown, not offered.
    '<div class="explorer__tools" inert>',
    `<div role="search" class="explorer__search"><label for="first-view-search" class="visually-hidden">${say('games.searchLabel')}</label>`,
    '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" class="explorer__search-icon"><circle cx="11" cy="11" r="6.5"></circle><path d="m20 20-4.2-4.2"></path></svg>',
    `<input id="first-view-search" type="search" placeholder="${say('games.searchPlaceholder')}" autocomplete="off" class="explorer__search-input"></div>`,
    `<div class="select explorer__grouping"><label for="first-view-grouping" class="select__label">${say('games.groupBy')}</label>`,
    `<button type="button" id="first-view-grouping" class="select__trigger"><span>${say('games.groupByCategory')}</span><span aria-hidden="true" class="select__icon"><svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="m6 9 6 6 6-6"></path></svg></span></button></div>`,
    '</div></header>',
    `<div class="explorer__groups first-view__phone">${groups('mobile')
      .map((group, index) => groupMarkup(group, true, say, index === 0))
      .join('')}</div>`,
    `<div class="explorer__groups first-view__wide">${groups('desktop')
      .map((group, index) => groupMarkup(group, false, say, index === 0))
      .join('')}</div>`,
    '</div>',
  ].join('');
  return { head: firstViewHead(assets, 'src/app/routes/play.tsx', language).join('\n    '), body: firstViewShell('play', main) };
}

/**
 * The first cards of the first group, the page's largest paint on any screen: asked for as the page
 * is read, ahead of the rest (which load as they come near the screen, as the portal's do).
 */
const FIRST_PICTURES = 4;

/** GAMES-08…11 as game-group.tsx draws a group before 'SEE ALL >' is pressed. */
function groupMarkup(group: GameGroup, carousel: boolean, say: (key: string) => string, first: boolean): string {
  const limit = carousel ? CAROUSEL_GAMES : GAMES_PER_GROUP;
  const toggle =
    group.games.length > limit ? `<button type="button" class="game-group__toggle" aria-expanded="false" inert>${say('games.seeAll')}</button>` : '';
  return [
    `<section class="game-group" data-group="${escapeHtml(group.key)}"><header class="game-group__header">`,
    `<h2 class="game-group__title">${escapeHtml(group.name)}<span class="game-group__count">${group.games.length}</span></h2>${toggle}</header>`,
    `<ul class="game-group__list${carousel ? ' game-group__list--carousel' : ''}">`,
    ...group.games.slice(0, limit).map((game, index) => `<li>${cardMarkup(game, say, first && index < FIRST_PICTURES)}</li>`),
    '</ul></section>',
  ].join('');
}

/** GAMES-17, GAMES-27, GAMES-28 as game-card.tsx draws a card: a link that opens the game even before the scripts run. */
function cardMarkup(game: GamePost, say: (key: string) => string, early: boolean): string {
  const free = game.acf.play_for_free ? `<span class="game-card__badge game-card__badge--free">${say('games.freePlay')}</span>` : '';
  const lock = game.acf.isAuthenticated
    ? `<span class="game-card__badge game-card__badge--lock" title="${say('games.signedInOnly')}"><svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><rect x="4" y="11" width="16" height="10" rx="2"></rect><path d="M8 11V7a4 4 0 0 1 8 0v4"></path></svg><span class="visually-hidden">${say('games.signedInOnly')}</span></span>`
    : '';
  return [
    `<a class="game-card" href="/game?${escapeHtml(new URLSearchParams(gameLinkQuery(game)).toString())}" data-game-id="${escapeHtml(game.game_id)}">`,
    `<span class="game-card__art"><img src="${escapeHtml(game.game_thumbnail.url)}" alt="" width="400" height="300" ${early ? 'fetchpriority="high"' : 'loading="lazy"'} decoding="async"><span class="game-card__badges">${free}${lock}</span></span>`,
    `<span class="game-card__title">${escapeHtml(decodeTitle(game.title.rendered))}</span><span class="game-card__provider">${escapeHtml(game.game_provider.name)}</span></a>`,
  ].join('');
}
