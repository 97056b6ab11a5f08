import { desc, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameRound } from '../../db/schema';

/** How much each game was played since a moment: distinct players and rounds, for the platform's popular and hottest lists. */
export interface GamePlay {
  gameId: string;
  players: number;
  rounds: number;
}

/**
 * Games played since `since`, ordered by `by` (most distinct players, ties more rounds; or most
 * rounds), then gameId; at most `limit`.
 */
export async function gamesPlayedSince(db: Db, since: Date, by: 'players' | 'rounds', limit: number): Promise<GamePlay[]> {
  const players = sql<number>`count(distinct ${gameRound.playerId})::int`;
  const rounds = sql<number>`count(*)::int`;
  const rows = await db
    .select({ gameId: gameRound.gameId, players, rounds })
    .from(gameRound)
    .where(gte(gameRound.createdAt, since))
    .groupBy(gameRound.gameId)
    .orderBy(...(by === 'players' ? [desc(players), desc(rounds)] : [desc(rounds)]), gameRound.gameId)
    .limit(limit);
  return rows.map((row) => ({ gameId: row.gameId, players: Number(row.players), rounds: Number(row.rounds) }));
}
