import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cacheRequestsTotal } from '../../metrics/metrics';
import { contentPost } from '../../db/schema';
import type { ContentPostRow } from '../content-posts.repository';
import { localContentWrites, readStoredContentVersion } from '../content-version';

/** How long a node trusts the stored content version before reading it again. */
export const CONTENT_VERSION_POLL_MS = 1_000;
const MAX_ENTRIES = 2_000;
// Bound once: counting a look-up stays a plain increment on the hot path.
const cacheHits = cacheRequestsTotal.labels('content', 'hit');
const cacheMisses = cacheRequestsTotal.labels('content', 'miss');

/**
 * The content service's in-process cache: the published posts of each type and anything derived
 * from them (answered lists, artwork), dropped whenever the content version changes. The version
 * is this process's write count plus the stored counter, read at most once per poll interval, so
 * other nodes' writes are seen within that interval (server/content/README.md, "Cache").
 */
export class ContentCache {
  private generation = '';
  private stored = { value: '0', readAt: -Infinity };
  private storedRead: Promise<string> | null = null;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly pollMs = CONTENT_VERSION_POLL_MS,
  ) {}

  /** The current content generation; clears the cache when it moved. */
  async currentGeneration(): Promise<string> {
    if (performance.now() - this.stored.readAt >= this.pollMs) {
      this.storedRead ??= readStoredContentVersion(this.db).finally(() => {
        this.storedRead = null;
      });
      const value = await this.storedRead;
      this.stored = { value, readAt: performance.now() };
    }
    const generation = `${this.stored.value}.${localContentWrites()}`;
    if (generation !== this.generation) {
      this.generation = generation;
      this.entries.clear();
    }
    return generation;
  }

  /** A value computed once per generation (the caller has called currentGeneration first). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key) as Promise<T> | undefined;
    if (hit) {
      cacheHits.inc();
      return hit;
    }
    cacheMisses.inc();
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => this.entries.delete(key));
    return pending;
  }

  /** Every published post of a type, all languages. */
  posts(type: string): Promise<ContentPostRow[]> {
    return this.memo(`rows:${type}`, () =>
      this.db
        .select()
        .from(contentPost)
        .where(and(eq(contentPost.type, type), eq(contentPost.status, 'publish'))),
    );
  }

  /** Published posts of a type in a language: the language's post where it exists, else English. */
  async postsIn(type: string, lang: string): Promise<ContentPostRow[]> {
    return this.memo(`lang:${type}:${lang}`, async () => {
      const rows = await this.posts(type);
      const bySlug = new Map<string, ContentPostRow>();
      for (const row of rows) if (row.lang === 'en') bySlug.set(row.slug, row);
      if (lang !== 'en') for (const row of rows) if (row.lang === lang) bySlug.set(row.slug, row);
      return [...bySlug.values()];
    });
  }
}
