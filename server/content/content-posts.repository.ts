import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { contentPost } from '../db/schema';
import { bumpContentVersion } from './content-version';
import { preparePostForWrite } from './post-types';

export type ContentPostRow = typeof contentPost.$inferSelect;
export type NewContentPost = typeof contentPost.$inferInsert;

export function findPublishedPosts(db: Db, type: string, filter: { slug?: string | undefined; lang?: string } = {}): Promise<ContentPostRow[]> {
  return db
    .select()
    .from(contentPost)
    .where(
      and(
        eq(contentPost.type, type),
        eq(contentPost.status, 'publish'),
        filter.slug === undefined ? undefined : eq(contentPost.slug, filter.slug),
        filter.lang === undefined ? undefined : eq(contentPost.lang, filter.lang),
      ),
    )
    .orderBy(asc(contentPost.priority), asc(contentPost.id));
}

/** Every post of the given types (all languages and statuses), for export. */
export function findAllPosts(db: Db, types: readonly string[]): Promise<ContentPostRow[]> {
  return db.select().from(contentPost).where(inArray(contentPost.type, [...types])).orderBy(asc(contentPost.type), asc(contentPost.slug), asc(contentPost.lang));
}

/**
 * Inserts or replaces the post with the same type, slug and language. Posts of the known types are
 * validated and sanitised first (DEF-19); every write raises the content version, which drops the
 * cached lists.
 */
export async function upsertPost(db: Db, input: NewContentPost): Promise<ContentPostRow> {
  const post = preparePostForWrite(input);
  const [row] = await db
    .insert(contentPost)
    .values(post)
    .onConflictDoUpdate({
      target: [contentPost.type, contentPost.slug, contentPost.lang],
      set: {
        title: post.title,
        content: post.content ?? '',
        status: post.status ?? 'publish',
        priority: post.priority ?? 0,
        acf: post.acf ?? {},
        modifiedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error(`content post ${post.type}/${post.slug} was not written`);
  await bumpContentVersion(db);
  return row;
}

/** Deletes a post (every language when `lang` is omitted); returns how many went. */
export async function deletePost(db: Db, type: string, slug: string, lang?: string): Promise<number> {
  const rows = await db
    .delete(contentPost)
    .where(and(eq(contentPost.type, type), eq(contentPost.slug, slug), lang === undefined ? undefined : eq(contentPost.lang, lang)))
    .returning({ id: contentPost.id });
  await bumpContentVersion(db);
  return rows.length;
}

/** WordPress `*_gmt` fields: ISO time without zone, in UTC. */
export const wordpressGmt = (date: Date) => date.toISOString().slice(0, 19);
