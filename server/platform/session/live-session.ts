import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { playerSession } from '../../db/schema';
import type { SessionPolicy } from './session-store';

export interface LiveSession {
  partyId: string;
  /** The session's active currency, or null for the player's primary currency. */
  currency: string | null;
  /** When it ends unless it is used before: its idle time-out or its absolute end, whichever comes first. */
  endsAt: Date;
}

/**
 * The session a token hash names while it is live, read without touching its last-seen time (so
 * a long-lived reader, such as a balance event stream, does not keep it alive); null once it has
 * ended, expired or been idle too long.
 */
export async function peekLiveSession(db: Db, tokenHash: string, policy: SessionPolicy, now = Date.now()): Promise<LiveSession | null> {
  const [row] = await db
    .select({ partyId: playerSession.playerId, currency: playerSession.currency, lastSeenAt: playerSession.lastSeenAt, expiresAt: playerSession.expiresAt })
    .from(playerSession)
    .where(and(eq(playerSession.tokenHash, tokenHash), isNull(playerSession.endedAt)));
  if (!row || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > policy.idleTimeoutMs) return null;
  return { partyId: row.partyId, currency: row.currency, endsAt: new Date(Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + policy.idleTimeoutMs)) };
}
