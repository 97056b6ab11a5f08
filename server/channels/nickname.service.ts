import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { chatNickname } from '../db/schema';
import { AppError, fieldError } from '../http/app-error';
import { findPlayer } from '../platform/accounts';
import { blockedWordIn } from './word-filter';

/**
 * Chat nicknames (issue 27): the name a player is shown by in chat and in bingo winners' lists. A
 * player's sign-in name is half of what signs them in, so it is never shown to other players; the
 * nickname may not be it (nor the local part of their e-mail address, often the same thing), and
 * passes the chat's word filter like any message.
 */

/** The player's chat nickname, or null until they choose one. */
export async function chatNicknameOf(db: Db, playerId: string): Promise<string | null> {
  const [row] = await db.select({ nickname: chatNickname.nickname }).from(chatNickname).where(eq(chatNickname.playerId, playerId));
  return row?.nickname ?? null;
}

/** The chat nicknames of these players (one read); players without one are not in the map. */
export async function chatNicknames(db: Db, playerIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(chatNickname).where(inArray(chatNickname.playerId, ids));
  return new Map(rows.map((row) => [row.playerId, row.nickname]));
}

/** A unique violation, also when the driver wraps the database's error in its own. */
function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return current as { constraint?: string };
  }
  return undefined;
}

const taken = () => new AppError('NICKNAME_TAKEN', 'This nickname is taken; choose another', [{ field: 'nickname', error: 'is taken' }]);

/**
 * Sets the player's chat nickname (already trimmed and of the allowed shape). Uniqueness is the
 * index's (`chat_nickname_lower_key`, on lower(nickname)): two players asking for one name at once
 * both write, and the second write fails there — no read decides it. Changing one's own nickname's
 * case is an update of one's own row, which the index allows.
 */
export async function setChatNickname(
  db: Db,
  playerId: string,
  nickname: string,
  options: { blockedWords?: readonly string[] } = {},
): Promise<{ nickname: string }> {
  const account = await findPlayer(db, playerId);
  if (!account) throw new AppError('NOT_FOUND', 'No such player');
  const lowered = nickname.toLowerCase();
  const emailLocal = account.email.split('@')[0]?.toLowerCase();
  if (lowered === account.username.toLowerCase() || lowered === emailLocal) throw fieldError('nickname', 'must not be the name you sign in with');
  if (blockedWordIn(nickname, options.blockedWords ?? [])) throw fieldError('nickname', 'has a word this chat does not allow');
  const now = new Date();
  try {
    const [updated] = await db
      .update(chatNickname)
      .set({ nickname, updatedAt: now })
      .where(eq(chatNickname.playerId, playerId))
      .returning({ nickname: chatNickname.nickname });
    if (updated) return updated;
    await db.insert(chatNickname).values({ playerId, nickname, createdAt: now, updatedAt: now });
    return { nickname };
  } catch (error) {
    const violation = uniqueViolation(error);
    if (!violation) throw error;
    // The player's own row appeared between the update and the insert (their own second request): set it again.
    if (violation.constraint === 'chat_nickname_pkey') {
      try {
        await db.update(chatNickname).set({ nickname, updatedAt: now }).where(eq(chatNickname.playerId, playerId));
        return { nickname };
      } catch (again) {
        if (uniqueViolation(again)) throw taken();
        throw again;
      }
    }
    throw taken();
  }
}
