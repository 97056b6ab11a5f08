import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';

/**
 * What other modules learn of a player's sign-up and verification, without the accounts module
 * importing them (refer a friend links a new player to a referrer and rewards a verified one).
 * Listeners are registered once per process, at start-up, by the module that owns them; they keep
 * their state in the database they are handed.
 */

export interface RegisteredPlayer {
  playerId: string;
  email: string;
  /** The referralId the sign-up carried (the referral cookie). */
  referralId: string | null;
  /** The sign-up request: its cookies tell the browser it came from. */
  request: FastifyRequest;
}

type RegisteredListener = (db: Db, registered: RegisteredPlayer) => Promise<void>;
type KycStatusListener = (db: Db, playerId: string, kycStatus: string) => Promise<void>;

const registeredListeners = new Set<RegisteredListener>();
const kycStatusListeners = new Set<KycStatusListener>();

/** Called after a player is created by sign-up (either sign-up path). */
export function onPlayerRegistered(listener: RegisteredListener): void {
  registeredListeners.add(listener);
}

/** Called whenever a player's kycStatus is written, inside the writer's transaction when it has one. */
export function onKycStatusChanged(listener: KycStatusListener): void {
  kycStatusListeners.add(listener);
}

export async function announceRegistered(db: Db, registered: RegisteredPlayer): Promise<void> {
  for (const listener of registeredListeners) await listener(db, registered);
}

export async function announceKycStatus(db: Db, playerId: string, kycStatus: string): Promise<void> {
  for (const listener of kycStatusListeners) await listener(db, playerId, kycStatus);
}
