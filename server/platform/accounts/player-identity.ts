import { eq, type Column } from 'drizzle-orm';
import { player } from '../../db/schema';

/**
 * The part of a query that reads a player's identity (name, registration and identity-check
 * status, roles) joined to another module's row by player id. Resolving a session reads it on
 * every request, so it joins inside that one query instead of costing a second round trip; the
 * accounts module still decides which columns those are.
 */
export function playerIdentityJoin(playerIdColumn: Column) {
  return {
    table: player,
    on: eq(player.id, playerIdColumn),
    fields: {
      id: player.id,
      username: player.username,
      registrationStatus: player.registrationStatus,
      kycStatus: player.kycStatus,
      roles: player.roles,
    },
  };
}
