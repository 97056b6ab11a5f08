import type { GamePost, TaxonomyPost } from './games';

/**
 * How the catalogue is shown (GAMES-08…25, NS-13), written once for the portal's games explorer
 * and the server's first view of /play (server/portal), which must list the same games in the same
 * groups and order.
 */

/** NAV-42, NAV-44: the portal's viewports (web/src/shared/hooks/use-viewport.ts). */
export type CatalogueViewport = 'mobile' | 'tablet' | 'desktop';

/** GAMES-08: games a group shows before 'SEE ALL >'. */
export const GAMES_PER_GROUP = 8;
/** GAMES-11: cards in a group's carousel on a phone. */
export const CAROUSEL_GAMES = 6;
/** HOME-02, HOME-03, spec 000 §9: games in the home strip. */
export const HOME_STRIP_GAMES = 4;

const desktopOnly = new Set(['desktop', 'html5-desktop']);
const mobileOnly = new Set(['mobile', 'html5-mobile']);

/** GAMES-21, GAMES-22: a phone lists no desktop-only game, a larger screen no mobile-only game. */
export function fitsDevice(game: GamePost, viewport: CatalogueViewport): boolean {
  const platform = game.game_platform.slug;
  return viewport === 'mobile' ? !desktopOnly.has(platform) : !mobileOnly.has(platform);
}

/** GAMES-23…25: case-insensitive match in title, provider name and keywords. */
export function matchesSearch(game: GamePost, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [decodeTitle(game.title.rendered), game.game_provider.name, game.acf.keywords].some((text) => text.toLowerCase().includes(needle));
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#039;': "'", '&#8217;': '\u2019', '&#8211;': '\u2013' };

/** WordPress renders titles with HTML entities (DEF-19); titles are shown as text. */
export function decodeTitle(rendered: string): string {
  return rendered.replace(/&(amp|lt|gt|quot|#039|#8217|#8211);/g, (entity) => entities[entity] ?? entity);
}

export type Grouping = 'category' | 'provider';

export interface GameGroup {
  key: string;
  name: string;
  games: GamePost[];
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** A `category` or `provider` query value names a group by slug or by name (the content links use names). */
export function matchesGroup(group: { slug: string; name: string }, wanted: string | null): boolean {
  return !wanted || same(group.slug, wanted) || same(group.name, wanted);
}

/**
 * Groups games by category (NS-13: ascending category priority) or provider (provider priority, then
 * name); each group keeps the catalogue's game_priority order and empty groups are left out.
 */
export function groupGames(games: readonly GamePost[], grouping: Grouping, taxonomy: readonly TaxonomyPost[] = []): GameGroup[] {
  const groups = new Map<string, GameGroup & { priority: number }>();
  const rank = new Map(taxonomy.map((term) => [term.slug, term.priority]));
  const add = (slug: string, name: string, priority: number, game: GamePost) => {
    let group = groups.get(slug);
    if (!group) {
      group = { key: slug, name: decodeTitle(name), priority: rank.get(slug) ?? priority, games: [] };
      groups.set(slug, group);
    }
    group.games.push(game);
  };
  for (const game of games) {
    if (grouping === 'category') for (const category of game.game_category) add(category.slug, category.name, category.priority, game);
    else add(game.game_provider.slug, game.game_provider.name, Number.MAX_SAFE_INTEGER, game);
  }
  return [...groups.values()]
    .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name))
    .map(({ key, name, games: members }) => ({ key, name, games: members }));
}

/** GAMES-28: the query a card's link to /game carries: gameId, platform and gameName. */
export function gameLinkQuery(game: GamePost): { gameId: string; platform: string; gameName: string } {
  return { gameId: game.game_id, platform: game.acf.launch_platform, gameName: decodeTitle(game.title.rendered) };
}
