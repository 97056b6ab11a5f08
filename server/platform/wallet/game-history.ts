import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { walletTransaction } from '../../db/schema';

/** One game bet, win or refund of a player, with CASH + BONUS of its currency right after it (minor units). */
export interface GameMoneyEntry {
  id: bigint;
  kind: 'GAME_BET' | 'GAME_WIN' | 'GAME_ROLLBACK';
  /** A refund's reason as its game server gave it (e.g. a cancelled bingo game's), or null. */
  reason: string | null;
  gameId: string | null;
  amount: bigint;
  currency: string;
  createdAt: Date;
  balanceAfter: bigint;
}

/**
 * The player's game bets, wins and refunds (GAME_BET / GAME_WIN / GAME_ROLLBACK) in [from, to),
 * newest first, for the platform's game transaction history (HIST-07): a refunded stake (a
 * cancelled bingo game's tickets) is money back the player should find there. Zero wins (lost
 * rounds) are left out.
 */
export async function gameMoneyHistory(db: Db, playerId: string, from: Date, to: Date): Promise<GameMoneyEntry[]> {
  const rows = await db
    .select({
      id: walletTransaction.id,
      kind: walletTransaction.kind,
      gameId: walletTransaction.gameId,
      amount: walletTransaction.amount,
      currency: walletTransaction.currency,
      createdAt: walletTransaction.createdAt,
      metadata: walletTransaction.metadata,
      // Written out: drizzle leaves columns in a select list unqualified, which a correlated subquery cannot use.
      balanceAfter: sql<string>`(
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
        inArray(walletTransaction.kind, ['GAME_BET', 'GAME_WIN', 'GAME_ROLLBACK']),
        gte(walletTransaction.createdAt, from),
        lt(walletTransaction.createdAt, to),
        sql`not (${walletTransaction.kind} = 'GAME_WIN' and ${walletTransaction.amount} = 0)`,
      ),
    )
    .orderBy(desc(walletTransaction.createdAt), desc(walletTransaction.id));
  return rows.map(({ metadata, ...row }) => ({
    ...row,
    kind: row.kind as GameMoneyEntry['kind'],
    reason: typeof metadata.reason === 'string' ? metadata.reason : null,
    balanceAfter: BigInt(row.balanceAfter),
  }));
}
