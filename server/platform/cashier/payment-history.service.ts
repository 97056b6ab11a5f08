import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payment } from '../../db/schema';

/** One of the player's payments as the cashier recorded it: amounts in minor units, the cashier's own status. */
export interface PaymentHistoryEntry {
  paymentId: string;
  type: 'DEPOSIT' | 'WITHDRAWAL';
  method: string;
  status: string;
  currency: string;
  amount: bigint;
  failureReason: string | null;
  requestedAt: Date;
  completedAt: Date | null;
  ledgerTransactionId: bigint | null;
}

/**
 * The player's deposits and withdrawals, newest first, one page at a time, with the total: the
 * back office's payment history (issue 15). Crypto quotes never used are left out, as the player's
 * own banking history leaves them out.
 */
export async function paymentHistory(
  db: Db,
  playerId: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; payments: PaymentHistoryEntry[] }> {
  const mine = and(eq(payment.playerId, playerId), ne(payment.status, 'CREATED'));
  const [rows, [counted]] = await Promise.all([
    db.select().from(payment).where(mine).orderBy(desc(payment.createdAt), desc(payment.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(payment).where(mine),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    payments: rows.map((row) => ({
      paymentId: row.id,
      type: row.type,
      method: row.methodCode,
      status: row.status,
      currency: row.currency,
      amount: row.amount,
      failureReason: row.failureReason,
      requestedAt: row.createdAt,
      completedAt: row.completedAt,
      ledgerTransactionId: row.ledgerTransactionId,
    })),
  };
}
