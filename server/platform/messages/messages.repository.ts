import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { PLAYER_MESSAGES_SHOWN, type PlayerMessage, type PlayerMessageKind } from '../../../contracts/platform/messages/get-player-messages';
import type { Db } from '../../db/database';
import { playerMessage } from '../../db/schema';
import { plainText, sanitizeMessageHtml } from './message-html';

export interface NewPlayerMessage {
  playerId: string;
  kind: PlayerMessageKind;
  subject: string;
  /** HTML; cleaned before it is stored (DEF-19). */
  body: string;
}

/**
 * Sends a message to one player: the service other modules call (limits on a limit change, the
 * identity review on a document decision, bonuses, staff). Runs in the caller's transaction when
 * given one, so a message is kept exactly when the change it reports is.
 */
export async function sendPlayerMessage(db: Db, message: NewPlayerMessage): Promise<{ id: string }> {
  const subject = plainText(message.subject).slice(0, 200);
  const body = sanitizeMessageHtml(message.body);
  if (!subject || !body.trim()) throw new Error('a player message needs a subject and a body');
  const [row] = await db.insert(playerMessage).values({ playerId: message.playerId, kind: message.kind, subject, body }).returning({ id: playerMessage.id });
  if (!row) throw new Error('player message not stored');
  return { id: row.id.toString() };
}

export async function unreadMessageCount(db: Db, playerId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(playerMessage)
    .where(and(eq(playerMessage.playerId, playerId), isNull(playerMessage.readAt)));
  return Number(row?.unread ?? 0);
}

/** The player's latest messages, newest first, cleaned again on the way out. */
export async function playerMessages(db: Db, playerId: string): Promise<PlayerMessage[]> {
  const rows = await db.select().from(playerMessage).where(eq(playerMessage.playerId, playerId)).orderBy(desc(playerMessage.id)).limit(PLAYER_MESSAGES_SHOWN);
  return rows.map((row) => ({
    id: row.id.toString(),
    kind: row.kind as PlayerMessageKind,
    subject: plainText(row.subject),
    body: sanitizeMessageHtml(row.body),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
}

/**
 * Marks the named messages of the player read. False, with nothing changed, when any id is not one
 * of the player's messages (another player's id is answered as unknown, not as forbidden).
 */
export async function markMessagesRead(db: Db, playerId: string, ids: string[], now = new Date()): Promise<boolean> {
  const wanted = [...new Set(ids)].map((id) => BigInt(id));
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: playerMessage.id })
      .from(playerMessage)
      .where(and(eq(playerMessage.playerId, playerId), inArray(playerMessage.id, wanted)));
    if (owned.length !== wanted.length) return false;
    await tx
      .update(playerMessage)
      .set({ readAt: now })
      .where(and(eq(playerMessage.playerId, playerId), inArray(playerMessage.id, wanted), isNull(playerMessage.readAt)));
    return true;
  });
}
