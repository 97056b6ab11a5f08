import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { MESSAGE_MAX_LENGTH, type Channel, type ChannelMessage, type ChannelMode, type ChannelModeration } from '../../contracts/channels/channels';
import type { Db } from '../db/database';
import { latestAuditDetail, staffPublicNames } from '../back-office';
import { chatChannel, chatMessage } from '../db/schema';
import { AppError, fieldError } from '../http/app-error';
import { findPlayer } from '../platform/accounts';
import { takeSlots, type ThrottleCheck, type ThrottleRule } from '../platform/throttle';
import { inTransaction } from '../db/transaction';
import { publish } from '../realtime';
import { chatNicknameOf, chatNicknames } from './nickname.service';
import { blockedWordIn } from './word-filter';
import { nameIn } from '../platform/language/language';

/** The bus topic of a channel: the gateway lets anyone signed in follow it (server/realtime/README.md). */
export const channelTopic = (channelId: number) => `channel:${channelId}`;

/** A player may post this many messages per window to keep a chat readable (and cheap to flood). */
export const PLAYER_POST_LIMIT: ThrottleRule = { limit: 5, windowSeconds: 10 };

/**
 * Moderation state is the moderators' audited actions themselves (the newest `channel.mute` of a
 * player in a channel, the newest `channel.slow_mode` of a channel): every node reads the same
 * record, and a mute or slow mode exists exactly when its audit entry does.
 */
