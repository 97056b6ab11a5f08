import { and, asc, count, desc, eq, gt, gte } from 'drizzle-orm';
import { MESSAGE_MAX_LENGTH, type Channel, type ChannelMessage, type ChannelMode, type ChannelModeration } from '../../contracts/channels/channels';
import type { Db } from '../db/database';
import { latestAuditDetail } from '../back-office';
import { chatChannel, chatMessage } from '../db/schema';
import { AppError, fieldError } from '../http/app-error';
import { findPlayer } from '../platform/accounts';
import { inTransaction } from '../platform/wallet';
import { publish } from '../realtime';

/** The bus topic of a channel: the gateway lets anyone signed in follow it (§7k). */
export const channelTopic = (channelId: number) => `channel:${channelId}`;

/** A player may post this many messages per window to keep a chat readable (and cheap to flood). */
export const PLAYER_POST_LIMIT = { messages: 5, windowMs: 10_000 };

/**
 * Moderation state is the moderators' audited actions themselves (the newest `channel.mute` of a
 * player in a channel, the newest `channel.slow_mode` of a channel): every node reads the same
 * record, and a mute or slow mode exists exactly when its audit entry does.
 */
function latestModeration(db: Db, action: 'channel.mute' | 'channel.slow_mode', subjectId: string, channelId: number): Promise<Record<string, unknown> | undefined> {
  return latestAuditDetail(db, action, subjectId, 'channelId', String(channelId));
}

/** Until when a player is muted in a channel (undefined: not muted at `now`). */
export async function mutedUntil(db: Db, channelId: number, partyId: string, now = new Date()): Promise<Date | undefined> {
  const detail = await latestModeration(db, 'channel.mute', partyId, channelId);
  const until = typeof detail?.until === 'string' ? new Date(detail.until) : undefined;
  return until && until > now ? until : undefined;
}

/** The channel's slow mode: seconds a player waits between messages (0: off). */
export async function slowModeSeconds(db: Db, channelId: number): Promise<number> {
  const detail = await latestModeration(db, 'channel.slow_mode', String(channelId), channelId);
  return typeof detail?.seconds === 'number' ? detail.seconds : 0;
}

/** Makes sure a public CHAT channel of this number exists (a bingo room's chat); an existing one is left as it is. */
export async function ensureChatChannel(db: Db, channelId: number, name: string): Promise<void> {
  await db.insert(chatChannel).values({ id: channelId, name, mode: 'CHAT' }).onConflictDoNothing({ target: chatChannel.id });
}

/** Checks the channel exists (public) before a moderator acts on it. */
export async function requireChannel(db: Db, channelId: number): Promise<void> {
  await publicChannel(db, channelId);
}

/** Checks a party id is a player's before a moderator names it (404 otherwise, like any unknown id). */
export async function requirePlayer(db: Db, partyId: string): Promise<void> {
  if (!(await findPlayer(db, partyId))) throw new AppError('NOT_FOUND', `No player ${partyId}`);
}

/**
 * The word filter: a message with a listed word (whole word, any case, after Unicode
 * compatibility folding so look-alike letters count) is refused, not masked. Refusing stores and
 * broadcasts nothing and tells the player which field to change; a masked message still carries
 * its intent to everyone in the room and invites spelling games around the mask.
 */
export function blockedWordIn(text: string, blockedWords: readonly string[]): string | undefined {
  const folded = text.normalize('NFKC').toLocaleLowerCase();
  return blockedWords.find((word) => {
    const needle = word.normalize('NFKC').toLocaleLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return needle.length > 0 && new RegExp(`(?<![\\p{L}\\p{N}])${needle}(?![\\p{L}\\p{N}])`, 'u').test(folded);
  });
}

/** CHAT_BLOCKED_WORDS: comma-separated words the chat refuses. */
export const parseBlockedWords = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

export interface MessageAuthor {
  kind: 'PLAYER' | 'STAFF';
  id: string;
  name: string;
}

export async function listPublicChannels(db: Db): Promise<Channel[]> {
  const rows = await db.select().from(chatChannel).where(eq(chatChannel.isPublic, true)).orderBy(asc(chatChannel.id));
  return rows.map((row) => ({ channelId: row.id, name: row.name, mode: row.mode as ChannelMode }));
}

async function publicChannel(db: Db, channelId: number) {
  const [row] = await db.select().from(chatChannel).where(and(eq(chatChannel.id, channelId), eq(chatChannel.isPublic, true)));
  if (!row) throw new AppError('NOT_FOUND', `No channel ${channelId}`);
  return row;
}

/**
 * Text as a message keeps it: control and format characters (a message is one paragraph) become
 * spaces, runs of spaces one, ends trimmed. It is shown as text, never as HTML, so markup
 * is harmless and kept as typed.
 */
export function cleanMessageText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function toMessage(row: typeof chatMessage.$inferSelect): ChannelMessage {
  return {
    channelId: row.channelId,
    seq: Number(row.seq),
    author: { kind: row.authorKind as 'PLAYER' | 'STAFF', name: row.authorName },
    text: row.body,
    sentAt: row.createdAt.toISOString(),
  };
}

