import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * When each of the players last staked (a GAME_BET of any bucket, a provider's or our own game's):
 * what the account-holder register counts as play (issue 29 item 9). Players who never staked are
 * not in the answer. One grouped query per batch of players.
 */
export async function lastStakesOf(db: Db, playerIds: readonly string[]): Promise<Map<string, Date>> {
  if (playerIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select player_id, max(created_at) as last_stake
      from wallet_transaction
     where kind = 'GAME_BET' and player_id in (${sql.join(
       playerIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     group by player_id`)) as unknown as { rows: { player_id: string; last_stake: Date | string }[] };
  return new Map(result.rows.map((row) => [row.player_id, new Date(row.last_stake)]));
}
