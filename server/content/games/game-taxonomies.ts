import type { ContentCache } from '../wp-rest/content-cache';

export interface ProviderRef {
  id: number;
  slug: string;
  name: string;
}
export interface CategoryRef extends ProviderRef {
  priority: number;
}

export interface GameLookups {
  providers: Map<string, ProviderRef>;
  categories: Map<string, CategoryRef>;
}

/** Providers and categories by slug, in a language (names may be translated). */
export function gameLookups(cache: ContentCache, lang: string): Promise<GameLookups> {
  return cache.memo(`game-lookups:${lang}`, async () => {
    const [providers, categories] = await Promise.all([cache.postsIn('game_provider', lang), cache.postsIn('game_category', lang)]);
    return {
      providers: new Map(providers.map((row) => [row.slug, { id: row.id, slug: row.slug, name: row.title }])),
      categories: new Map(categories.map((row) => [row.slug, { id: row.id, slug: row.slug, name: row.title, priority: row.priority }])),
    };
  });
}

/** How many games visible to everyone sit in each category and under each provider. */
export function publicGameCounts(cache: ContentCache, lang: string): Promise<Map<string, number>> {
  return cache.memo(`game-counts:${lang}`, async () => {
    const counts = new Map<string, number>();
    const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const game of await cache.postsIn('game', lang)) {
      if (game.acf.isAuthenticated === true) continue;
      if (typeof game.acf.game_provider === 'string') add(`game_provider:${game.acf.game_provider}`);
      if (Array.isArray(game.acf.game_category)) for (const slug of game.acf.game_category) if (typeof slug === 'string') add(`game_category:${slug}`);
    }
    return counts;
  });
}
