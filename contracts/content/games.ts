import { z } from 'zod/mini';
import { flagSchema, orderSchema, slugListSchema, wpListQuerySchema, wpPostSchema } from './wp-rest';

/**
 * The games catalogue (spec 000 §3 Game, Category, Provider; §5; GAMES-12…25):
 * GET /cms/wp-json/wp/v2/game, /game_category and /game_provider.
 */
export const gamePlatforms = ['html5', 'html5-desktop', 'html5-mobile', 'desktop', 'mobile'] as const;
export const gamePlatformSchema = z.enum(gamePlatforms);

/**
 * The illustrated scenes the content service can draw behind a game's title, one per theme of the
 * demo catalogue (server/content/media/artwork/game-scenes.ts). A game names one; the drawing itself
 * is ours, so an editor chooses a picture but never supplies markup.
 */
export const gameScenes = [
  'emerald-isle',
  'celtic-crown',
  'causeway',
  'banshee-moon',
  'lighthouse',
  'pearls',
  'dragon-forge',
  'thunder',
  'longship',
  'pyramid',
  'meadow-hare',
  'night-fox',
  'ruby',
  'salmon',
  'druid-book',
  'cosmos',
  'harbour-hearts',
  'steam-train',
  'sevens',
  'fruit',
  'roulette',
  'blackjack',
  'plinko',
  'mine',
  'live-studio',
  'bingo',
] as const;
export const gameSceneSchema = z.enum(gameScenes, { message: `must be one of ${gameScenes.join(', ')}` });
export type GameScene = z.infer<typeof gameSceneSchema>;

/** The artwork the content service draws for a game (see server/content/media/artwork). */
export const gameArtworkSchema = z.object({
  /** Three colours: background dark, background light, accent. */
  palette: z
    .array(z.string().check(z.regex(/^#[0-9a-f]{6}$/i, { message: 'must be a colour as #rrggbb' })))
    .check(z.length(3, { message: 'must be three colours' })),
  symbol: z.enum(['gem', 'star', 'crown', 'clover', 'sun', 'moon', 'wave', 'flame', 'bolt', 'heart', 'diamond', 'coin', 'spade', 'wheel', 'ball', 'leaf']),
  tagline: z.optional(z.string().check(z.maxLength(60))),
  /** The drawn scene; without one, the title's symbol on a generated background. */
  scene: z.optional(gameSceneSchema),
});
export type GameArtwork = z.infer<typeof gameArtworkSchema>;

/** What a game post stores in `acf` (validated on write and import). */
export const gameAcfSchema = z.object({
  game_id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Slug of a game_provider post. */
  game_provider: z.string().check(z.minLength(1), z.maxLength(100)),
  /** Slugs of game_category posts. */
  game_category: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(100))), []),
  game_platform: z._default(gamePlatformSchema, 'html5'),
  /** The platform code the game server launches the game with. */
  launch_platform: z._default(z.string().check(z.maxLength(64)), 'EMERALD'),
  game_priority: z._default(z.int(), 0),
  play_for_free: z._default(z.boolean(), false),
  /** Only for signed-in players; enforced by the server (DEF-06, DEF-13). */
  isAuthenticated: z._default(z.boolean(), false),
  /** Comma-separated search words (GAMES-25). */
  keywords: z._default(z.string().check(z.maxLength(500)), ''),
  /** HTML (sanitised). */
  game_information: z._default(z.string().check(z.maxLength(20_000)), ''),
  game_thumbnail: z._default(z.string().check(z.maxLength(500)), ''),
  game_background: z._default(z.string().check(z.maxLength(500)), ''),
  artwork: z.optional(gameArtworkSchema),
});
export type GameAcf = z.infer<typeof gameAcfSchema>;

export const gameProviderRefSchema = z.object({ id: z.int(), slug: z.string(), name: z.string() });
export const gameCategoryRefSchema = z.object({ id: z.int(), slug: z.string(), name: z.string(), priority: z.int() });

export const gamePostSchema = wpPostSchema(
  z.object({
    play_for_free: z.boolean(),
    isAuthenticated: z.boolean(),
    keywords: z.string(),
    launch_platform: z.string(),
  }),
  {
    game_id: z.string(),
    game_thumbnail: z.object({ url: z.string() }),
    game_background: z.object({ url: z.string() }),
    game_information: z.string(),
    game_priority: z.int(),
    game_provider: gameProviderRefSchema,
    game_category: z.array(gameCategoryRefSchema),
    game_platform: z.object({ slug: gamePlatformSchema }),
  },
);
export type GamePost = z.infer<typeof gamePostSchema>;
export const gameListSchema = z.array(gamePostSchema);

export const gameQuerySchema = z.object({
  ...wpListQuerySchema.shape,
  orderby: z.optional(
    z.enum(['game_priority', 'title', 'date', 'modified', 'id', 'slug'], { message: 'orderby must be game_priority, title, date, modified, id or slug' }),
  ),
  order: z.optional(orderSchema),
  /** Case-insensitive match in title, provider name and keywords (spec 000 §5). */
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, { message: 'search must be at most 100 characters' }))),
  game_category: z.optional(slugListSchema),
  game_provider: z.optional(slugListSchema),
  game_platform: z.optional(z.string().check(z.regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, { message: 'game_platform must be platform slugs, comma separated' }))),
  play_for_free: z.optional(flagSchema),
});
export type GameQuery = z.infer<typeof gameQuerySchema>;

/** Categories and providers: a name, a priority (NS-13: categories ascending) and a description. */
export const taxonomyAcfSchema = z.object({
  priority: z._default(z.int(), 0),
  description: z._default(z.string().check(z.maxLength(5_000)), ''),
  logo: z._default(z.string().check(z.maxLength(500)), ''),
});
export const taxonomyPostSchema = wpPostSchema(taxonomyAcfSchema, { name: z.string(), priority: z.int(), count: z.int() });
export const taxonomyListSchema = z.array(taxonomyPostSchema);
export type TaxonomyPost = z.infer<typeof taxonomyPostSchema>;

export const gamePath = '/wp-json/wp/v2/game';
export const gameCategoryPath = '/wp-json/wp/v2/game_category';
export const gameProviderPath = '/wp-json/wp/v2/game_provider';
