import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { GameRef } from './money-policy';
import { SEAMLESS_ENTRY_KINDS } from './seamless-wallet';

/** What the ledger knows of a provider's round and the player's previous round of that game. */
export interface RoundStarts {
  /** The round already has a bet: a further stake of a round under way, not a new round. */
  roundKnown: boolean;
  /** When the player's most recent other round of the provider's game took its first bet; null when there is none. */
  previousRoundStartedAt: Date | null;
  /**
   * When this bet's transaction began, on the database's clock (`now()`, which also stamps the bet
   * row): a new round starts when its bet arrives, not when it got the player's lock after others.
   */
  thisRoundStartsAt: Date;
}

/**
 * The round starts a game-cycle rule needs (issue 29 item 1, RTS 14G) for a provider's bet, read
 * from the ledger's bets of the player: whether this round already has one, and when the previous
 * round of the same provider and game took its first; the bet being posted (its ledger transaction,
 * written before the policies run) is left out. Run inside the bet's transaction, where the
 * wallet holds the player's accounts locked, so parallel bets of the player read one after another.
 */
export async function roundStartsOf(tx: Db, playerId: string, game: GameRef, excludingTransactionId: bigint): Promise<RoundStarts> {
  const result = (await tx.execute(sql`
    WITH bets AS (
      SELECT reference, created_at FROM wallet_transaction
       WHERE player_id = ${playerId} AND kind = ${SEAMLESS_ENTRY_KINDS.debit} AND game_id = ${game.gameId} AND metadata->>'providerId' = ${game.providerId}
         AND id <> ${excludingTransactionId}
    ),
    previous AS (
      SELECT reference FROM bets WHERE reference <> ${game.roundId} ORDER BY created_at DESC LIMIT 1
    )
    SELECT EXISTS (SELECT 1 FROM bets WHERE reference = ${game.roundId}) AS round_known,
           (SELECT (extract(epoch FROM min(created_at)) * 1000)::bigint::text FROM bets WHERE reference = (SELECT reference FROM previous)) AS previous_started_ms,
           (extract(epoch FROM now()) * 1000)::bigint::text AS now_ms`)) as unknown as {
    rows: { round_known: boolean; previous_started_ms: string | null; now_ms: string }[];
  };
  const row = result.rows[0];
  return {
    roundKnown: row?.round_known === true,
    previousRoundStartedAt: row?.previous_started_ms ? new Date(Number(row.previous_started_ms)) : null,
    thisRoundStartsAt: row?.now_ms ? new Date(Number(row.now_ms)) : new Date(),
  };
}
