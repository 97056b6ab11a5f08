import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findByRequest, paymentDetails, settledRequest, type PaymentRow } from './payments.repository';

/**
 * The one idempotency rule of processDeposit and processWithdrawal: a player's requestId names
 * one request. Sent again with the same body (the same request hash) it gets the first answer
 * again, waiting for it while the first request is still with the provider; sent with another
 * body it is refused with IDEMPOTENCY_CONFLICT naming requestId, and nothing changes.
 */
export interface ReplayRule<T> {
  /** True once the first request has an answer to give again (or the payment has ended). */
  answered: (row: PaymentRow) => boolean;
  /** The answer (or the error) a retry gets, from the payment as it is now. */
  answer: (row: PaymentRow) => T | Promise<T>;
  /**
   * When the first request never recorded an answer (it died with the process after the
   * provider call, say): get it now, e.g. by asking the provider again under the same payment id.
   */
  resume?: (row: PaymentRow) => Promise<T>;
}

export const idempotencyConflict = () =>
  new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'requestId', error: 'This request id was already used for a different request' }]);

/** Replays the request that made `found`, or refuses another body under its requestId. */
export async function replayRequest<T>(db: Db, found: PaymentRow, hash: string, rule: ReplayRule<T>): Promise<T> {
  if (found.requestHash !== hash) throw idempotencyConflict();
  const row = await settledRequest(db, found, rule.answered);
  if (!rule.answered(row) && rule.resume) return rule.resume(row);
  return rule.answer(row);
}

/** The payment an earlier request with this requestId made, replayed; undefined when the requestId is new. */
export async function replayIfSeen<T>(db: Db, playerId: string, requestId: string, hash: string, rule: ReplayRule<T>): Promise<{ answer: T } | undefined> {
  const previous = await findByRequest(db, playerId, requestId);
  if (!previous) return undefined;
  return { answer: await replayRequest(db, previous, hash, rule) };
}

/** After an insert lost the race for its requestId: the winner's payment, replayed. */
export async function replayWinner<T>(db: Db, playerId: string, requestId: string, hash: string, rule: ReplayRule<T>): Promise<T> {
  const again = await findByRequest(db, playerId, requestId);
  if (!again) throw new Error('a payment with this request id vanished');
  return replayRequest(db, again, hash, rule);
}

/** Whether the first request's answer has been recorded on the payment. */
export const hasAnswer = (row: PaymentRow) => paymentDetails(row).answered !== undefined;
