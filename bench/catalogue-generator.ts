import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { GameAcf } from '../contracts/content/games';
import { bumpContentVersion } from '../server/content/content-version';
import { preparePostForWrite } from '../server/content/post-types';
import { openPostgres, type Db } from '../server/db/database';
import { contentPost } from '../server/db/schema';

/**
 * A large catalogue for performance work: `count` games (default 5,000) under 24 providers and 12
 * categories, about 10% for signed-in players only, written in batches through the same
 * validation and sanitising as every content write, then one content-version bump.
 *
 *   tsx bench/catalogue-generator.ts postgres://postgres@127.0.0.1:5432/bench [count]
 */
const adjectives = [
  'Golden',
  'Lucky',
  'Wild',
  'Mystic',
  'Royal',
  'Silver',
  'Emerald',
  'Crystal',
  'Blazing',
  'Frozen',
  'Hidden',
  'Ancient',
  'Midnight',
  'Electric',
  'Jade',
  'Velvet',
];
const nouns = [
  'Fortune',
  'Reels',
  'Dragon',
  'Harbour',
  'Castle',
  'Clover',
  'Tiger',
  'Pearl',
  'Comet',
  'Forest',
  'Temple',
  'Lantern',
  'Voyage',
  'Crown',
  'Phoenix',
  'Meadow',
];
const suffixes = ['Deluxe', 'Megaways', 'Rush', 'Quest', 'Legends', 'Nights', 'Riches', 'Spins', 'Party', 'Trail', 'Kingdom', 'Express'];
const symbols = [
  'gem',
  'star',
  'crown',
  'clover',
  'sun',
  'moon',
  'wave',
  'flame',
  'bolt',
  'heart',
  'diamond',
  'coin',
  'spade',
  'wheel',
  'ball',
  'leaf',
] as const;

export const BENCH_PROVIDERS = 24;
export const BENCH_CATEGORIES = 12;

export async function generateCatalogue(db: Db, count = 5_000): Promise<{ games: number }> {
  const rows: (typeof contentPost.$inferInsert)[] = [];
  for (let index = 0; index < BENCH_PROVIDERS; index += 1) {
    rows.push(
      preparePostForWrite({
        type: 'game_provider',
        slug: `bench-studio-${index}`,
        title: `${adjectives[index % adjectives.length]} Bench Studio ${index}`,
        acf: { priority: index },
      }),
    );
  }
  for (let index = 0; index < BENCH_CATEGORIES; index += 1) {
    rows.push(
      preparePostForWrite({ type: 'game_category', slug: `bench-category-${index}`, title: `Bench Category ${index}`, acf: { priority: 100 + index } }),
    );
  }
  for (let index = 0; index < count; index += 1) {
    const title = `${adjectives[index % adjectives.length]} ${nouns[Math.floor(index / adjectives.length) % nouns.length]} ${suffixes[index % suffixes.length]} ${index}`;
    const acf: Partial<GameAcf> = {
      game_id: `BENCH-${index}`,
      game_provider: `bench-studio-${index % BENCH_PROVIDERS}`,
      game_category: [`bench-category-${index % BENCH_CATEGORIES}`, `bench-category-${(index * 7) % BENCH_CATEGORIES}`],
      game_platform: index % 17 === 0 ? 'html5-mobile' : index % 13 === 0 ? 'html5-desktop' : 'html5',
      game_priority: 1_000 + index,
      play_for_free: index % 3 !== 0,
      isAuthenticated: index % 10 === 0,
      keywords: `${nouns[index % nouns.length]!.toLowerCase()}, ${symbols[index % symbols.length]}, bench`,
      game_information: `<p>${title} is a generated game for performance work.</p><ul><li>Theoretical return to player: 96.${index % 10}0%</li></ul>`,
      artwork: { palette: ['#10202a', '#2a6f8f', '#f5c542'], symbol: symbols[index % symbols.length]! },
    };
    rows.push(preparePostForWrite({ type: 'game', slug: `bench-game-${index}`, title, acf }));
  }
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(contentPost)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
  }
  await bumpContentVersion(db);
  return { games: count };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: tsx bench/catalogue-generator.ts <postgres-url> [count]');
    process.exit(2);
  }
  const database = await openPostgres(url);
  await database.migrate();
  const started = performance.now();
  const { games } = await generateCatalogue(database.db, Number(process.argv[3]) || 5_000);
  pino().info({ games, ms: Math.round(performance.now() - started) }, 'catalogue generated');
  await database.close();
}
