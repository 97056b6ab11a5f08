import type { Db } from '../../db/database';
import { lockPlayerAccounts, type MoneyPolicy, type PendingMovement, type PostedMovement } from '../wallet';
import type { Inducements } from '../inducements';
import { grantPendingDepositBonus, hasPendingDepositBonus } from './plans.service';

/**
 * The deposit match is granted in the deposit credit's own transaction (the wallet's policy point,
 * kind `deposit`): the credit and the bonus commit together or not at all, and a replayed webhook,
 * which posts nothing, grants nothing. A deposit where the jurisdiction closed bonus offers
 * meanwhile gets none (`inducements`, as the composition root built them).
 */
export const depositBonusPolicy = (inducements: Pick<Inducements, 'closed'>): MoneyPolicy => ({
  name: 'bonus-deposit-match',
  kinds: ['deposit'],
  // The grant locks the player's CASH and BONUS (ascending id, the ledger's order); the credit
  // would lock CASH alone first, so with a bonus waiting both are locked before the credit posts.
  async before(tx: Db, movement: PendingMovement) {
    if (movement.paymentId && (await hasPendingDepositBonus(tx, movement.paymentId))) await lockPlayerAccounts(tx, movement.playerId, movement.currency);
  },
  async after(tx: Db, movement: PostedMovement) {
    if (movement.paymentId) await grantPendingDepositBonus(tx, inducements, movement.paymentId, movement.amount);
  },
});
