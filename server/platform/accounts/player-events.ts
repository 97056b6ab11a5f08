import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { perDatabase } from '../../db/transaction';

/**
 * What other modules learn of a player's sign-up and verification, without the accounts module
 * importing them (refer a friend links a new player to a referrer and rewards a verified one).
 * The composition root builds each server's listeners (server/modules.ts) and attaches them to its
 * database, as it does the wallet: a sign-up or a kycStatus written on that database, or in a
 * transaction on it, tells that server's listeners and no other server's in the same process.
 */

export interface RegisteredPlayer {
  playerId: string;
  email: string;
  /** The referralId the sign-up carried (the referral cookie). */
  referralId: string | null;
  /** The sign-up request: its cookies tell the browser it came from. */
  request: FastifyRequest;
}

export interface PlayerListeners {
  /** Called after a player is created by sign-up (either sign-up path), in its transaction. */
  registered?(db: Db, registered: RegisteredPlayer): Promise<void>;
  /** Called whenever a player's kycStatus is written, inside the writer's transaction when it has one. */
  kycStatusChanged?(db: Db, playerId: string, kycStatus: string): Promise<void>;
}

const listenersByDatabase = perDatabase<readonly PlayerListeners[]>();

/** Attaches a server's listeners to its database; the function returned detaches them (a server's close, a test). */
export function attachPlayerListeners(db: Db, listeners: readonly PlayerListeners[]): () => void {
  return listenersByDatabase.attach(db, listeners);
}

const listenersOf = (db: Db): readonly PlayerListeners[] => listenersByDatabase.of(db) ?? [];

export async function announceRegistered(db: Db, registered: RegisteredPlayer): Promise<void> {
  for (const listener of listenersOf(db)) await listener.registered?.(db, registered);
}

export async function announceKycStatus(db: Db, playerId: string, kycStatus: string): Promise<void> {
  for (const listener of listenersOf(db)) await listener.kycStatusChanged?.(db, playerId, kycStatus);
}
