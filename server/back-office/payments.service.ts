import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AdjustmentView, HeldWithdrawalView, PaybackTaskView, RequestAdjustment } from '../../contracts/back-office/payments';
import { fromMinorUnits, toMinorUnits } from '../../contracts/money';
import type { Db } from '../db/database';
import { staffLedgerAdjustment, staffMember } from '../db/schema';
import { AppError } from '../http/app-error';
import type { ServiceContext } from '../service-context';
import { findPlayer } from '../platform/accounts';
import { grantBonus, planById } from '../platform/bonuses';
import type { Inducements } from '../platform/inducements';
import {
  completePaybackTask,
  heldWithdrawal,
  heldWithdrawals,
  openPaybackTasks,
  paybackTask,
  releaseHeldWithdrawal,
  returnHeldWithdrawal,
  sendApprovedPayout,
} from '../platform/cashier';
import { getPlayerBalance, postManualAdjustment } from '../platform/wallet';
import { staffAction, type StaffActor } from './access';
import { closePaybackFlag } from './flags.service';
import { playerOr404 } from './players.service';
import { messageLanguage, sendPlayerMessage, withdrawalApprovedMessage, withdrawalRejectedMessage } from '../platform/messages';
import { formatDateTime, formatMinorMoney } from '../../contracts/format';

/**
 * The back office's money actions (issue 15; server/back-office/README.md "Payments"). Each runs
 * through the module that owns the money — the cashier's held withdrawals, the wallet's manual
 * adjustment movement, the bonuses' grant — inside staffAction, so the action and its audit row
 * commit together or not at all.
 */

const noHeldWithdrawal = () => new AppError('NOT_FOUND', 'No withdrawal with this id is awaiting approval');

async function usernames(db: Db, playerIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(playerIds)];
  const rows = await Promise.all(unique.map(async (id) => [id, (await findPlayer(db, id))?.username ?? null] as const));
  return new Map(rows.flatMap(([id, name]) => (name ? [[id, name] as [string, string]] : [])));
}

export async function heldWithdrawalQueue(db: Db): Promise<HeldWithdrawalView[]> {
  const rows = await heldWithdrawals(db);
  const names = await usernames(
    db,
    rows.map((row) => row.playerId),
  );
  return rows.map((row) => ({
    paymentId: row.paymentId,
    playerId: row.playerId,
    username: names.get(row.playerId) ?? null,
    paymentMethod: row.methodCode,
    amount: fromMinorUnits(row.amount),
    currency: row.currency,
    destination: row.destination,
    requestedAt: row.requestedAt.toISOString(),
  }));
}

/**
 * Approves a held withdrawal: the conditional HELD → PENDING and its audit row commit together;
 * a second approval at the same time finds nothing held (404) and writes nothing. Only the one
 * that moved the row sends the payout, after the commit.
 */
export async function approveWithdrawal(context: ServiceContext, actor: StaffActor, paymentId: string) {
  const { db } = context.database;
  const released = await staffAction(db, actor, 'withdrawal.approve', async (tx) => {
    const row = await releaseHeldWithdrawal(tx, paymentId);
    if (!row) throw noHeldWithdrawal();
    await sendPlayerMessage(tx, {
      playerId: row.playerId,
      kind: 'STAFF_MESSAGE',
      ...withdrawalApprovedMessage(await messageLanguage(tx, row.playerId), row.amount, row.currency),
    });
    return { result: row, detail: { paymentId, playerId: row.playerId, amount: row.amount.toString(), currency: row.currency, method: row.methodCode } };
  });
  const sent = await sendApprovedPayout(context, released);
  return { paymentId, paymentStatus: sent.declined !== null ? ('FAILED' as const) : sent.paymentStatus, declined: sent.declined };
}

