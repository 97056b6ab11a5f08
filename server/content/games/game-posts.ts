import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { contentPost } from '../../db/schema';

/**
 * What other modules ask of the game posts (content type `game`, keyed by `acf.game_id`): whether
 * a game is published, whether it may be played for free, and the titles of games the studio
 * catalogue does not know.
 */

const gameIdOf = sql`${contentPost.acf}->>'game_id'`;

/** True when a published game post carries this gameId. */
export async function isPublishedGame(db: Db, gameId: string): Promise<boolean> {
  const rows = await db
    .select({ id: contentPost.id })
    .from(contentPost)
    .where(and(eq(contentPost.type, 'game'), eq(contentPost.status, 'publish'), sql`${gameIdOf} = ${gameId}`))
    .limit(1);
  return rows.length > 0;
}

/** True when a published game post for this gameId is marked free to play. */
export async function isFreeToPlayGame(db: Db, gameId: string): Promise<boolean> {
  const rows = await db
    .select({ id: contentPost.id })
    .from(contentPost)
    .where(
      and(eq(contentPost.type, 'game'), eq(contentPost.status, 'publish'), sql`${gameIdOf} = ${gameId}`, sql`${contentPost.acf}->>'play_for_free' = 'true'`),
    )
    .limit(1);
  return rows.length > 0;
}

/** The title of a game post per gameId (any status), for games named only in the content. */
export async function gamePostTitles(db: Db, gameIds: readonly string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (gameIds.length === 0) return titles;
  const posts = await db
    .select({ gameId: sql<string>`${gameIdOf}`, title: contentPost.title })
    .from(contentPost)
    .where(and(eq(contentPost.type, 'game'), inArray(gameIdOf, [...gameIds])));
  for (const post of posts) if (!titles.has(post.gameId)) titles.set(post.gameId, post.title);
  return titles;
}

/**
 * A game's name as the catalogue shows it in `lang` (the game post of that language, else the
 * English one), for the game client's title; undefined when no post names the game.
 */
export async function gamePostTitleIn(db: Db, gameId: string, lang: string): Promise<string | undefined> {
  const posts = await db
    .select({ title: contentPost.title, lang: contentPost.lang })
    .from(contentPost)
    .where(and(eq(contentPost.type, 'game'), eq(contentPost.status, 'publish'), sql`${gameIdOf} = ${gameId}`, inArray(contentPost.lang, [lang, 'en'])));
  return (posts.find((post) => post.lang === lang) ?? posts.find((post) => post.lang === 'en'))?.title;
}
