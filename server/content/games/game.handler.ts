import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameListSchema, gamePath, gameQuerySchema, type GameAcf, type GameQuery } from '../../../contracts/content/games';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList, withImage, type WireEntry } from '../wp-rest/post-list';
import { gameLookups, type CategoryRef, type GameLookups } from './game-taxonomies';

export const GAME_TYPE = 'game';
export const THUMBNAIL_SIZE = { width: 400, height: 300 } as const;
export const BACKGROUND_SIZE = { width: 1600, height: 900 } as const;

/** A Macedonian post's artwork is lettered with its Macedonian title (`<kind>.mk.svg`). */
export const gameArtworkUrl = (slug: string, kind: 'thumbnail' | 'background', lang = 'en') =>
  `/cms/media/games/${slug}/${kind}${lang === 'mk' ? '.mk' : ''}.svg`;

function shapeGame(entry: WireEntry, { providers, categories }: GameLookups): WireEntry {
  const acf = entry.post.acf as Partial<GameAcf>;
  const providerSlug = acf.game_provider ?? '';
  const provider = providers.get(providerSlug) ?? { id: 0, slug: providerSlug, name: providerSlug };
  const gameCategories = (acf.game_category ?? [])
    .map((slug) => categories.get(slug))
    .filter((category): category is CategoryRef => category !== undefined)
    .sort((a, b) => a.priority - b.priority);
  const thumbnail = acf.game_thumbnail || gameArtworkUrl(entry.row.slug, 'thumbnail', entry.row.lang);
  const background = acf.game_background || gameArtworkUrl(entry.row.slug, 'background', entry.row.lang);
  const keywords = acf.keywords ?? '';
  const shaped: WireEntry = {
    ...entry,
    post: {
      ...entry.post,
      game_id: acf.game_id ?? '',
      game_thumbnail: { url: thumbnail },
      game_background: { url: background },
      game_information: acf.game_information ?? '',
      game_priority: entry.row.priority,
      game_provider: provider,
      game_category: gameCategories,
      game_platform: { slug: acf.game_platform ?? 'html5' },
      acf: {
        play_for_free: acf.play_for_free === true,
        isAuthenticated: acf.isAuthenticated === true,
        keywords,
        launch_platform: acf.launch_platform ?? 'EMERALD',
      },
    },
    searchText: `${entry.row.title}\n${provider.name}\n${keywords}`.toLowerCase(),
    requiresSession: acf.isAuthenticated === true,
  };
  return withImage(shaped, thumbnail, entry.row.title, THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height);
}

const listOf = (value: string | undefined) => (value ? new Set(value.split(',')) : null);

function matchesGame(entry: WireEntry, rawQuery: Record<string, unknown>): boolean {
  const query = rawQuery as GameQuery;
  if (query.search && !entry.searchText?.includes(query.search.toLowerCase())) return false;
  const categories = listOf(query.game_category);
  if (categories && !(entry.post.game_category as CategoryRef[]).some((category) => categories.has(category.slug))) return false;
  const providers = listOf(query.game_provider);
  if (providers && !providers.has((entry.post.game_provider as { slug: string }).slug)) return false;
  const platforms = listOf(query.game_platform);
  if (platforms && !platforms.has((entry.post.game_platform as { slug: string }).slug)) return false;
  if (query.play_for_free !== undefined && entry.post.acf.play_for_free !== query.play_for_free) return false;
  return true;
}

/** GET /cms/wp-json/wp/v2/game (GAMES-12…25): the catalogue, by game_priority ascending. */
export const gameRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    registerPostList(app, context, cache, {
      type: GAME_TYPE,
      path: gamePath,
      summary:
        'Games by game_priority; search over title, provider and keywords; game_category/game_provider filters by slug. Games for signed-in players only with a live SESSION_KEY cookie (GAMES-12…25, DEF-06, DEF-13)',
      querystring: gameQuerySchema,
      response: gameListSchema,
      prepare: gameLookups,
      shape: shapeGame,
      filter: matchesGame,
      defaultOrderBy: 'game_priority',
      defaultOrder: 'asc',
    });
  };
