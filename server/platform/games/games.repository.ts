import { and, desc, eq } from 'drizzle-orm';
import type { GameEntry, GameTransaction } from '../../../contracts/platform/games/games';
import { fromMinorUnits } from '../../../contracts/money';
import type { Db } from '../../db/database';
import { gameFavourite } from '../../db/schema';
import { gamePostTitles, isPublishedGame } from '../../content';
import { gamesPlayedSince, getTitle, STUDIO_PROVIDER_ID, TITLES } from '../../games';
import { gameMoneyHistory } from '../wallet';

/**
 * Favourites, popularity and game history. Popular: most distinct players over the last 30 days;
 * hottest: most rounds in the last 24 hours; both topped up from the catalogue's order. The rounds
 * are the game server's, the game posts the content service's and the bets and wins the wallet's:
 * each is asked through its module's interface.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The name of a game: the studio catalogue's, else the game post's title, else its id. */
async function gameNames(db: Db, gameIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const gameId of gameIds) {
    const title = getTitle(gameId);
    if (title) names.set(gameId, title.name);
    else missing.push(gameId);
  }
  for (const [gameId, title] of await gamePostTitles(db, missing)) names.set(gameId, title);
  return names;
}

/** True when the game is in the studio catalogue or published as a game post. */
export async function isKnownGame(db: Db, gameId: string): Promise<boolean> {
  return getTitle(gameId) !== undefined || isPublishedGame(db, gameId);
}

export async function addFavourite(db: Db, playerId: string, gameId: string, platform: string | undefined): Promise<boolean> {
  const inserted = await db
    .insert(gameFavourite)
    .values({ playerId, gameId, platform: platform ?? STUDIO_PROVIDER_ID })
    .onConflictDoNothing()
    .returning({ gameId: gameFavourite.gameId });
  return inserted.length > 0;
}

export async function removeFavourite(db: Db, playerId: string, gameId: string): Promise<boolean> {
  const removed = await db
    .delete(gameFavourite)
    .where(and(eq(gameFavourite.playerId, playerId), eq(gameFavourite.gameId, gameId)))
    .returning({ gameId: gameFavourite.gameId });
  return removed.length > 0;
}

/** The player's favourites, most recently added first. */
export async function favourites(db: Db, playerId: string, count: number): Promise<GameEntry[]> {
  const rows = await db
    .select({ gameId: gameFavourite.gameId, platform: gameFavourite.platform })
    .from(gameFavourite)
    .where(eq(gameFavourite.playerId, playerId))
    .orderBy(desc(gameFavourite.createdAt), gameFavourite.gameId)
    .limit(count);
  const names = await gameNames(
    db,
    rows.map((row) => row.gameId),
  );
  return rows.map((row) => ({ gameId: row.gameId, platform: row.platform, gameName: names.get(row.gameId) ?? row.gameId }));
}

const catalogueEntry = (gameId: string): GameEntry | undefined => {
  const title = getTitle(gameId);
  return title ? { gameId: title.gameId, platform: STUDIO_PROVIDER_ID, gameName: title.name } : undefined;
};

/** The ranked games, then the rest of the catalogue in its order, `count` in all. */
function topUp(ranked: string[], count: number): GameEntry[] {
  const games: GameEntry[] = [];
  for (const gameId of [...ranked, ...TITLES.map((title) => title.gameId)]) {
    if (games.length >= count) break;
    if (games.some((game) => game.gameId === gameId)) continue;
    const entry = catalogueEntry(gameId);
    if (entry) games.push(entry);
  }
  return games;
}

/** Most distinct players over the last 30 days (ties: more rounds, then the catalogue's order). */
export async function mostPopular(db: Db, count: number, now = new Date()): Promise<GameEntry[]> {
  const played = await gamesPlayedSince(db, new Date(now.getTime() - 30 * DAY_MS), 'players', count + 20);
  return topUp(
    played.map((game) => game.gameId),
    count,
  );
}

/** Most rounds in the last 24 hours. */
export async function hottest(db: Db, count: number, now = new Date()): Promise<GameEntry[]> {
  const played = await gamesPlayedSince(db, new Date(now.getTime() - DAY_MS), 'rounds', count + 20);
  return topUp(
    played.map((game) => game.gameId),
    count,
  );
}

/**
 * The player's game bets, wins and refunds (the ledger's GAME_BET / GAME_WIN / GAME_ROLLBACK, the last as GAME_REFUND) in [from, to), newest first,
 * each with CASH + BONUS of its currency right after it. Zero wins (lost rounds) are left out.
 */
export async function gameTransactions(db: Db, playerId: string, from: Date, to: Date): Promise<GameTransaction[]> {
  const rows = await gameMoneyHistory(db, playerId, from, to);
  const names = await gameNames(db, [...new Set(rows.map((row) => row.gameId).filter((id): id is string => id !== null))]);
  return rows.map((row) => ({
    gameTranId: String(row.id),
    timestamp: row.createdAt.toISOString(),
    tranType: row.kind === 'GAME_ROLLBACK' ? ('GAME_REFUND' as const) : row.kind,
    gameName: row.gameId ? (names.get(row.gameId) ?? row.gameId) : '',
    amount: fromMinorUnits(row.amount),
    postBalance: fromMinorUnits(row.balanceAfter),
    currency: row.currency,
    ...(row.reason === 'TOO_FEW_PLAYERS' || row.reason === 'TOO_FEW_TICKETS' ? { reason: row.reason } : {}),
  }));
}
