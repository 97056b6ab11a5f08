import { and, eq, lte } from 'drizzle-orm';
import type { SocialBindOutcome } from '../../../contracts/platform/accounts/social-login';
import type { Db } from '../../db/database';
import { socialAccount, socialLoginState } from '../../db/schema';
import { sha256Hex } from '../../http/digest';

/** A pending sign-in or binding lives this long between the redirect and the callback. */
export const SOCIAL_LOGIN_STATE_TTL_MS = 10 * 60_000;

export const hashState = sha256Hex;

export type PendingSocialLogin = typeof socialLoginState.$inferSelect;

/** Stores a pending flow under the hash of its state, and clears out expired ones. */
export async function savePendingLogin(
  db: Db,
  pending: { state: string; socialType: string; codeVerifier: string; nonce: string } & (
    | { mode: 'login'; playerId: null }
    | { mode: 'bind'; playerId: string }
  ),
  now = new Date(),
): Promise<void> {
  await db.delete(socialLoginState).where(lte(socialLoginState.expiresAt, now));
  await db.insert(socialLoginState).values({
    stateHash: hashState(pending.state),
    socialType: pending.socialType,
    codeVerifier: pending.codeVerifier,
    nonce: pending.nonce,
    mode: pending.mode,
    playerId: pending.playerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL_LOGIN_STATE_TTL_MS),
  });
}

/**
 * Takes the pending flow a state names, deleting it in the same statement so that it can be used
 * once only, even by two requests at the same moment. Null when unknown, used or expired.
 */
export async function takePendingLogin(db: Db, state: string, now = new Date()): Promise<PendingSocialLogin | null> {
  const [row] = await db
    .delete(socialLoginState)
    .where(eq(socialLoginState.stateHash, hashState(state)))
    .returning();
  if (!row || row.expiresAt <= now) return null;
  return row;
}

/** The player a provider account is linked to, if any. */
export async function findLinkedPlayer(db: Db, provider: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ playerId: socialAccount.playerId })
    .from(socialAccount)
    .where(and(eq(socialAccount.provider, provider), eq(socialAccount.subject, subject)));
  return row?.playerId ?? null;
}

/**
 * Links a provider account to a player. Linking the same account again is fine; an account linked
 * to someone else, or a second account of the same provider, is refused.
 */
export async function linkSocialAccount(
  db: Db,
  link: { provider: string; subject: string; playerId: string; email: string | null },
): Promise<Exclude<SocialBindOutcome, 'failed'>> {
  const inserted = await db.insert(socialAccount).values(link).onConflictDoNothing().returning({ playerId: socialAccount.playerId });
  if (inserted.length > 0) return 'linked';
  const owner = await findLinkedPlayer(db, link.provider, link.subject);
  if (owner === link.playerId) return 'linked';
  if (owner) return 'taken';
  return 'already-linked';
}
