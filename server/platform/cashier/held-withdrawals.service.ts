import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payment } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { returnWithdrawal } from '../wallet';
import { HELD, isUuid, lockPayment, paymentDetails, updatePayment, type PaymentRow } from './payments.repository';
import { sendPayout, withdrawalResponse } from './withdrawal.service';

/**
 * Withdrawals held for a staff approval (issue 15): above WITHDRAWAL_REVIEW_THRESHOLD the
 * cashier reserves the amount as for any withdrawal but leaves the payment HELD instead of asking
 * the provider. The back office decides, each decision in the caller's transaction (its audit
 * row's): approval moves HELD → PENDING with one conditional update — of two approvals at once
 * only one finds the row still HELD — and only then, after the commit, is the payout sent, once;
 * rejection returns the reserved amount to the player's cash through the wallet.
 */
export interface HeldWithdrawal {
  paymentId: string;
  playerId: string;
  methodCode: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  destination: string | null;
  requestedAt: Date;
}

function held(row: PaymentRow): HeldWithdrawal {
  return {
    paymentId: row.id,
    playerId: row.playerId,
    methodCode: row.methodCode,
    currency: row.currency,
    amount: row.amount,
    destination: paymentDetails(row).destination ?? null,
    requestedAt: row.createdAt,
  };
}

/** The held withdrawals, the longest waiting first. */
export async function heldWithdrawals(db: Db, limit = 200): Promise<HeldWithdrawal[]> {
  const rows = await db
    .select()
    .from(payment)
    .where(and(eq(payment.type, 'WITHDRAWAL'), eq(payment.status, HELD)))
    .orderBy(asc(payment.createdAt))
    .limit(limit);
  return rows.map(held);
}

/** One held withdrawal, or undefined (unknown id, or already decided). */
export async function heldWithdrawal(db: Db, paymentId: string): Promise<HeldWithdrawal | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.id, paymentId), eq(payment.type, 'WITHDRAWAL'), eq(payment.status, HELD)));
  return row ? held(row) : undefined;
}

/**
 * Approval, in the caller's transaction: HELD → PENDING only if it is still HELD (the row lock of
 * the UPDATE makes a second approval wait and then find nothing). Answers undefined when there is
 * no held withdrawal with this id. The payout is sent by sendApprovedPayout after the commit.
 */
export async function releaseHeldWithdrawal(tx: Db, paymentId: string): Promise<PaymentRow | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await tx
    .update(payment)
    .set({ status: 'PENDING', updatedAt: new Date() })
    .where(and(eq(payment.id, paymentId), eq(payment.type, 'WITHDRAWAL'), eq(payment.status, HELD)))
    .returning();
  return row;
}

/**
 * Sends an approved withdrawal's payout (never inside a transaction: the provider is outside).
 * If the provider cannot be reached the payment stays PENDING for the reconciler, as any
 * withdrawal's; a decline returns the money. Answers what the player's withdrawal now is.
 */
export async function sendApprovedPayout(context: ServiceContext, row: PaymentRow) {
  const sent = await sendPayout(context, row);
  return { ...withdrawalResponse(sent.row), declined: sent.declined };
}

/**
 * Rejection, in the caller's transaction: the reserved amount goes back to the player's cash
 * (the wallet's withdrawal return, keyed by the payment, so it happens once) and the payment ends
 * DECLINED with the reason. Answers undefined when there is no held withdrawal with this id.
 */
export async function returnHeldWithdrawal(tx: Db, paymentId: string, reason: string): Promise<PaymentRow | undefined> {
  const locked = await lockPayment(tx, paymentId);
  if (!locked || locked.type !== 'WITHDRAWAL' || locked.status !== HELD) return undefined;
  const returned = await returnWithdrawal(tx, {
    paymentId: locked.id,
    playerId: locked.playerId,
    currency: locked.currency,
    amount: locked.amount,
    metadata: { method: locked.methodCode, rejectedByStaff: true },
  });
  return updatePayment(tx, locked.id, { status: 'DECLINED', failureReason: reason, settlementTransactionId: returned.transactionId, completedAt: new Date() });
}
