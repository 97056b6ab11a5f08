import type { Db } from '../../db/database';
import { postMovement, type MovementResult } from './ledger';

/**
 * The cashier's money movements, each keyed by the payment it belongs to so that a replayed
 * webhook or a retried request applies once:
 * - deposit: PSP_CLEARING → player CASH, when the provider confirms the money;
 * - withdrawal reserve: player CASH → WITHDRAWALS_PENDING, when the player asks (RTS 14B: the
 *   player cannot reverse it);
 * - payout: WITHDRAWALS_PENDING → PSP_CLEARING, when the provider has paid;
 * - return: WITHDRAWALS_PENDING → player CASH, when the payout failed.
 */
export interface PaymentMovement {
  paymentId: string;
  playerId: string;
  currency: string;
  /** Minor units, positive. */
  amount: bigint;
  metadata?: Record<string, unknown>;
}

export function creditDeposit(tx: Db, movement: PaymentMovement): Promise<MovementResult> {
  return postMovement(tx, {
    idempotencyKey: `deposit:${movement.paymentId}`,
    kind: 'DEPOSIT',
    playerId: movement.playerId,
    currency: movement.currency,
    amount: movement.amount,
    reference: movement.paymentId,
    postings: [
      { account: { house: 'PSP_CLEARING' }, amount: -movement.amount },
      { account: { playerId: movement.playerId, bucket: 'CASH' }, amount: movement.amount },
    ],
    ...(movement.metadata ? { metadata: movement.metadata } : {}),
  });
}

export function reserveWithdrawal(tx: Db, movement: PaymentMovement): Promise<MovementResult> {
  return postMovement(tx, {
    idempotencyKey: `withdrawal-reserve:${movement.paymentId}`,
    kind: 'WITHDRAWAL_RESERVE',
    playerId: movement.playerId,
    currency: movement.currency,
    amount: movement.amount,
    reference: movement.paymentId,
    postings: [
      { account: { playerId: movement.playerId, bucket: 'CASH' }, amount: -movement.amount },
      { account: { house: 'WITHDRAWALS_PENDING' }, amount: movement.amount },
    ],
    ...(movement.metadata ? { metadata: movement.metadata } : {}),
  });
}

export function settleWithdrawalPayout(tx: Db, movement: PaymentMovement): Promise<MovementResult> {
  return postMovement(tx, {
    // One settlement per withdrawal: a payout and a return share the key, so only one can happen.
    idempotencyKey: `withdrawal-settle:${movement.paymentId}`,
    kind: 'WITHDRAWAL_PAYOUT',
    playerId: movement.playerId,
    currency: movement.currency,
    amount: movement.amount,
    reference: movement.paymentId,
    postings: [
      { account: { house: 'WITHDRAWALS_PENDING' }, amount: -movement.amount },
      { account: { house: 'PSP_CLEARING' }, amount: movement.amount },
    ],
    ...(movement.metadata ? { metadata: movement.metadata } : {}),
  });
}

export function returnWithdrawal(tx: Db, movement: PaymentMovement): Promise<MovementResult> {
  return postMovement(tx, {
    idempotencyKey: `withdrawal-settle:${movement.paymentId}`,
    kind: 'WITHDRAWAL_RETURN',
    playerId: movement.playerId,
    currency: movement.currency,
    amount: movement.amount,
    reference: movement.paymentId,
    postings: [
      { account: { house: 'WITHDRAWALS_PENDING' }, amount: -movement.amount },
      { account: { playerId: movement.playerId, bucket: 'CASH' }, amount: movement.amount },
    ],
    ...(movement.metadata ? { metadata: movement.metadata } : {}),
  });
}
