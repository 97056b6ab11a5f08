import type { Db } from '../../db/database';
import { registerMoneyPolicy, type MoneyPolicy, type PostedMovement } from '../wallet';
import { grantPendingDepositBonus } from './plans.service';

/**
 * The deposit match is granted in the deposit credit's own transaction (the wallet's policy point,
 * kind `deposit`): the credit and the bonus commit together or not at all, and a replayed webhook,
 * which posts nothing, grants nothing.
 */
export const depositBonusPolicy: MoneyPolicy = {
  name: 'bonus-deposit-match',
  kinds: ['deposit'],
  async after(tx: Db, movement: PostedMovement) {
    if (movement.paymentId) await grantPendingDepositBonus(tx, movement.paymentId, movement.amount);
  },
};

let registered = false;
export function registerDepositBonusPolicy(): void {
  if (registered) return;
  registered = true;
  registerMoneyPolicy(depositBonusPolicy);
}
