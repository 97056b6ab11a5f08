import { and, asc, desc, eq } from 'drizzle-orm';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_STAFF_TOPIC,
  type PlayerSupportResponse,
  type StaffSupportConversation,
  type StaffSupportSummary,
  type SupportConversation,
  type SupportHours,
  type SupportMessage,
} from '../../contracts/support/support';
import type { Db } from '../db/database';
import { supportConversation, supportMessage } from '../db/schema';
import { AppError, fieldError } from '../http/app-error';
import { takeSlots, type ThrottleRule } from '../platform/throttle';
import { inTransaction } from '../db/transaction';
import { staffPublicNames } from '../back-office';
import { publish } from '../realtime';
import { supportHoursAt, type SupportSchedule } from './support-hours';

/** A player may write this many messages per window: enough to chat, too few to flood the queue. */
export const PLAYER_WRITE_LIMIT: ThrottleRule = { limit: 5, windowSeconds: 10 };

export interface SupportAuthor {
  kind: 'PLAYER' | 'STAFF';
  id: string;
  name: string;
}

type ConversationRow = typeof supportConversation.$inferSelect;
type MessageRow = typeof supportMessage.$inferSelect;

/** As the channels module keeps a message: one paragraph, control characters as spaces, trimmed; shown as text. */
function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function checkedText(raw: string): string {
  const text = cleanText(raw);
  if (text.length === 0) throw fieldError('text', 'Write a message');
  if (text.length > SUPPORT_MESSAGE_MAX_LENGTH) throw fieldError('text', `At most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`);
  return text;
}

/**
 * Who reads a message decides how its staff author is named: staff see a colleague's sign-in name
 * (the back office may); a player sees the public name that member chose, or null (the team) —
 * never the sign-in name.
 */
type Audience = { kind: 'staff' } | { kind: 'player'; publicNames: ReadonlyMap<string, string | null> };
const STAFF_AUDIENCE: Audience = { kind: 'staff' };

/** The player's view of these messages' staff authors (one read for the lot). */
async function playerAudience(db: Db, rows: readonly MessageRow[]): Promise<Audience> {
  return {
    kind: 'player',
    publicNames: await staffPublicNames(
      db,
      rows.filter((row) => row.authorKind === 'STAFF').map((row) => row.authorId),
    ),
  };
}

const toMessage = (row: MessageRow, audience: Audience): SupportMessage => ({
  id: row.id,
  author:
    row.authorKind === 'STAFF'
      ? { kind: 'STAFF', name: audience.kind === 'staff' ? row.authorName : (audience.publicNames.get(row.authorId) ?? null) }
      : { kind: 'PLAYER', name: row.authorName },
  text: row.body,
  sentAt: row.createdAt.toISOString(),
});

async function withMessages(db: Db, row: ConversationRow, audience: 'player' | 'staff'): Promise<SupportConversation> {
  const messages = await db.select().from(supportMessage).where(eq(supportMessage.conversationId, row.id)).orderBy(asc(supportMessage.id));
  const shown = audience === 'staff' ? STAFF_AUDIENCE : await playerAudience(db, messages);
  return {
    conversationId: row.id,
    status: row.status as 'OPEN' | 'CLOSED',
    startedAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    messages: messages.map((message) => toMessage(message, shown)),
  };
}

/** The player's topic (server/realtime/README.md: only that player may follow it) carries support's answers and closings. */
const playerTopic = (playerId: string) => `player:${playerId}`;

/** The player's current conversation (the open one, else the latest) with support's hours now. */
export async function readPlayerSupport(db: Db, schedule: SupportSchedule, playerId: string, now = new Date()): Promise<PlayerSupportResponse> {
  const [row] = await db
    .select()
    .from(supportConversation)
    .where(eq(supportConversation.playerId, playerId))
    .orderBy(desc(supportConversation.status), desc(supportConversation.lastMessageAt))
    .limit(1);
  return { conversation: row ? await withMessages(db, row, 'player') : null, hours: supportHoursAt(schedule, now) };
}

/** One of the player's own conversations; another player's is as missing as one that never was. */
export async function readPlayerConversation(db: Db, playerId: string, conversationId: string): Promise<SupportConversation> {
  const [row] = await db
    .select()
    .from(supportConversation)
    .where(and(eq(supportConversation.id, conversationId), eq(supportConversation.playerId, playerId)));
  if (!row) throw new AppError('NOT_FOUND', 'No such conversation');
  return withMessages(db, row, 'player');
}

/**
 * A player writes to support: the open conversation continues, or a new one starts. The message
 * is kept and announced to staff in one transaction whether or not support is on duty; the
 * answer's hours tell the player when someone will read it.
 */
