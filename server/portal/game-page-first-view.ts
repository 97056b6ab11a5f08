import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeTitle } from '../../contracts/content/game-catalogue';
import { checkSessionAlivePath, checkSessionAliveResponseSchema } from '../../contracts/platform/check-session-alive';
import { escapeHtml } from '../http/html';
import { backArrow, firstViewHead, firstViewShell, gameCatalogue, portalLanguage, type FirstView, type FirstViewAssets } from './first-view';

/**
 * The first view of `/game-page` (server/portal/first-view.ts): the game page as
 * web/src/features/game-page/components/game-page.tsx draws it while a visitor's free play launches
 * (spec 000 §2 Game page, PLAY-15): the title with the game's name, the free-play badge, the zoom
 * and close buttons, the second-game bar's place, the game's frame loading and the 'Players Love'
 * strip waiting for its games. Drawn only for that case: a visitor (no live session), free play
 * (`playForReal` absent or 'false'); a player's page (favourites, real money) starts on the splash.
 */

/** The addresses whose page this view draws: nothing but these in the query, and a gameId. */
const drawnQuery = new Set(['gameId', 'gameName', 'platform', 'playForReal', 'locale']);

/** web/src/config/paths.ts: bingo's launch closes to the home page, every other game to /play. */
const BINGO_GAME_ID = 'bingo';

export async function gamePageFirstView(app: FastifyInstance, request: FastifyRequest, assets: FirstViewAssets): Promise<FirstView | null> {
  const query = request.query as Record<string, unknown>;
  const gameId = typeof query.gameId === 'string' ? query.gameId : '';
  if (!gameId || Object.keys(query).some((name) => !drawnQuery.has(name)) || (query.playForReal !== undefined && query.playForReal !== 'false')) return null;
  if (request.headers.cookie) {
    const session = await app.inject({ method: 'GET', url: `/ps${checkSessionAlivePath}`, headers: { cookie: request.headers.cookie } });
    const alive = session.statusCode === 200 ? checkSessionAliveResponseSchema.safeParse(session.json()) : undefined;
    if (!alive?.success || alive.data.alive) return null;
  }
  const language = portalLanguage(request);
  const t = await assets.strings(language);
  // The name the portal shows: the address's gameName, else the catalogue's title for the gameId (else the id).
  let name = typeof query.gameName === 'string' && query.gameName ? query.gameName : '';
  if (!name) {
    const games = await gameCatalogue(app, request, language);
    if (!games) return null;
    const game = games.find((candidate) => candidate.game_id === gameId);
    name = game ? decodeTitle(game.title.rendered) : gameId;
  }
  const say = (key: string, values: Record<string, string> = {}) =>
    escapeHtml((t[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, value: string) => values[value] ?? whole));
  const closeTo = gameId === BINGO_GAME_ID ? '/' : '/play';
  const main = [
    '<section class="game-page" data-zoomed="false" data-mode="free" data-windows="1"><header class="game-page__header">',
    `<a class="icon-button game-page__icon" href="/play" aria-label="${say('gamePage.back')}">${backArrow}</a>`,
    `<h1 class="game-page__title">${say('gamePage.playing', { name })}</h1><span class="game-page__badge">${say('games.freePlay')}</span>`,
    // Zooming works once the portal has drawn the page; until then it is shown, not offered.
    `<div class="game-page__tools"><button type="button" class="icon-button game-page__icon" aria-pressed="false" aria-label="${say('gamePage.zoomIn')}" title="${say('gamePage.zoomIn')}" inert><svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7"></path></svg></button>`,
    `<a class="icon-button game-page__icon" href="${closeTo}" aria-label="${say('gamePage.close')}" title="${say('gamePage.close')}"><svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6 6 18"></path></svg></a></div></header>`,
    '<div class="game-page__play"><div class="game-page__bar game-page__bar--pending" aria-hidden="true"></div>',
    `<div class="game-page__stage"><div class="game-page__frame game-page__frame--loading" aria-busy="true" aria-label="${say('gamePage.loading')}"></div></div></div>`,
    `<section class="games-strip game-page-strip"><header class="games-strip__header"><h2 class="games-strip__title">${say('gamePage.playersLove')}</h2>`,
    `<a class="games-strip__all" href="/play">${say('gamePage.allGames')}<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M5 12h14M13 6l6 6-6 6"></path></svg></a></header>`,
    `<ul class="games-strip__list" aria-busy="true">${'<li class="games-strip__placeholder"></li>'.repeat(4)}</ul></section>`,
    '</section>',
  ].join('');
  return { head: firstViewHead(assets, 'src/app/routes/game-page.tsx', language).join('\n    '), body: firstViewShell('game-page', main) };
}
