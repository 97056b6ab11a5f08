import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameSeed } from '../../db/schema';
import { newClientSeed, newServerSeed } from '../rng/rng';
import { ownedBy, ownerColumns, type GameOwner } from './game-owner';
import { forgetSeed } from './seed-cache';

export type SeedRow = typeof gameSeed.$inferSelect;

/**
 * The owner's (player's or visitor's) active (unrevealed) seed, locked for the rest of the
 * transaction; created on first use. Locking it serialises an owner's rounds, so nonces are taken
 * in order and never twice.
 */
export async function lockActiveSeed(tx: Db, owner: GameOwner): Promise<SeedRow> {
  const select = () =>
    tx
      .select()
      .from(gameSeed)
      .where(and(ownedBy(gameSeed, owner), isNull(gameSeed.revealedAt)))
      .for('update');
  const [existing] = await select();
  if (existing) return existing;
  const { serverSeed, serverSeedHash } = newServerSeed();
  await tx
    .insert(gameSeed)
    .values({ ...ownerColumns(owner), serverSeed, serverSeedHash, clientSeed: newClientSeed() })
    .onConflictDoNothing();
  const [created] = await select();
  if (!created) throw new Error('active seed not created');
  return created;
}

/** Takes the seed's next nonce (the seed must be locked by `tx`). */
export async function takeNonce(tx: Db, seed: SeedRow): Promise<number> {
  await tx
    .update(gameSeed)
    .set({ nextNonce: sql`${gameSeed.nextNonce} + 1` })
    .where(eq(gameSeed.id, seed.id));
  return seed.nextNonce;
}

/** Reveals the active seed and commits to a new one (nonces restart at 0). */
export async function rotateSeed(tx: Db, owner: GameOwner, clientSeed: string | undefined, now = new Date()): Promise<{ revealed: SeedRow; next: SeedRow }> {
  const current = await lockActiveSeed(tx, owner);
  if (owner.playerId) forgetSeed(owner.playerId);
  const [revealed] = await tx.update(gameSeed).set({ revealedAt: now }).where(eq(gameSeed.id, current.id)).returning();
  const { serverSeed, serverSeedHash } = newServerSeed();
  const [next] = await tx
    .insert(gameSeed)
    .values({ ...ownerColumns(owner), serverSeed, serverSeedHash, clientSeed: clientSeed ?? current.clientSeed })
    .returning();
  if (!revealed || !next) throw new Error('seed rotation failed');
  return { revealed, next };
}

export async function findSeed(db: Db, seedId: string): Promise<SeedRow | undefined> {
  const [row] = await db.select().from(gameSeed).where(eq(gameSeed.id, seedId));
  return row;
}
