import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Who owns a game row (launch token, game session, seed, round): a player, or — for a visitor's
 * free play (PLAY-18) — the visitor's anonymous game identity. The identity is a random UUID kept
 * only in the database and reached only through the game server's HttpOnly session cookie; it is
 * never put in an address, an answer or a log line. Exactly one of the two ids is set (the tables'
 * `*_owner` CHECK constraints), and real-money rows always have a player (`*_real_player`).
 */
export type GameOwner = { playerId: string; visitorId?: undefined } | { visitorId: string; playerId?: undefined };

/** The owner of a row that carries both columns; throws on a row without exactly one owner. */
export function ownerOf(row: { playerId: string | null; visitorId: string | null }): GameOwner {
  if (row.playerId && !row.visitorId) return { playerId: row.playerId };
  if (row.visitorId && !row.playerId) return { visitorId: row.visitorId };
  throw new Error('game row without exactly one owner');
}

/** The owner columns of a row to insert. */
export function ownerColumns(owner: GameOwner): { playerId: string | null; visitorId: string | null } {
  return owner.playerId !== undefined ? { playerId: owner.playerId, visitorId: null } : { playerId: null, visitorId: owner.visitorId };
}

export const isVisitor = (owner: GameOwner): owner is { visitorId: string } => owner.visitorId !== undefined;

/** The player of a real-money row; real-money rows always have one (`*_real_player` CHECK). */
export function realPlayerId(row: { playerId: string | null }): string {
  if (!row.playerId) throw new Error('real-money game row without a player');
  return row.playerId;
}

/** `table` rows owned by `owner`. */
export function ownedBy(table: { playerId: PgColumn; visitorId: PgColumn }, owner: GameOwner): SQL {
  return owner.playerId !== undefined ? eq(table.playerId, owner.playerId) : eq(table.visitorId, owner.visitorId);
}
