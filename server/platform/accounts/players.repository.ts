import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AssociateAccount } from '../../../contracts/platform/accounts/login';
import type { Db } from '../../db/database';
import { player, playerCurrencyAccount } from '../../db/schema';
import { announceKycStatus } from './player-events';

export type PlayerRow = typeof player.$inferSelect;
export type NewPlayer = typeof player.$inferInsert;

/**
 * A player by username or e-mail, compared without letter case. A player removed from the register
 * (anonymised) is never found: no sign-in, reset or social link reaches the account again.
 */
export async function findPlayerBySignInName(db: Db, name: string): Promise<PlayerRow | undefined> {
  const lowered = name.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(player)
    .where(and(or(eq(sql`lower(${player.username})`, lowered), eq(sql`lower(${player.email})`, lowered)), isNull(player.anonymisedAt)))
    .limit(1);
  return row;
}

export async function findPlayerByEmail(db: Db, email: string): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select()
    .from(player)
    .where(and(eq(sql`lower(${player.email})`, email.trim().toLowerCase()), isNull(player.anonymisedAt)))
    .limit(1);
  return row;
}

export async function findPlayer(db: Db, partyId: string): Promise<PlayerRow | undefined> {
  const [row] = await db.select().from(player).where(eq(player.id, partyId));
  return row;
}

export async function usernameOrEmailTaken(db: Db, username: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: player.id })
    .from(player)
    .where(or(eq(sql`lower(${player.username})`, username.toLowerCase()), eq(sql`lower(${player.email})`, email.toLowerCase())))
    .limit(1);
  return row !== undefined;
}

/**
 * Creates the player with a primary currency account; `alongside` writes what must be committed with
 * the player or not at all (the consents given at sign-up), in the same transaction.
 */
export async function createPlayer(db: Db, values: NewPlayer, currency: string, alongside: (tx: Db, playerId: string) => Promise<void>): Promise<PlayerRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(player).values(values).returning();
    if (!row) throw new Error('player not created');
    await tx.insert(playerCurrencyAccount).values({ playerId: row.id, currency, isPrimary: true });
    await alongside(tx as unknown as Db, row.id);
    return row;
  });
}

export async function updatePlayer(db: Db, partyId: string, values: Partial<NewPlayer>): Promise<void> {
  await db.update(player).set(values).where(eq(player.id, partyId));
  // Refer a friend: a verification can qualify a referral (same transaction when the caller has one).
  if (values.kycStatus) await announceKycStatus(db, partyId, values.kycStatus);
}

export async function associateAccounts(db: Db, partyId: string, activeCurrency: string | null): Promise<AssociateAccount[]> {
  const rows = await db
    .select()
    .from(playerCurrencyAccount)
    .where(eq(playerCurrencyAccount.playerId, partyId))
    .orderBy(sql`${playerCurrencyAccount.isPrimary} DESC`, playerCurrencyAccount.currency);
  return rows.map((row) => ({
    currency: row.currency,
    isPrimary: row.isPrimary,
    active: activeCurrency ? row.currency === activeCurrency : row.isPrimary,
  }));
}

export async function holdsCurrency(db: Db, partyId: string, currency: string): Promise<boolean> {
  const [row] = await db
    .select({ currency: playerCurrencyAccount.currency })
    .from(playerCurrencyAccount)
    .where(and(eq(playerCurrencyAccount.playerId, partyId), eq(playerCurrencyAccount.currency, currency)));
  return row !== undefined;
}
