import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { contentPost } from '../db/schema';

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

/** Inserts or replaces the post with the same type, slug and language. */
export async function upsertPost(db: Db, post: NewContentPost): Promise<ContentPostRow> {
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
  return row;
}

/** WordPress `*_gmt` fields: ISO time without zone, in UTC. */
export const wordpressGmt = (date: Date) => date.toISOString().slice(0, 19);