/**
 * A moderator's view of a channel: its slow mode and latest messages, each with its author's party
 * id and mute, newest last. Mutes are read once per author shown.
 */
export async function moderationView(db: Db, channelId: number, now = new Date()): Promise<ChannelModeration> {
  const channel = await publicChannel(db, channelId);
  const rows = (await db.select().from(chatMessage).where(eq(chatMessage.channelId, channelId)).orderBy(desc(chatMessage.seq)).limit(100)).reverse();
  const players = [...new Set(rows.filter((row) => row.authorKind === 'PLAYER').map((row) => row.authorId))];
  const mutes = new Map(await Promise.all(players.map(async (partyId) => [partyId, await mutedUntil(db, channelId, partyId, now)] as const)));
  return {
    channelId,
    name: channel.name,
    slowModeSeconds: await slowModeSeconds(db, channelId),
    messages: rows.map((row) => {
      const player = row.authorKind === 'PLAYER';
      return { ...toMessage(row), authorId: player ? row.authorId : null, mutedUntil: player ? (mutes.get(row.authorId)?.toISOString() ?? null) : null };
    }),
  };
}

/** Recent messages of a public channel, oldest first: after a sequence number, or the latest ones. */
export async function readMessages(db: Db, channelId: number, options: { afterSeq?: number; limit: number }): Promise<{ messages: ChannelMessage[]; lastSeq: number }> {
  await publicChannel(db, channelId);
  const rows =
    options.afterSeq === undefined
      ? (await db.select().from(chatMessage).where(eq(chatMessage.channelId, channelId)).orderBy(desc(chatMessage.seq)).limit(options.limit)).reverse()
      : await db
          .select()
          .from(chatMessage)
          .where(and(eq(chatMessage.channelId, channelId), gt(chatMessage.seq, BigInt(options.afterSeq))))
          .orderBy(asc(chatMessage.seq))
          .limit(options.limit);
  const messages = rows.map(toMessage);
  return { messages, lastSeq: messages.at(-1)?.seq ?? options.afterSeq ?? 0 };
}

/**
 * Stores a message and publishes it on `channel:<id>` in one transaction (inside a caller's — the
 * back office's audited one — as a savepoint of it): the message exists exactly when its event
 * does, and both carry the same sequence number.
 */
export async function postMessage(db: Db, channelId: number, author: MessageAuthor, rawText: string, now = new Date(), options: { blockedWords?: readonly string[] } = {}): Promise<ChannelMessage> {
  const text = cleanMessageText(rawText);
  if (text.length === 0) throw fieldError('text', 'Write a message');
  if (text.length > MESSAGE_MAX_LENGTH) throw fieldError('text', `At most ${MESSAGE_MAX_LENGTH} characters`);
  const channel = await publicChannel(db, channelId);
  if (author.kind === 'PLAYER') {
    if (channel.mode !== 'CHAT') throw fieldError('channelId', 'Only chat channels take messages from players');
    if (blockedWordIn(text, options.blockedWords ?? [])) throw fieldError('text', 'Your message has a word this chat does not allow');
    const muted = await mutedUntil(db, channelId, author.id, now);
    if (muted) throw new AppError('FORBIDDEN', `You are muted in this chat until ${muted.toISOString()}`);
    const slowSeconds = await slowModeSeconds(db, channelId);
    if (slowSeconds > 0) {
      const [last] = await db
        .select({ at: chatMessage.createdAt })
        .from(chatMessage)
        .where(and(eq(chatMessage.channelId, channelId), eq(chatMessage.authorId, author.id)))
        .orderBy(desc(chatMessage.createdAt))
        .limit(1);
      const waitMs = last ? last.at.getTime() + slowSeconds * 1000 - now.getTime() : 0;
      if (waitMs > 0) throw new AppError('TOO_MANY_REQUESTS', `Slow mode: one message every ${slowSeconds} s in this chat`, undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
    }
    const [recent] = await db
      .select({ n: count() })
      .from(chatMessage)
      .where(and(eq(chatMessage.authorId, author.id), gte(chatMessage.createdAt, new Date(now.getTime() - PLAYER_POST_LIMIT.windowMs))));
    if ((recent?.n ?? 0) >= PLAYER_POST_LIMIT.messages) {
      throw new AppError('TOO_MANY_REQUESTS', 'You are sending messages too quickly', undefined, { retryAfterSeconds: Math.ceil(PLAYER_POST_LIMIT.windowMs / 1000) });
    }
  }
  const work = async (tx: Db) => {
    const sentAt = new Date();
    const payloadBase = { channelId, author: { kind: author.kind, name: author.name }, text, sentAt: sentAt.toISOString() };
    // The event is published first so its sequence number becomes the message's key.
    const seq = await publish(tx, channelTopic(channelId), { type: 'message', ...payloadBase });
    await tx.insert(chatMessage).values({ channelId, seq: BigInt(seq), authorKind: author.kind, authorId: author.id, authorName: author.name, body: text, createdAt: sentAt });
    return { ...payloadBase, seq };
  };
  return inTransaction(db, work);
}
