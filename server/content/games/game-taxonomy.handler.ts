import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameCategoryPath, gameProviderPath, taxonomyListSchema } from '../../../contracts/content/games';
import { wpListQuerySchema } from '../../../contracts/content/wp-rest';
import type { ServiceContext } from '../../service-context';
import type { ContentCache } from '../wp-rest/content-cache';
import { registerPostList, stringAt, withImage } from '../wp-rest/post-list';
import { publicGameCounts } from './game-taxonomies';

/**
 * GET /cms/wp-json/wp/v2/game_category and /game_provider (GAMES-16, GAMES-18): id, name and
 * priority; categories ascending by priority (NS-13). `count` counts the games every visitor sees.
 */
export const gameTaxonomyRoutes =
  (context: ServiceContext, cache: ContentCache): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [type, path] of [
      ['game_category', gameCategoryPath],
      ['game_provider', gameProviderPath],
    ] as const) {
      registerPostList(app, context, cache, {
        type,
        path,
        summary: type === 'game_category' ? 'Game categories: id, name, priority (GAMES-16, NS-13)' : 'Game providers: id, name (GAMES-16)',
        querystring: wpListQuerySchema,
        response: taxonomyListSchema,
        prepare: publicGameCounts,
        shape: (entry, counts) =>
          withImage(
            {
              ...entry,
              post: { ...entry.post, name: entry.row.title, priority: entry.row.priority, count: counts.get(`${type}:${entry.row.slug}`) ?? 0 },
            },
            stringAt(entry.post.acf, 'logo'),
            entry.row.title,
            240,
            120,
          ),
        defaultOrderBy: 'priority',
      });
    }
  };
