import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** A player's cash figures in one currency over a period, in minor units (the signs of lifetimeTotals). */
export interface PeriodTotals {
  currency: string;
  deposits: bigint;
  /** Withdrawals asked for, less those that came back (a failed payout). */
  withdrawals: bigint;
  /** Stakes paid from cash, less stakes rolled back. */
  stakes: bigint;
  /** Wins paid into cash. */
  wins: bigint;
  /** The cash balance at the period's end: every cash entry posted before it. */
  closingBalance: bigint;
}

/**
 * The player's own cash movements from `from` (included) to `to` (excluded), per currency, from the
 * ledger's entries on the player's CASH accounts: what the monthly activity statement reports
 * (issue 29 item 10). Bonus money is left out, as in dailyTotals: a statement reports real money.
 * Every currency the player holds an account in is answered, with zeros where nothing moved.
 */
export async function periodTotals(db: Db, playerId: string, from: Date, to: Date): Promise<PeriodTotals[]> {
  const result = (await db.execute(sql`
    select a.currency,
      coalesce(sum(e.amount) filter (where t.kind = 'DEPOSIT' and t.created_at >= ${from.toISOString()}::timestamptz), 0)::text as deposits,
      coalesce(sum(-e.amount) filter (where t.kind in ('WITHDRAWAL_RESERVE', 'WITHDRAWAL_RETURN') and t.created_at >= ${from.toISOString()}::timestamptz), 0)::text as withdrawals,
      coalesce(sum(-e.amount) filter (where t.kind in ('GAME_BET', 'GAME_ROLLBACK') and t.created_at >= ${from.toISOString()}::timestamptz), 0)::text as stakes,
      coalesce(sum(e.amount) filter (where t.kind = 'GAME_WIN' and t.created_at >= ${from.toISOString()}::timestamptz), 0)::text as wins,
      coalesce(sum(e.amount) filter (where t.id is not null), 0)::text as closing
    from wallet_account a
    left join wallet_entry e on e.account_id = a.id
    left join wallet_transaction t on t.id = e.transaction_id and t.created_at < ${to.toISOString()}::timestamptz
    where a.player_id = ${playerId} and a.bucket = 'CASH'
    group by a.currency
    order by a.currency`)) as unknown as { rows: { currency: string; deposits: string; withdrawals: string; stakes: string; wins: string; closing: string }[] };
  return result.rows.map((row) => ({
    currency: row.currency,
    deposits: BigInt(row.deposits),
    withdrawals: BigInt(row.withdrawals),
    stakes: BigInt(row.stakes),
    wins: BigInt(row.wins),
    closingBalance: BigInt(row.closing),
  }));
}

/**
 * Players with a cash movement in the period or a cash balance now, ascending by id after
 * `afterPlayerId`, at most `limit`: the candidates of a month's statements, a batch at a time.
 */
export async function playersWithCashActivity(db: Db, from: Date, to: Date, afterPlayerId: string | null, limit: number): Promise<string[]> {
  const after = afterPlayerId ?? '00000000-0000-0000-0000-000000000000';
  const result = (await db.execute(sql`
    select a.player_id::text as player_id
    from wallet_account a
    where a.player_id is not null and a.bucket = 'CASH' and a.player_id > ${after}::uuid
      and (a.balance <> 0 or exists (
        select 1 from wallet_transaction t
        where t.player_id = a.player_id and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz))
    group by a.player_id
    order by a.player_id
    limit ${limit}`)) as unknown as { rows: { player_id: string }[] };
  return result.rows.map((row) => row.player_id);
}

/**
 * Milliseconds the player played real money from `from` to `to`, by the play clock's own rule
 * (limits, play-rules-sql.ts clockWriteSql): each stake adds the time since the player's previous
 * stake when that was less than the session break ago; a stake after a longer pause starts a new
 * session at zero. The clock keeps only the current day and session, and only for players with a
 * time limit or reality check, so a month is measured here on the ledger's stakes (every bucket:
 * a bonus-funded spin is play too), for every player and any month. The stake before `from` is
 * read, so a session running over midnight of the month's first day counts its minutes after it.
 */
export async function playTimeMs(db: Db, playerId: string, from: Date, to: Date, breakMinutes: number): Promise<bigint> {
  const result = (await db.execute(sql`
    select coalesce(sum(g.gap_ms), 0)::text as total
    from (
      select t.created_at,
        (extract(epoch from t.created_at - lag(t.created_at) over (order by t.created_at, t.id)) * 1000)::bigint as gap_ms
      from wallet_transaction t
      where t.player_id = ${playerId} and t.kind = 'GAME_BET'
        and t.created_at >= ${from.toISOString()}::timestamptz - make_interval(mins => ${breakMinutes}::int)
        and t.created_at < ${to.toISOString()}::timestamptz
    ) g
    where g.created_at >= ${from.toISOString()}::timestamptz and g.gap_ms < ${breakMinutes}::bigint * 60000`)) as unknown as { rows: { total: string }[] };
  return BigInt(result.rows[0]?.total ?? '0');
}
