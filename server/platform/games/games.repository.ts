import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { GameEntry, GameTransaction } from '../../../contracts/platform/games/games';
import { fromMinorUnits } from '../../../contracts/money';
import type { Db } from '../../db/database';
import { contentPost, gameFavourite, gameRound, walletTransaction } from '../../db/schema';
import { STUDIO_PROVIDER_ID } from '../../games/play/rounds';
import { getTitle, TITLES } from '../../games/titles/registry';

/**
 * Favourites, popularity and game history. Popular: most distinct players over the last 30 days;
 * hottest: most rounds in the last 24 hours; both topped up from the catalogue's order.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The name of a game: the studio catalogue's, else the published content post's title, else its id. */
async function gameNames(db: Db, gameIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const gameId of gameIds) {
    const title = getTitle(gameId);
    if (title) names.set(gameId, title.name);
    else missing.push(gameId);
  }
  if (missing.length > 0) {
    const posts = await db
      .select({ gameId: sql<string>`${contentPost.acf}->>'game_id'`, title: contentPost.title })
      .from(contentPost)
      .where(and(eq(contentPost.type, 'game'), inArray(sql`${contentPost.acf}->>'game_id'`, missing)));
    for (const post of posts) if (!names.has(post.gameId)) names.set(post.gameId, post.title);
  }
  return names;
}

/** True when the game is in the studio catalogue or published as a game post. */
export async function isKnownGame(db: Db, gameId: string): Promise<boolean> {
  if (getTitle(gameId)) return true;
  const rows = await db
    .select({ id: contentPost.id })
    .from(contentPost)
    .where(and(eq(contentPost.type, 'game'), eq(contentPost.status, 'publish'), sql`${contentPost.acf}->>'game_id' = ${gameId}`))
    .limit(1);
  return rows.length > 0;
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
  const players = sql<number>`count(distinct ${gameRound.playerId})`;
  const rounds = sql<number>`count(*)`;
  const rows = await db
    .select({ gameId: gameRound.gameId, players, rounds })
    .from(gameRound)
    .where(gte(gameRound.createdAt, new Date(now.getTime() - 30 * DAY_MS)))
    .groupBy(gameRound.gameId)
    .orderBy(desc(players), desc(rounds), gameRound.gameId)
    .limit(count + 20);
  return topUp(
    rows.map((row) => row.gameId),
    count,
  );
}

/** Most rounds in the last 24 hours. */
export async function hottest(db: Db, count: number, now = new Date()): Promise<GameEntry[]> {
  const rounds = sql<number>`count(*)`;
  const rows = await db
    .select({ gameId: gameRound.gameId, rounds })
    .from(gameRound)
    .where(gte(gameRound.createdAt, new Date(now.getTime() - DAY_MS)))
    .groupBy(gameRound.gameId)
    .orderBy(desc(rounds), gameRound.gameId)
    .limit(count + 20);
  return topUp(
    rows.map((row) => row.gameId),
    count,
  );
}

/**
 * The player's game bets and wins (the ledger's GAME_BET / GAME_WIN) in [from, to), newest first,
 * each with CASH + BONUS of its currency right after it. Zero wins (lost rounds) are left out.
 */
export async function gameTransactions(db: Db, playerId: string, from: Date, to: Date): Promise<GameTransaction[]> {
  const rows = await db
    .select({
      id: walletTransaction.id,
      kind: walletTransaction.kind,
      gameId: walletTransaction.gameId,
      amount: walletTransaction.amount,
      currency: walletTransaction.currency,
      createdAt: walletTransaction.createdAt,
      // Written out: drizzle leaves columns in a select list unqualified, which a correlated subquery cannot use.
      postBalance: sql<string>`(
        select coalesce(sum(latest.balance_after), 0)
        from wallet_account account
        cross join lateral (
          select entry.balance_after from wallet_entry entry
          where entry.account_id = account.id and entry.transaction_id <= "wallet_transaction"."id"
          order by entry.id desc limit 1
        ) latest
        where account.player_id = "wallet_transaction"."player_id" and account.currency = "wallet_transaction"."currency"
          and account.bucket in ('CASH', 'BONUS')
      )`,
    })
    .from(walletTransaction)
    .where(
      and(
        eq(walletTransaction.playerId, playerId),
        inArray(walletTransaction.kind, ['GAME_BET', 'GAME_WIN']),
        gte(walletTransaction.createdAt, from),
        lt(walletTransaction.createdAt, to),
        sql`not (${walletTransaction.kind} = 'GAME_WIN' and ${walletTransaction.amount} = 0)`,
      ),
    )
    .orderBy(desc(walletTransaction.createdAt), desc(walletTransaction.id));
  const names = await gameNames(db, [...new Set(rows.map((row) => row.gameId).filter((id): id is string => id !== null))]);
  return rows.map((row) => ({
    gameTranId: String(row.id),
    timestamp: row.createdAt.toISOString(),
    tranType: row.kind as 'GAME_BET' | 'GAME_WIN',
    gameName: row.gameId ? (names.get(row.gameId) ?? row.gameId) : '',
    amount: fromMinorUnits(row.amount),
    postBalance: fromMinorUnits(BigInt(row.postBalance)),
    currency: row.currency,
  }));
}
