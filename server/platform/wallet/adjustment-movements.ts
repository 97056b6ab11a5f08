import type { Db } from '../../db/database';
import type { AccountRef, MovementRequest, MovementResult } from './ledger';
import { postWithPolicies } from './money-policy';

/**
 * A manual adjustment of a player's cash (back office, server/back-office/README.md), its own movement
 * kind against the house's MANUAL_ADJUSTMENT account: a credit moves house → player CASH, a debit
 * player CASH → house. It is keyed by the adjustment, so an approval applied twice posts once, and
 * the player's CASH account is bounded: a debit larger than the balance is refused by the ledger
 * (INSUFFICIENT_FUNDS) and leaves nothing.
 */
export interface ManualAdjustment {
  adjustmentId: string;
  playerId: string;
  currency: string;
  direction: 'CREDIT' | 'DEBIT';
  /** Minor units, positive. */
  amount: bigint;
  metadata?: Record<string, unknown>;
}

export function postManualAdjustment(tx: Db, adjustment: ManualAdjustment): Promise<MovementResult> {
  const { adjustmentId, playerId, currency, amount } = adjustment;
  const house: AccountRef = { house: 'MANUAL_ADJUSTMENT' };
  const cash: AccountRef = { playerId, bucket: 'CASH' };
  const [from, to] = adjustment.direction === 'CREDIT' ? [house, cash] : [cash, house];
  const idempotencyKey = `manual-adjustment:${adjustmentId}`;
  const request: MovementRequest = {
    idempotencyKey,
    kind: adjustment.direction === 'CREDIT' ? 'MANUAL_CREDIT' : 'MANUAL_DEBIT',
    playerId,
    currency,
    amount,
    reference: adjustmentId,
    postings: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
    ...(adjustment.metadata ? { metadata: adjustment.metadata } : {}),
  };
  const cashChange = adjustment.direction === 'CREDIT' ? amount : -amount;
  return postWithPolicies(tx, request, { kind: 'manual-adjustment', playerId, currency, amount, idempotencyKey }, { CASH: cashChange, BONUS: 0n });
}