function latestModeration(
  db: Db,
  action: 'channel.mute' | 'channel.slow_mode',
  subjectId: string,
  channelId: number,
): Promise<Record<string, unknown> | undefined> {
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

/**
 * Makes sure a public CHAT channel of this number exists (a bingo room's chat), taking messages only
 * from players with a chat nickname; an existing one keeps its name and mode.
 */
export async function ensureChatChannel(db: Db, channelId: number, names: { name: string; nameMk: string }): Promise<void> {
  // A room's channel made before issue 27 gets its Macedonian name; an existing one keeps its own.
  await db
    .insert(chatChannel)
    .values({ id: channelId, ...names, mode: 'CHAT', nicknameRequired: true })
    .onConflictDoUpdate({ target: chatChannel.id, set: { nicknameRequired: true, nameMk: sql`coalesce(${chatChannel.nameMk}, excluded.name_mk)` } });
}

/** Checks the channel exists (public) before a moderator acts on it. */
export async function requireChannel(db: Db, channelId: number): Promise<void> {
  await publicChannel(db, channelId);
}

/** Checks a party id is a player's before a moderator names it (404 otherwise, like any unknown id). */
export async function requirePlayer(db: Db, partyId: string): Promise<void> {
  if (!(await findPlayer(db, partyId))) throw new AppError('NOT_FOUND', `No player ${partyId}`);
}

/** CHAT_BLOCKED_WORDS: comma-separated words the chat refuses. */
export const parseBlockedWords = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

export interface MessageAuthor {
  kind: 'PLAYER' | 'STAFF';
  /** The player's party id or the staff member's id. */
  id: string;
  /** The sign-in name: stored for the back office's moderation view only, never shown to players. */
  name: string;
}

export async function listPublicChannels(db: Db): Promise<Channel[]> {
  const rows = await db.select().from(chatChannel).where(eq(chatChannel.isPublic, true)).orderBy(asc(chatChannel.id));
  // In the language of the request (issue 27): the Macedonian name where the channel has one.
  return rows.map((row) => ({ channelId: row.id, name: nameIn(row), mode: row.mode as ChannelMode }));
}

async function publicChannel(db: Db, channelId: number) {
  const [row] = await db
    .select()
    .from(chatChannel)
    .where(and(eq(chatChannel.id, channelId), eq(chatChannel.isPublic, true)));
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

type MessageRow = typeof chatMessage.$inferSelect;

/**
 * A message as anyone may read it. A row keeps the author's sign-in name (the back office's
 * moderation view shows it to staff); to players a staff member is the public name they chose
 * (`publicNames`, by staff id) or null, which clients show as the team, and a player is their chat
 * nickname (`nicknames`, by party id) or null, which clients show as "a player" (issue 27).
 */
function toMessage(row: MessageRow, publicNames: ReadonlyMap<string, string | null>, nicknames: ReadonlyMap<string, string>): ChannelMessage {
  return {
    channelId: row.channelId,
    seq: Number(row.seq),
    author:
      row.authorKind === 'STAFF'
        ? { kind: 'STAFF', name: publicNames.get(row.authorId) ?? null }
        : { kind: 'PLAYER', name: nicknames.get(row.authorId) ?? null },
    text: row.body,
    sentAt: row.createdAt.toISOString(),
  };
}

/** The public names of the staff who wrote any of these rows (one read for the lot). */
const publicNamesOf = (db: Db, rows: readonly Pick<MessageRow, 'authorKind' | 'authorId'>[]) =>
  staffPublicNames(
    db,
    rows.filter((row) => row.authorKind === 'STAFF').map((row) => row.authorId),
  );

/**
 * A moderator's view of a channel: its slow mode and latest messages, each with its author's party
 * id and mute, newest last. Mutes are read once per author shown.
 */
export async function moderationView(db: Db, channelId: number, now = new Date()): Promise<ChannelModeration> {
  const channel = await publicChannel(db, channelId);
  const rows = (await db.select().from(chatMessage).where(eq(chatMessage.channelId, channelId)).orderBy(desc(chatMessage.seq)).limit(100)).reverse();
  const players = [...new Set(rows.filter((row) => row.authorKind === 'PLAYER').map((row) => row.authorId))];
  const mutes = new Map(await Promise.all(players.map(async (partyId) => [partyId, await mutedUntil(db, channelId, partyId, now)] as const)));
  // Moderators see the sign-in name and the nickname the room sees, so a complaint naming either finds the player.
  const nicknames = await chatNicknames(db, players);
  return {
    channelId,
    name: channel.name,
    slowModeSeconds: await slowModeSeconds(db, channelId),
    messages: rows.map((row) => {
      const player = row.authorKind === 'PLAYER';
      // Staff see who of them wrote it by sign-in name: this view is the back office's.
      const author = player ? { kind: 'PLAYER' as const, name: row.authorName } : { kind: 'STAFF' as const, name: row.authorName };
      return {
        ...toMessage(row, new Map(), new Map()),
        author,
        authorId: player ? row.authorId : null,
        mutedUntil: player ? (mutes.get(row.authorId)?.toISOString() ?? null) : null,
        nickname: player ? (nicknames.get(row.authorId) ?? null) : null,
      };
    }),
  };
}

/** Recent messages of a public channel, oldest first: after a sequence number, or the latest ones. */
export async function readMessages(
  db: Db,
  channelId: number,
  options: { afterSeq?: number; limit: number },
): Promise<{ messages: ChannelMessage[]; lastSeq: number }> {
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
  const publicNames = await publicNamesOf(db, rows);
  const nicknames = await chatNicknames(
    db,
    rows.filter((row) => row.authorKind === 'PLAYER').map((row) => row.authorId),
  );
  const messages = rows.map((row) => toMessage(row, publicNames, nicknames));
  return { messages, lastSeq: messages.at(-1)?.seq ?? options.afterSeq ?? 0 };
}

async function refuseDuringSlowMode(tx: Db, channelId: number, playerId: string, slowSeconds: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`chat-slow-mode:${channelId}:${playerId}`}))`);
  const [latest] = await tx
    .select({ createdAt: chatMessage.createdAt })
    .from(chatMessage)
    .where(and(eq(chatMessage.channelId, channelId), eq(chatMessage.authorKind, 'PLAYER'), eq(chatMessage.authorId, playerId)))
    .orderBy(desc(chatMessage.createdAt))
    .limit(1);
  if (!latest) return;
  const waitMs = latest.createdAt.getTime() + slowSeconds * 1000 - Date.now();
  if (waitMs > 0)
    throw new AppError('TOO_MANY_REQUESTS', `Slow mode: one message every ${slowSeconds} s in this chat`, undefined, {
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
}

/**
 * Stores a message and publishes it on `channel:<id>` in one transaction (inside a caller's — the
 * back office's audited one — as a savepoint of it): the message exists exactly when its event
 * does, and both carry the same sequence number.
 */
export async function postMessage(
  db: Db,
  channelId: number,
  author: MessageAuthor,
  rawText: string,
  now = new Date(),
  options: { blockedWords?: readonly string[] } = {},
): Promise<ChannelMessage> {
  const text = cleanMessageText(rawText);
  if (text.length === 0) throw fieldError('text', 'Write a message');
  if (text.length > MESSAGE_MAX_LENGTH) throw fieldError('text', `At most ${MESSAGE_MAX_LENGTH} characters`);
  const channel = await publicChannel(db, channelId);
  const limits: ThrottleCheck[] = [];
  // Players are shown by their chat nickname, never by their sign-in name (issue 27).
  const nickname = author.kind === 'PLAYER' ? await chatNicknameOf(db, author.id) : null;
  if (author.kind === 'PLAYER') {
    if (channel.mode !== 'CHAT') throw fieldError('channelId', 'Only chat channels take messages from players');
    if (channel.nicknameRequired && nickname === null) throw fieldError('nickname', 'Choose a chat nickname before writing in this chat');
    if (blockedWordIn(text, options.blockedWords ?? [])) throw fieldError('text', 'Your message has a word this chat does not allow');
    const muted = await mutedUntil(db, channelId, author.id, now);
    if (muted) throw new AppError('FORBIDDEN', `You are muted in this chat until ${muted.toISOString()}`);
    // The rate (across channels) is a slot taken in the message's own transaction, so posts sent
    // together cannot all pass a count made before any of them is stored, and a post that fails
    // later gives its slot back with its rollback.
    limits.push({
      key: `chat-post:${author.id}`,
      rule: PLAYER_POST_LIMIT,
      refusal: (retryAfterSeconds) => new AppError('TOO_MANY_REQUESTS', 'You are sending messages too quickly', undefined, { retryAfterSeconds }),
    });
  }
  const slowSeconds = author.kind === 'PLAYER' ? await slowModeSeconds(db, channelId) : 0;
  const work = async (tx: Db) => {
    if (limits.length > 0) await takeSlots(tx, limits);
    // Slow mode counts from the player's latest message in this channel, also one sent before slow
    // mode was switched on. Their posts take turns under a lock every node's PostgreSQL honours, so
    // two sent together cannot both read "no recent message".
    if (slowSeconds > 0) await refuseDuringSlowMode(tx, channelId, author.id, slowSeconds);
    const sentAt = new Date();
    // The event carries the author as players see them: a staff member's public name, a player's nickname, never a sign-in name.
    const shownAuthor: ChannelMessage['author'] =
      author.kind === 'STAFF'
        ? { kind: 'STAFF', name: (await publicNamesOf(tx, [{ authorKind: 'STAFF', authorId: author.id }])).get(author.id) ?? null }
        : { kind: 'PLAYER', name: nickname };
    const payloadBase = { channelId, author: shownAuthor, text, sentAt: sentAt.toISOString() };
    // The event is published first so its sequence number becomes the message's key.
    const seq = await publish(tx, channelTopic(channelId), { type: 'message', ...payloadBase });
    await tx
      .insert(chatMessage)
      .values({ channelId, seq: BigInt(seq), authorKind: author.kind, authorId: author.id, authorName: author.name, body: text, createdAt: sentAt });
    return { ...payloadBase, seq };
  };
  return inTransaction(db, work);
}
