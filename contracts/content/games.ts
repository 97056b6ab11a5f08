import { z } from 'zod';
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
  palette: z.array(z.string().regex(/^#[0-9a-f]{6}$/i, { message: 'must be a colour as #rrggbb' })).length(3, { message: 'must be three colours' }),
  symbol: z.enum(['gem', 'star', 'crown', 'clover', 'sun', 'moon', 'wave', 'flame', 'bolt', 'heart', 'diamond', 'coin', 'spade', 'wheel', 'ball', 'leaf']),
  tagline: z.string().max(60).optional(),
  /** The drawn scene; without one, the title's symbol on a generated background. */
  scene: gameSceneSchema.optional(),
});
export type GameArtwork = z.infer<typeof gameArtworkSchema>;

/** What a game post stores in `acf` (validated on write and import). */
export const gameAcfSchema = z.object({
  game_id: z.string().min(1).max(64),
  /** Slug of a game_provider post. */
  game_provider: z.string().min(1).max(100),
  /** Slugs of game_category posts. */
  game_category: z.array(z.string().min(1).max(100)).default([]),
  game_platform: gamePlatformSchema.default('html5'),
  /** The platform code the game server launches the game with. */
  launch_platform: z.string().max(64).default('EMERALD'),
  game_priority: z.number().int().default(0),
  play_for_free: z.boolean().default(false),
  /** Only for signed-in players; enforced by the server (DEF-06, DEF-13). */
  isAuthenticated: z.boolean().default(false),
  /** Comma-separated search words (GAMES-25). */
  keywords: z.string().max(500).default(''),
  /** HTML (sanitised). */
  game_information: z.string().max(20_000).default(''),
  game_thumbnail: z.string().max(500).default(''),
  game_background: z.string().max(500).default(''),
  artwork: gameArtworkSchema.optional(),
});
export type GameAcf = z.infer<typeof gameAcfSchema>;

export const gameProviderRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const gameCategoryRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), priority: z.number().int() });

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
    game_priority: z.number().int(),
    game_provider: gameProviderRefSchema,
    game_category: z.array(gameCategoryRefSchema),
    game_platform: z.object({ slug: gamePlatformSchema }),
  },
);
export type GamePost = z.infer<typeof gamePostSchema>;
export const gameListSchema = z.array(gamePostSchema);

export const gameQuerySchema = z.object({
  ...wpListQuerySchema.shape,
  orderby: z
    .enum(['game_priority', 'title', 'date', 'modified', 'id', 'slug'], { message: 'orderby must be game_priority, title, date, modified, id or slug' })
    .optional(),
  order: z.optional(orderSchema),
  /** Case-insensitive match in title, provider name and keywords (spec 000 §5). */
  search: z.string().trim().max(100, { message: 'search must be at most 100 characters' }).optional(),
  game_category: z.optional(slugListSchema),
  game_provider: z.optional(slugListSchema),
  game_platform: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, { message: 'game_platform must be platform slugs, comma separated' })
    .optional(),
  play_for_free: z.optional(flagSchema),
});
export type GameQuery = z.infer<typeof gameQuerySchema>;

/** Categories and providers: a name, a priority (NS-13: categories ascending) and a description. */
export const taxonomyAcfSchema = z.object({
  priority: z.number().int().default(0),
  description: z.string().max(5_000).default(''),
  logo: z.string().max(500).default(''),
});
export const taxonomyPostSchema = wpPostSchema(taxonomyAcfSchema, { name: z.string(), priority: z.number().int(), count: z.number().int() });
export const taxonomyListSchema = z.array(taxonomyPostSchema);
export type TaxonomyPost = z.infer<typeof taxonomyPostSchema>;

export const gamePath = '/wp-json/wp/v2/game';
export const gameCategoryPath = '/wp-json/wp/v2/game_category';
export const gameProviderPath = '/wp-json/wp/v2/game_provider';
