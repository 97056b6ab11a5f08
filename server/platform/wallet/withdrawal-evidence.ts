import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** One withdrawal movement of the ledger, as an auditor's evidence pack lists it. */
export interface WithdrawalMovementEvidence {
  ledgerTransactionId: string;
  /** WITHDRAWAL_RESERVE (asked for), WITHDRAWAL_PAYOUT (paid out) or WITHDRAWAL_RETURN (came back). */
  kind: string;
  playerId: string | null;
  currency: string;
  /** Minor units, as a decimal string. */
  amount: string;
  /** The payment id. */
  reference: string | null;
  at: string;
}

/** The ledger's withdrawal movements posted in [from, to), oldest first (read-only). */
export async function withdrawalMovements(db: Db, from: Date, to: Date): Promise<WithdrawalMovementEvidence[]> {
  const result = (await db.execute(sql`
    select t.id::text as id, t.kind, t.player_id, t.currency, t.amount::text as amount, t.reference, t.created_at
    from wallet_transaction t
    where t.kind in ('WITHDRAWAL_RESERVE', 'WITHDRAWAL_PAYOUT', 'WITHDRAWAL_RETURN')
      and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    order by t.created_at, t.id`)) as unknown as {
    rows: { id: string; kind: string; player_id: string | null; currency: string; amount: string; reference: string | null; created_at: string | Date }[];
  };
  return result.rows.map((row) => ({
    ledgerTransactionId: row.id,
    kind: row.kind,
    playerId: row.player_id,
    currency: row.currency,
    amount: row.amount,
    reference: row.reference,
    at: new Date(row.created_at).toISOString(),
  }));
}
