import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { exclusionPayback, exclusionPaybackTask } from '../../db/schema';
import type { PaymentRow } from './payments.repository';
import { messageLanguage, paybackFailedMessage, sendPlayerMessage } from '../messages';
import { formatMinorMoney } from '../../../contracts/format';

/** A self-exclusion payback's request id: `exclusion:<lock>:<currency>:<part>` (exclusion-payout.service.ts). */
const PAYBACK_REQUEST = /^exclusion:([0-9a-f-]{36}):([A-Z]{3}):\d+$/;

/**
 * Leaves `amount` of a payback's currency to staff: opens the payback's task for the currency, or
 * updates the open one. One task per payback and currency (a unique index), so a rerun or a second
 * failure never opens two.
 */
export async function leavePaybackToStaff(
  tx: Db,
  task: { paybackId: string; playerId: string; currency: string; amount: bigint; paymentMethod: string | null; reason: string },
  now = new Date(),
): Promise<void> {
  const values = { amount: task.amount, paymentMethod: task.paymentMethod, reason: task.reason, updatedAt: now };
  await tx
    .insert(exclusionPaybackTask)
    .values({ ...task, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [exclusionPaybackTask.paybackId, exclusionPaybackTask.currency],
      set: values,
      setWhere: eq(exclusionPaybackTask.status, 'OPEN'),
    });
}

/**
 * A payback's payout that the provider failed after the payback was made (issue 26 item 9: every
 * payback that cannot be made automatically becomes a staff task): the money is back in the
 * player's cash (the caller returned it in `tx`), so the payback's task for the currency is opened
 * — or, when one is open or was done, added to and opened again — and the player is told, in the
 * same transaction. Any other withdrawal, and a payback still running, is left alone.
 */
export async function paybackPayoutFailed(tx: Db, row: PaymentRow, reason: string | null, now = new Date()): Promise<void> {
  const match = PAYBACK_REQUEST.exec(row.requestId);
  if (!match) return;
  const [, lockId, currency] = match;
  const [payback] = await tx
    .select({ id: exclusionPayback.id, status: exclusionPayback.status })
    .from(exclusionPayback)
    .where(and(eq(exclusionPayback.lockId, lockId!), eq(exclusionPayback.playerId, row.playerId)));
  // While the payback runs (a payout the provider declined at once) the run itself leaves the money
  // to staff and tells the player; after it, this is the only place that learns of the failure.
  if (!payback || payback.status !== 'DONE') return;
  const why = `${row.methodCode}: the payout of ${formatMinorMoney(row.amount, currency!, 'en')} failed at the provider${reason ? ` (${reason})` : ''}`;
  await tx
    .insert(exclusionPaybackTask)
    .values({
      paybackId: payback.id,
      playerId: row.playerId,
      currency: currency!,
      amount: row.amount,
      paymentMethod: row.methodCode,
      reason: why,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [exclusionPaybackTask.paybackId, exclusionPaybackTask.currency],
      // An open task grows by the failed amount; a task already done opens again for it alone.
      set: {
        amount: sql`CASE WHEN ${exclusionPaybackTask.status} = 'OPEN' THEN ${exclusionPaybackTask.amount} + ${row.amount} ELSE ${row.amount} END`,
        status: 'OPEN',
        paymentMethod: row.methodCode,
        reason: why,
        updatedAt: now,
        doneAt: null,
        doneBy: null,
        doneHow: null,
      },
    });
  await sendPlayerMessage(tx, {
    playerId: row.playerId,
    kind: 'LIMIT_CHANGE',
    ...paybackFailedMessage(await messageLanguage(tx, row.playerId), row.amount, currency!),
  });
}
