import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { playerRulesCountrySql } from '../accounts';

/**
 * One UTC day's real-money stakes and wins of one game, in one currency, for the players of one
 * jurisdiction, in minor units (both zero or positive unless rollbacks exceed the day's stakes).
 */
export interface GameYieldDay {
  /** YYYY-MM-DD, the UTC calendar day the movement was posted on. */
  day: string;
  currency: string;
  /** The game the movement names (the ledger's `game_id`; a rollback takes its bet's); null if none. */
  gameId: string | null;
  /** The country whose game rules the player plays under (the accounts module's: the jurisdiction kept, else the declared country); null if neither. */
  jurisdiction: string | null;
  /** Stakes paid from cash, less those rolled back. */
  stakes: bigint;
  /** Wins paid into cash. */
  wins: bigint;
}

/**
 * Gaming yield's raw figures for the back office's gaming-duty report (issue 29): the entries on
 * players' CASH accounts of game bets, rollbacks and wins, grouped by UTC day, currency, game and
 * the player's jurisdiction. Bonus money is left out on both sides (stakes paid from the bonus
 * balance, wins paid into it), as in dailyTotals, whose stakes and wins these add up to. `from`
 * and `to` are UTC days, both included; only groups with a movement are answered.
 */
export async function gameYieldByDay(db: Db, from: string, to: string): Promise<GameYieldDay[]> {
  const result = (await db.execute(sql`
    select to_char((t.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, a.currency,
      coalesce(reversed.game_id, t.game_id) as game_id,
      nullif(upper(trim(${sql.raw(playerRulesCountrySql('a.player_id'))})), '') as jurisdiction,
      t.kind, sum(e.amount)::text as total
    from wallet_transaction t
    join wallet_entry e on e.transaction_id = t.id
    join wallet_account a on a.id = e.account_id
    left join wallet_transaction reversed on reversed.id = t.reverses_transaction_id
    where a.player_id is not null and a.bucket = 'CASH'
      and t.kind in ('GAME_BET', 'GAME_ROLLBACK', 'GAME_WIN')
      and t.created_at >= (${from}::date)::timestamp at time zone 'UTC'
      and t.created_at < ((${to}::date + 1)::timestamp at time zone 'UTC')
    group by 1, 2, 3, 4, t.kind`)) as unknown as {
    rows: { day: string; currency: string; game_id: string | null; jurisdiction: string | null; kind: string; total: string }[];
  };
  const groups = new Map<string, GameYieldDay>();
  for (const row of result.rows) {
    const key = JSON.stringify([row.day, row.currency, row.game_id, row.jurisdiction]);
    let group = groups.get(key);
    if (!group) {
      group = { day: row.day, currency: row.currency, gameId: row.game_id, jurisdiction: row.jurisdiction, stakes: 0n, wins: 0n };
      groups.set(key, group);
    }
    const amount = BigInt(row.total);
    // A bet debits cash (negative entry), a rollback credits it back; a win credits cash.
    if (row.kind === 'GAME_WIN') group.wins += amount;
    else group.stakes -= amount;
  }
  return [...groups.values()];
}
