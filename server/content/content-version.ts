import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { systemMeta } from '../db/schema';

/**
 * The content version: a counter in `system_meta` that every write through the content repository
 * raises, plus a count of this process's own writes. Caches key on both, so a write here is seen
 * by the next request and a write on another node within one poll interval.
 */
export const CONTENT_VERSION_KEY = 'content_version';

let localWrites = 0;

export const localContentWrites = () => localWrites;

/** Raises the stored counter; call after (or inside the transaction of) a content write. */
export async function bumpContentVersion(db: Db): Promise<void> {
  await db
    .insert(systemMeta)
    .values({ key: CONTENT_VERSION_KEY, value: '1' })
    .onConflictDoUpdate({
      target: systemMeta.key,
      set: { value: sql`((${systemMeta.value})::bigint + 1)::text`, updatedAt: new Date() },
    });
  localWrites += 1;
}

export async function readStoredContentVersion(db: Db): Promise<string> {
  const [row] = await db.select({ value: systemMeta.value }).from(systemMeta).where(eq(systemMeta.key, CONTENT_VERSION_KEY));
  return row?.value ?? '0';
}