/** Rejects a held withdrawal: the money back to the player's cash, a message telling them why, the audit row — one transaction. */
export async function rejectWithdrawal(context: ServiceContext, actor: StaffActor, paymentId: string, reason: string) {
  const { db } = context.database;
  const pending = await heldWithdrawal(db, paymentId);
  if (!pending) throw noHeldWithdrawal();
  return staffAction(db, actor, 'withdrawal.reject', async (tx) => {
    const row = await returnHeldWithdrawal(tx, paymentId, reason);
    if (!row) throw noHeldWithdrawal();
    await sendPlayerMessage(tx, {
      playerId: row.playerId,
      kind: 'STAFF_MESSAGE',
      ...withdrawalRejectedMessage(await messageLanguage(tx, row.playerId), row.amount, row.currency, reason),
    });
    return {
      result: { paymentId, paymentStatus: 'DECLINED' as const, returned: fromMinorUnits(row.amount), currency: row.currency },
      detail: { paymentId, playerId: row.playerId, amount: row.amount.toString(), currency: row.currency, reason },
    };
  });
}

type AdjustmentRow = typeof staffLedgerAdjustment.$inferSelect;

async function adjustmentViews(db: Db, rows: AdjustmentRow[]): Promise<AdjustmentView[]> {
  const staffIds = [...new Set(rows.flatMap((row) => [row.requestedBy, ...(row.decidedBy ? [row.decidedBy] : [])]))];
  const staff =
    staffIds.length > 0
      ? await db.select({ id: staffMember.id, username: staffMember.username }).from(staffMember).where(inArray(staffMember.id, staffIds))
      : [];
  const staffNames = new Map(staff.map((member) => [member.id, member.username]));
  const names = await usernames(
    db,
    rows.map((row) => row.playerId),
  );
  return rows.map((row) => ({
    adjustmentId: row.id,
    playerId: row.playerId,
    username: names.get(row.playerId) ?? null,
    direction: row.direction as AdjustmentView['direction'],
    amount: fromMinorUnits(row.amount),
    currency: row.currency,
    reason: row.reason,
    status: row.status as AdjustmentView['status'],
    requestedBy: staffNames.get(row.requestedBy) ?? '',
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy ? (staffNames.get(row.decidedBy) ?? '') : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}

/** Adjustments awaiting the second approval, the oldest first. */
export async function pendingAdjustments(db: Db): Promise<AdjustmentView[]> {
  const rows = await db
    .select()
    .from(staffLedgerAdjustment)
    .where(eq(staffLedgerAdjustment.status, 'REQUESTED'))
    .orderBy(asc(staffLedgerAdjustment.requestedAt))
    .limit(200);
  return adjustmentViews(db, rows);
}

const overBalance = (cash: bigint, currency: string) =>
  new AppError('INSUFFICIENT_FUNDS', `The debit is more than the player's cash balance of ${formatMinorMoney(cash, currency, 'en')}`, [
    { field: 'amount', error: `At most the player's cash balance of ${formatMinorMoney(cash, currency, 'en')}` },
  ]);

/**
 * How far back an identical adjustment (same player, direction, amount and currency, not rejected)
 * makes a new request ask for confirmation: the same credit twice in a day is far more often one
 * payment keyed twice than two wrongs to right (issue 27 item 13).
 */
export const DUPLICATE_ADJUSTMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

async function refuseUnconfirmedDuplicate(tx: Db, playerId: string, direction: 'CREDIT' | 'DEBIT', amount: bigint, currency: string): Promise<void> {
  const since = new Date(Date.now() - DUPLICATE_ADJUSTMENT_WINDOW_MS);
  const [same] = await tx
    .select({ requestedAt: staffLedgerAdjustment.requestedAt, status: staffLedgerAdjustment.status })
    .from(staffLedgerAdjustment)
    .where(
      and(
        eq(staffLedgerAdjustment.playerId, playerId),
        eq(staffLedgerAdjustment.direction, direction),
        eq(staffLedgerAdjustment.currency, currency),
        eq(staffLedgerAdjustment.amount, amount),
        ne(staffLedgerAdjustment.status, 'REJECTED'),
        gt(staffLedgerAdjustment.requestedAt, since),
      ),
    )
    .orderBy(desc(staffLedgerAdjustment.requestedAt))
    .limit(1);
  if (!same) return;
  const what = `An identical ${direction === 'CREDIT' ? 'credit' : 'debit'} of ${formatMinorMoney(amount, currency, 'en')} was requested at ${formatDateTime(same.requestedAt, 'en', { timeZone: 'UTC' })} UTC (${same.status.toLowerCase()})`;
  throw new AppError('DUPLICATE_ADJUSTMENT', `${what}; confirm to request it again`, [{ field: 'confirmDuplicate', error: what }]);
}

/** The first step: a request with its reason; nothing moves until another member approves it. */
export async function requestAdjustment(db: Db, actor: StaffActor, playerId: string, request: RequestAdjustment): Promise<AdjustmentView> {
  await playerOr404(db, playerId);
  const amount = toMinorUnits(request.amount);
  if (request.direction === 'DEBIT') {
    // Checked again, under the ledger's lock, when it is posted: the balance may change meanwhile.
    const balance = await getPlayerBalance(db, playerId, request.currency);
    if (amount > balance.cash) throw overBalance(balance.cash, request.currency);
  }
  const row = await staffAction(db, actor, 'adjustment.request', async (tx) => {
    // One request per player at a time, so two identical requests sent together cannot miss each other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`staff-adjustment:${playerId}`}))`);
    if (!request.confirmDuplicate) await refuseUnconfirmedDuplicate(tx, playerId, request.direction, amount, request.currency);
    const [inserted] = await tx
      .insert(staffLedgerAdjustment)
      .values({ playerId, currency: request.currency, direction: request.direction, amount, reason: request.reason, requestedBy: actor.staffId })
      .returning();
    if (!inserted) throw new Error('adjustment not stored');
    return {
      result: inserted,
      detail: {
        adjustmentId: inserted.id,
        playerId,
        direction: request.direction,
        amount: amount.toString(),
        currency: request.currency,
        reason: request.reason,
      },
    };
  });
  const [view] = await adjustmentViews(db, [row]);
  return view!;
}

/**
 * The second step. The row is locked and must still be REQUESTED (else 404, so two approvals post
 * once); the requester cannot approve their own (403, and the table's check says so too). The
 * wallet posts the movement, refusing a debit below zero (400, nothing kept).
 */
export async function decideAdjustment(
  db: Db,
  actor: StaffActor,
  adjustmentId: string,
  decision: 'approve' | 'reject',
  reason: string | null,
): Promise<AdjustmentView> {
  const row = await staffAction(db, actor, decision === 'approve' ? 'adjustment.approve' : 'adjustment.reject', async (tx) => {
    const [locked] = await tx.select().from(staffLedgerAdjustment).where(eq(staffLedgerAdjustment.id, adjustmentId)).for('update');
    if (!locked || locked.status !== 'REQUESTED') throw new AppError('NOT_FOUND', 'No adjustment with this id is awaiting approval');
    if (decision === 'approve' && locked.requestedBy === actor.staffId)
      throw new AppError('FORBIDDEN', 'Another staff member must approve an adjustment you requested');
    let ledgerTransactionId: bigint | null = null;
    if (decision === 'approve') {
      try {
        const posted = await postManualAdjustment(tx, {
          adjustmentId: locked.id,
          playerId: locked.playerId,
          currency: locked.currency,
          direction: locked.direction as 'CREDIT' | 'DEBIT',
          amount: locked.amount,
          metadata: { reason: locked.reason },
        });
        ledgerTransactionId = posted.transactionId;
      } catch (error) {
        // The ledger's refusal (the player's cash may not go below zero): the whole approval is undone.
        if (error instanceof AppError && error.status === 'INSUFFICIENT_FUNDS') {
          throw new AppError('INSUFFICIENT_FUNDS', "The debit is more than the player's cash balance", [
            { field: 'amount', error: "The debit is more than the player's cash balance" },
          ]);
        }
        throw error;
      }
    }
    const [updated] = await tx
      .update(staffLedgerAdjustment)
      .set({
        status: decision === 'approve' ? 'APPROVED' : 'REJECTED',
        decidedBy: actor.staffId,
        decidedAt: new Date(),
        decisionReason: reason,
        ledgerTransactionId,
      })
      .where(eq(staffLedgerAdjustment.id, locked.id))
      .returning();
    return {
      result: updated!,
      detail: {
        adjustmentId,
        playerId: locked.playerId,
        direction: locked.direction,
        amount: locked.amount.toString(),
        currency: locked.currency,
        requestedBy: locked.requestedBy,
        ...(reason ? { reason } : {}),
      },
    };
  });
  const [view] = await adjustmentViews(db, [row]);
  return view!;
}

/**
 * A goodwill bonus on a plan, through the bonuses module's grant (its wagering, queueing and lock
 * refusal apply). Bonus money must be wagered, so it is an inducement: refused (403
 * INDUCEMENTS_NOT_AVAILABLE) where the player's jurisdiction closes bonus offers (IE by default,
 * issue 29 item 7). Compensation there is a manual cash adjustment, which the player may withdraw.
 */
export async function grantGoodwillBonus(
  db: Db,
  inducements: Pick<Inducements, 'refuseClosed'>,
  actor: StaffActor,
  playerId: string,
  request: { planId: number; amount: number; reason: string },
) {
  await playerOr404(db, playerId);
  const plan = await planById(db, request.planId);
  if (!plan) throw new AppError('NOT_FOUND', 'No bonus plan with this id', [{ field: 'planId', error: 'No bonus plan with this id' }]);
  // A goodwill bonus is an amount of bonus money: deposit matches and free spins are granted otherwise.
  if (plan.kind !== 'NO_DEPOSIT' && plan.kind !== 'CODE') {
    throw new AppError('VALIDATION_ERROR', undefined, [{ field: 'planId', error: 'Choose a no-deposit or code bonus plan' }]);
  }
  const amount = toMinorUnits(request.amount);
  return staffAction(db, actor, 'bonus.goodwill', async (tx) => {
    await inducements.refuseClosed(tx, playerId, 'BONUS_OFFERS');
    const bonus = await grantBonus(tx, playerId, plan, amount);
    return {
      result: { bonusId: String(bonus.id), status: bonus.status, amount: fromMinorUnits(bonus.amount), currency: bonus.currency },
      detail: { bonusId: String(bonus.id), playerId, planId: plan.id, amount: amount.toString(), currency: plan.currency, reason: request.reason },
    };
  });
}

// ── self-exclusion paybacks left for staff (issue 26 item 9) ────────────────────────────────────

const noOpenTask = () => new AppError('NOT_FOUND', 'No open payback task with this id');

/** The open payback tasks (the cashier's), the longest waiting first, with the players' usernames. */
export async function paybackTaskQueue(db: Db): Promise<PaybackTaskView[]> {
  const rows = await openPaybackTasks(db);
  const names = await usernames(
    db,
    rows.map((row) => row.playerId),
  );
  return rows.map((row) => ({
    taskId: row.id,
    playerId: row.playerId,
    username: names.get(row.playerId) ?? null,
    currency: row.currency,
    amount: fromMinorUnits(row.amount),
    paymentMethod: row.paymentMethod,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Staff mark a payback task done, saying how the money was returned: the task, the player's
 * CASH_PAYBACK_DUE flag and the audit row commit together; a task done already (or by a payback
 * meanwhile), or unknown, is 404 and writes nothing.
 */
export async function completePayback(db: Db, actor: StaffActor, taskId: string, note: string) {
  const task = await paybackTask(db, taskId);
  if (!task || task.status !== 'OPEN') throw noOpenTask();
  return staffAction(db, actor, 'payback.complete', async (tx) => {
    const done = await completePaybackTask(tx, taskId, actor.staffId, note);
    if (!done) throw noOpenTask();
    await closePaybackFlag(tx, done.playerId, done.id);
    return {
      result: { taskId: done.id, status: 'DONE' as const, doneAt: (done.doneAt ?? new Date()).toISOString() },
      detail: { taskId: done.id, playerId: done.playerId, amount: done.amount.toString(), currency: done.currency, note },
    };
  });
}
