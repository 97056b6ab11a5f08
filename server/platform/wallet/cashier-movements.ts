import type { Db } from '../../db/database';
import type { AccountRef, MovementRequest, MovementResult } from './ledger';
import { postWithPolicies, type MovementKind } from './money-policy';

/**
 * The cashier's money movements, each keyed by the payment it belongs to so that a replayed
 * webhook or a retried request applies once:
 * - deposit: PSP_CLEARING → player CASH, when the provider confirms the money;
 * - withdrawal reserve: player CASH → WITHDRAWALS_PENDING, when the player asks (RTS 14B: the
 *   player cannot reverse it);
 * - payout: WITHDRAWALS_PENDING → PSP_CLEARING, when the provider has paid;
 * - return: WITHDRAWALS_PENDING → player CASH, when the payout failed.
 *
 * Each passes the registered money policies (`money-policy.ts`) inside its own transaction (a
 * savepoint of the caller's): a refusal leaves nothing of it, and the caller's transaction fails.
 */
export interface PaymentMovement {
  paymentId: string;
  playerId: string;
  currency: string;
  /** Minor units, positive. */
  amount: bigint;
  metadata?: Record<string, unknown>;
}

type Side = 'PLAYER_CASH' | 'PSP_CLEARING' | 'WITHDRAWALS_PENDING';

function account(side: Side, playerId: string): AccountRef {
  return side === 'PLAYER_CASH' ? { playerId, bucket: 'CASH' } : { house: side };
}

/** Moves the payment's amount from one side to the other, once per key. */
function movePayment(tx: Db, movement: PaymentMovement, key: string, kind: string, policyKind: MovementKind, from: Side, to: Side): Promise<MovementResult> {
  const idempotencyKey = `${key}:${movement.paymentId}`;
  const cash = (from === 'PLAYER_CASH' ? -movement.amount : 0n) + (to === 'PLAYER_CASH' ? movement.amount : 0n);
  const request: MovementRequest = {
    idempotencyKey,
    kind,
    playerId: movement.playerId,
    currency: movement.currency,
    amount: movement.amount,
    reference: movement.paymentId,
    postings: [
      { account: account(from, movement.playerId), amount: -movement.amount },
      { account: account(to, movement.playerId), amount: movement.amount },
    ],
    ...(movement.metadata ? { metadata: movement.metadata } : {}),
  };
  const { playerId, currency, amount, paymentId } = movement;
  return postWithPolicies(tx, request, { kind: policyKind, playerId, currency, amount, idempotencyKey, paymentId }, { CASH: cash, BONUS: 0n });
}

export const creditDeposit = (tx: Db, movement: PaymentMovement) => movePayment(tx, movement, 'deposit', 'DEPOSIT', 'deposit', 'PSP_CLEARING', 'PLAYER_CASH');

export const reserveWithdrawal = (tx: Db, movement: PaymentMovement) =>
  movePayment(tx, movement, 'withdrawal-reserve', 'WITHDRAWAL_RESERVE', 'withdrawal', 'PLAYER_CASH', 'WITHDRAWALS_PENDING');

// One settlement per withdrawal: a payout and a return share the key, so only one of them can happen.
export const settleWithdrawalPayout = (tx: Db, movement: PaymentMovement) =>
  movePayment(tx, movement, 'withdrawal-settle', 'WITHDRAWAL_PAYOUT', 'withdrawal-payout', 'WITHDRAWALS_PENDING', 'PSP_CLEARING');

export const returnWithdrawal = (tx: Db, movement: PaymentMovement) =>
  movePayment(tx, movement, 'withdrawal-settle', 'WITHDRAWAL_RETURN', 'withdrawal-return', 'WITHDRAWALS_PENDING', 'PLAYER_CASH');
