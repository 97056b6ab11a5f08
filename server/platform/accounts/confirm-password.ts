import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { takeSlots, throttleRules } from '../throttle';
import { verifyPassword } from './password-hashing';
import { findPlayer } from './players.repository';

/**
 * A signed-in player confirming an operation that cannot be undone (the account-holder register's
 * removal, issue 29 item 9) with their current password. The same allowance as a password change
 * (a stolen session must not become a way to guess the password): counted before the check, given
 * back when the password is right. A wrong one is 400 WRONG_PASSWORD naming `field`.
 */
export async function confirmCurrentPassword(db: Db, playerId: string, password: string, field: string, wrongMessage: string): Promise<void> {
  const attempt = await takeSlots(db, [{ key: `password-change:account:${playerId}`, rule: throttleRules.passwordChangePerAccount }]);
  const row = await findPlayer(db, playerId);
  if (!row) throw new AppError('INVALID_SESSIONKEY');
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, password)))
    throw new AppError('WRONG_PASSWORD', wrongMessage, [{ field, error: wrongMessage }]);
  await attempt.giveBack();
}
