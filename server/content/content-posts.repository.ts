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
  return db
    .select()
    .from(contentPost)
    .where(inArray(contentPost.type, [...types]))
    .orderBy(asc(contentPost.type), asc(contentPost.slug), asc(contentPost.lang));
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

/** One post by id, any status or language. */
export async function findPostById(db: Db, type: string, id: number): Promise<ContentPostRow | undefined> {
  const [row] = await db
    .select()
    .from(contentPost)
    .where(and(eq(contentPost.type, type), eq(contentPost.id, id)));
  return row;
}

/** A new post (validated and sanitised); undefined when its type, slug and language are taken. */
export async function insertPost(db: Db, input: NewContentPost): Promise<ContentPostRow | undefined> {
  const post = preparePostForWrite(input);
  const [row] = await db
    .insert(contentPost)
    .values(post)
    .onConflictDoNothing({ target: [contentPost.type, contentPost.slug, contentPost.lang] })
    .returning();
  if (row) await bumpContentVersion(db);
  return row;
}

/**
 * Replaces a stored post's fields by id (validated and sanitised as every write); undefined when
 * another post of the type already has the new slug in that language.
 */
export async function updatePostById(
  db: Db,
  existing: ContentPostRow,
  changes: Partial<Pick<NewContentPost, 'title' | 'content' | 'status' | 'slug' | 'acf'>>,
): Promise<ContentPostRow | undefined> {
  const post = preparePostForWrite({ ...existing, ...changes });
  const [clash] = await db
    .select({ id: contentPost.id })
    .from(contentPost)
    .where(and(eq(contentPost.type, existing.type), eq(contentPost.slug, post.slug), eq(contentPost.lang, existing.lang)));
  if (clash && clash.id !== existing.id) return undefined;
  const [row] = await db
    .update(contentPost)
    .set({ slug: post.slug, title: post.title, content: post.content, status: post.status, priority: post.priority, acf: post.acf, modifiedAt: new Date() })
    .where(eq(contentPost.id, existing.id))
    .returning();
  await bumpContentVersion(db);
  return row;
}

/** Deletes one post by id. */
export async function deletePostById(db: Db, id: number): Promise<void> {
  await db.delete(contentPost).where(eq(contentPost.id, id));
  await bumpContentVersion(db);
}