export async function writeAsPlayer(
  db: Db,
  schedule: SupportSchedule,
  player: { id: string; name: string },
  rawText: string,
  now = new Date(),
): Promise<{ conversation: SupportConversation; message: SupportMessage; hours: SupportHours }> {
  const text = checkedText(rawText);
  return inTransaction(db, async (tx) => {
    // The rate is a slot taken in the message's own transaction: messages sent together cannot all
    // pass a count made before any of them is stored, and a write that fails gives its slot back.
    await takeSlots(tx, [
      {
        key: `support-write:${player.id}`,
        rule: PLAYER_WRITE_LIMIT,
        refusal: (retryAfterSeconds) => new AppError('TOO_MANY_REQUESTS', 'You are sending messages too quickly', undefined, { retryAfterSeconds }),
      },
    ]);
    const sentAt = new Date();
    // The partial unique index keeps one open conversation per player, even when two writes race.
    await tx.insert(supportConversation).values({ playerId: player.id, playerName: player.name, lastMessageAt: sentAt }).onConflictDoNothing();
    const [continued] = await tx
      .update(supportConversation)
      .set({ lastMessageAt: sentAt })
      .where(and(eq(supportConversation.playerId, player.id), eq(supportConversation.status, 'OPEN')))
      .returning();
    // Staff closed it between the two statements: the message starts a new conversation.
    const conversation =
      continued ?? (await tx.insert(supportConversation).values({ playerId: player.id, playerName: player.name, lastMessageAt: sentAt }).returning())[0]!;
    const [row] = await tx
      .insert(supportMessage)
      .values({ conversationId: conversation.id, authorKind: 'PLAYER', authorId: player.id, authorName: player.name, body: text, createdAt: sentAt })
      .returning();
    // The player's own message: there is no staff author to name, whoever reads it.
    const message = toMessage(row!, STAFF_AUDIENCE);
    await publish(tx, SUPPORT_STAFF_TOPIC, { type: 'support.message', conversationId: conversation.id, message });
    return { conversation: await withMessages(tx, conversation, 'player'), message, hours: supportHoursAt(schedule, now) };
  });
}

async function staffConversation(db: Db, conversationId: string): Promise<ConversationRow> {
  const [row] = await db.select().from(supportConversation).where(eq(supportConversation.id, conversationId));
  if (!row) throw new AppError('NOT_FOUND', 'No such conversation');
  return row;
}

const withPlayer = async (db: Db, row: ConversationRow): Promise<StaffSupportConversation> => ({
  ...(await withMessages(db, row, 'staff')),
  player: { partyId: row.playerId, username: row.playerName },
});

/** Staff's queue: conversations by status, the longest-waiting first. */
export async function supportQueue(db: Db, status: 'OPEN' | 'CLOSED'): Promise<StaffSupportSummary[]> {
  const rows = await db
    .select()
    .from(supportConversation)
    .where(eq(supportConversation.status, status))
    .orderBy(status === 'OPEN' ? asc(supportConversation.lastMessageAt) : desc(supportConversation.lastMessageAt))
    .limit(200);
  const summaries: StaffSupportSummary[] = [];
  for (const row of rows) {
    const [last] = await db.select().from(supportMessage).where(eq(supportMessage.conversationId, row.id)).orderBy(desc(supportMessage.id)).limit(1);
    summaries.push({
      conversationId: row.id,
      status: row.status as 'OPEN' | 'CLOSED',
      player: { partyId: row.playerId, username: row.playerName },
      startedAt: row.createdAt.toISOString(),
      lastMessageAt: row.lastMessageAt.toISOString(),
      awaitingStaff: last?.authorKind === 'PLAYER',
      lastText: last?.body ?? '',
    });
  }
  return summaries;
}

export async function readStaffConversation(db: Db, conversationId: string): Promise<StaffSupportConversation> {
  return withPlayer(db, await staffConversation(db, conversationId));
}

/** Staff answer an open conversation; the player sees it live on `player:<id>`. Runs inside the audited transaction. */
export async function answerAsStaff(
  tx: Db,
  conversationId: string,
  staff: { id: string; name: string },
  rawText: string,
): Promise<{ conversation: StaffSupportConversation; message: SupportMessage }> {
  const text = checkedText(rawText);
  const row = await staffConversation(tx, conversationId);
  if (row.status !== 'OPEN') throw fieldError('conversationId', 'The conversation is closed');
  const sentAt = new Date();
  const [updated] = await tx.update(supportConversation).set({ lastMessageAt: sentAt }).where(eq(supportConversation.id, row.id)).returning();
  const [inserted] = await tx
    .insert(supportMessage)
    .values({ conversationId: row.id, authorKind: 'STAFF', authorId: staff.id, authorName: staff.name, body: text, createdAt: sentAt })
    .returning();
  const message = toMessage(inserted!, STAFF_AUDIENCE);
  // Events carry the answer as the player sees it (the staff topic too: its consoles read the
  // conversation again over HTTP, and a payload never needs the sign-in name).
  const shown = toMessage(inserted!, await playerAudience(tx, [inserted!]));
  await publish(tx, playerTopic(row.playerId), { type: 'support.message', conversationId: row.id, message: shown });
  await publish(tx, SUPPORT_STAFF_TOPIC, { type: 'support.message', conversationId: row.id, message: shown });
  return { conversation: await withPlayer(tx, updated!), message };
}

/** Staff close a conversation; it is kept, and the player's next message starts a new one. */
export async function closeAsStaff(tx: Db, conversationId: string): Promise<StaffSupportConversation> {
  const row = await staffConversation(tx, conversationId);
  if (row.status !== 'OPEN') throw fieldError('conversationId', 'The conversation is already closed');
  const [updated] = await tx.update(supportConversation).set({ status: 'CLOSED', closedAt: new Date() }).where(eq(supportConversation.id, row.id)).returning();
  await publish(tx, playerTopic(row.playerId), { type: 'support.closed', conversationId: row.id });
  await publish(tx, SUPPORT_STAFF_TOPIC, { type: 'support.closed', conversationId: row.id });
  return withPlayer(tx, updated!);
}
