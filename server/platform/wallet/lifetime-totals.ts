import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** A player's lifetime sums in one currency, in minor units, all zero or positive. */
export interface LifetimeTotals {
  deposits: bigint;
  /** Withdrawals asked for, less those that came back (a failed payout). */
  withdrawals: bigint;
  /** Stakes paid from cash, less stakes rolled back. */
  realBets: bigint;
  realWins: bigint;
  /** Stakes paid from and wins paid into the bonus balance. */
  bonusBets: bigint;
  bonusWins: bigint;
  bonusGranted: bigint;
  /** Bonus money turned into cash when wagering was complete (ACC-32, released bonus). */
  bonusReleased: bigint;
  /** What was granted of the bonuses that were released (bonus movements name their bonus as reference). */
  releasedBonusGranted: bigint;
}

/**
 * Sums the player's own ledger entries by movement kind and bucket (ACC-30…33). The entries are
 * what moved the player's balances, so a stake split between cash and bonus counts on each side
 * as it was paid.
 */
export async function lifetimeTotals(db: Db, playerId: string, currency: string): Promise<LifetimeTotals> {
  const result = (await db.execute(sql`
    select t.kind, a.bucket, sum(e.amount)::text as total
    from wallet_account a
    join wallet_entry e on e.account_id = a.id
    join wallet_transaction t on t.id = e.transaction_id
    where a.player_id = ${playerId} and a.currency = ${currency}
    group by t.kind, a.bucket`)) as unknown as { rows: { kind: string; bucket: string; total: string }[] };
  const sums = new Map(result.rows.map((row) => [`${row.kind}:${row.bucket}`, BigInt(row.total)]));
  const sum = (kind: string, bucket: 'CASH' | 'BONUS') => sums.get(`${kind}:${bucket}`) ?? 0n;
  const released = (await db.execute(sql`
    select coalesce(sum(e.amount), 0)::text as total
    from wallet_account a
    join wallet_entry e on e.account_id = a.id
    join wallet_transaction t on t.id = e.transaction_id
    where a.player_id = ${playerId} and a.currency = ${currency} and a.bucket = 'BONUS' and t.kind = 'BONUS_GRANT'
      and t.reference in (select r.reference from wallet_transaction r where r.player_id = ${playerId} and r.currency = ${currency} and r.kind = 'BONUS_RELEASE')`)) as unknown as {
    rows: { total: string }[];
  };
  return {
    deposits: sum('DEPOSIT', 'CASH'),
    withdrawals: -sum('WITHDRAWAL_RESERVE', 'CASH') - sum('WITHDRAWAL_RETURN', 'CASH'),
    realBets: -sum('GAME_BET', 'CASH') - sum('GAME_ROLLBACK', 'CASH'),
    realWins: sum('GAME_WIN', 'CASH'),
    bonusBets: -sum('GAME_BET', 'BONUS') - sum('GAME_ROLLBACK', 'BONUS'),
    bonusWins: sum('GAME_WIN', 'BONUS'),
    bonusGranted: sum('BONUS_GRANT', 'BONUS'),
    bonusReleased: sum('BONUS_RELEASE', 'CASH'),
    releasedBonusGranted: BigInt(released.rows[0]?.total ?? '0'),
  };
}
