import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** One UTC day's sums in one currency, in minor units, from players' cash entries. */
export interface DailyTotals {
  /** YYYY-MM-DD, the UTC calendar day the movement was posted on. */
  day: string;
  currency: string;
  deposits: bigint;
  /** Withdrawals asked for, less those that came back (a failed payout), on the day each happened. */
  withdrawals: bigint;
  /** Stakes paid from cash, less stakes rolled back. */
  realStakes: bigint;
  realWins: bigint;
}

/**
 * The house's daily figures for the back office's reports (issue 15), summed from the ledger's own
 * entries on players' CASH accounts, grouped by the UTC day of the movement and its currency. Bonus
 * money is left out: gross gaming revenue counts real money only. The signs follow lifetimeTotals,
 * so a player's lifetime figures and these days add up the same way. `from` and `to` are UTC days,
 * both included; only days with a movement are answered.
 */
export async function dailyTotals(db: Db, from: string, to: string): Promise<DailyTotals[]> {
  const result = (await db.execute(sql`
    select to_char((t.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, a.currency, t.kind, sum(e.amount)::text as total
    from wallet_transaction t
    join wallet_entry e on e.transaction_id = t.id
    join wallet_account a on a.id = e.account_id
    where a.player_id is not null and a.bucket = 'CASH'
      and t.kind in ('DEPOSIT', 'WITHDRAWAL_RESERVE', 'WITHDRAWAL_RETURN', 'GAME_BET', 'GAME_ROLLBACK', 'GAME_WIN')
      and t.created_at >= (${from}::date)::timestamp at time zone 'UTC'
      and t.created_at < ((${to}::date + 1)::timestamp at time zone 'UTC')
    group by 1, a.currency, t.kind`)) as unknown as { rows: { day: string; currency: string; kind: string; total: string }[] };
  const days = new Map<string, DailyTotals>();
  for (const row of result.rows) {
    const key = `${row.day}:${row.currency}`;
    let totals = days.get(key);
    if (!totals) {
      totals = { day: row.day, currency: row.currency, deposits: 0n, withdrawals: 0n, realStakes: 0n, realWins: 0n };
      days.set(key, totals);
    }
    const amount = BigInt(row.total);
    if (row.kind === 'DEPOSIT') totals.deposits += amount;
    else if (row.kind === 'WITHDRAWAL_RESERVE' || row.kind === 'WITHDRAWAL_RETURN') totals.withdrawals -= amount;
    else if (row.kind === 'GAME_BET' || row.kind === 'GAME_ROLLBACK') totals.realStakes -= amount;
    else if (row.kind === 'GAME_WIN') totals.realWins += amount;
  }
  return [...days.values()].sort((a, b) => (a.day === b.day ? a.currency.localeCompare(b.currency) : a.day < b.day ? -1 : 1));
}
