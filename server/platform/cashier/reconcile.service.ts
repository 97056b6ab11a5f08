import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { payment } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { inTransaction } from '../wallet';
import { creditSuccessfulDeposit, endDeposit, failWithdrawal, keepDepositCard, payOutWithdrawal } from './payment-settlement';
import { isTerminal, lockPayment, paymentDetails, updatePayment, type PaymentRow } from './payments.repository';
import type { ProviderPaymentStatus } from './providers/payment-provider';
import { sendPayout } from './withdrawal.service';

/**
 * The reconciler (issue 11, defect 1): no payment the provider took is lost. Every payment
 * still open — a deposit PENDING or AWAITING_PAYMENT, a withdrawal not yet paid out — whose row
 * has not changed for PAYMENT_RECONCILE_INTERVAL_MS is looked up at the provider by our payment
 * id (so also one whose provider reference was never recorded, the answer lost in a crash), and
 * the provider's outcome is applied through the forward-only settlement in one transaction with
 * its money movement: a payment already ended is never moved again and the ledger movements are
 * idempotent by payment id, so a webhook arriving as well, a second reconcile or another node
 * reconciling at the same time credits or pays out once.
 *
 * A withdrawal the provider has no record of (the payout request never arrived) is sent again:
 * the provider pays a payment id once, so a payout in flight at a crash is neither lost nor
 * paid twice. A deposit the provider has no record of never reached it and fails.
 *
 * Several nodes: each run claims its payments with one UPDATE … FOR UPDATE SKIP LOCKED that
 * moves their updated_at to now, so a payment is asked about by one node per interval.
 */

export interface ReconcileOptions {
  /** Only payments unchanged for this long (default PAYMENT_RECONCILE_INTERVAL_MS). */
  olderThanMs?: number;
  /** At most this many payments in one run. */
  limit?: number;
  now?: Date;
}

export interface ReconcileSummary {
  /** Payments asked about. */
  checked: number;
  /** Payments the run moved to an end (credited, paid out, failed, returned). */
  settled: number;
  /** Payments the provider is still waiting on. */
  open: number;
  /** Payouts sent again because the provider never received them. */
  resent: number;
  /** Payments the provider answered about in a way that does not match (left for staff, logged). */
  mismatched: number;
}

const OPEN_DEPOSIT = ['PENDING', 'AWAITING_PAYMENT'];

/** Claims up to `limit` open payments unchanged since `before`; other nodes skip the rows locked here. */
async function claimOpenPayments(db: Db, before: Date, limit: number): Promise<PaymentRow[]> {
  const due = db
    .select({ id: payment.id })
    .from(payment)
    .where(
      and(
        or(and(eq(payment.type, 'DEPOSIT'), inArray(payment.status, OPEN_DEPOSIT)), and(eq(payment.type, 'WITHDRAWAL'), eq(payment.status, 'PENDING'))),
        lt(payment.updatedAt, before),
      ),
    )
    .orderBy(payment.updatedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(payment)
    .set({ updatedAt: sql`now()` })
    .where(inArray(payment.id, due))
    .returning();
}

function matches(row: PaymentRow, status: ProviderPaymentStatus, logger: Logger): boolean {
  if (status.state !== 'SUCCEEDED' && status.state !== 'FAILED') return true;
  const same = status.customerReference === row.playerId && status.amount === row.amount && status.currency === row.currency && (!row.providerReference || row.providerReference === status.providerReference);
  if (!same) logger.error({ paymentId: row.id, providerReference: status.providerReference }, 'cashier: the provider reports another customer, amount or reference for this payment; left for review');
  return same;
}

/** Applies the provider's view of one claimed payment; answers what became of it. */
async function reconcileOne(context: ServiceContext, claimed: PaymentRow, logger: Logger): Promise<keyof Omit<ReconcileSummary, 'checked'>> {
  const { db } = context.database;
  const deposit = claimed.type === 'DEPOSIT';
  const status = await context.payments.paymentStatus({ paymentId: claimed.id, kind: deposit ? 'DEPOSIT' : 'PAYOUT', providerReference: claimed.providerReference });
  if (!matches(claimed, status, logger)) return 'mismatched';

  if (status.state === 'NOT_FOUND' && !deposit) {
    // The payout request never reached the provider (or its answer was lost before it was
    // stored there): ask again; the provider pays a payment id once.
    const sent = await sendPayout(context, claimed);
    logger.warn({ paymentId: claimed.id, declined: sent.declined }, 'cashier: reconcile sent a payout the provider had not received');
    return sent.row.status === 'FAILED' ? 'settled' : 'resent';
  }

  return inTransaction(db, async (tx) => {
    const row = await lockPayment(tx, claimed.id);
    if (!row || isTerminal(row.status)) return 'open';
    const providerReference = row.providerReference ?? (status.state === 'NOT_FOUND' ? null : status.providerReference);
    const current = providerReference !== row.providerReference ? await updatePayment(tx, row.id, { providerReference }) : row;
    switch (status.state) {
      case 'NOT_FOUND':
        await endDeposit(tx, current, 'FAILED', 'The payment did not reach the payment provider');
        return 'settled';
      case 'OPEN':
        if (!deposit && paymentDetails(current).answered === undefined) await updatePayment(tx, row.id, { details: { ...paymentDetails(current), answered: 'PENDING' } });
        return 'open';
      case 'SUCCEEDED':
        if (deposit) {
          // The card first, as in a webhook: the credit's money policies see the instrument.
          if (status.card) await keepDepositCard(tx, current, row.provider, status.card);
          await creditSuccessfulDeposit(tx, current);
        } else {
          await payOutWithdrawal(tx, current);
        }
        return 'settled';
      case 'FAILED':
        if (deposit) await endDeposit(tx, current, status.outcome, status.reason);
        else await failWithdrawal(tx, current, status.reason);
        return 'settled';
    }
  });
}

/**
 * Resolves every open payment older than the interval by asking the provider, once each; the
 * service behind the reconcile timer, callable from a job or a back-office action.
 */
export async function reconcilePayments(context: ServiceContext, options: ReconcileOptions = {}): Promise<ReconcileSummary> {
  const logger = context.logger.child({ module: 'cashier' });
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.olderThanMs ?? context.config.PAYMENT_RECONCILE_INTERVAL_MS));
  const summary: ReconcileSummary = { checked: 0, settled: 0, open: 0, resent: 0, mismatched: 0 };
  const claimed = await claimOpenPayments(context.database.db, before, options.limit ?? 100);
  for (const row of claimed) {
    summary.checked += 1;
    try {
      summary[await reconcileOne(context, row, logger)] += 1;
    } catch (error) {
      // The provider could not be asked: the payment stays open and is tried next interval.
      summary.open += 1;
      logger.error({ err: error, paymentId: row.id }, 'cashier: reconciling a payment failed; tried again next interval');
    }
  }
  if (summary.checked > 0) logger.info({ ...summary }, 'cashier: reconciled open payments');
  return summary;
}

/**
 * Runs reconcilePayments every interval on this node (and once soon after start, to settle what
 * a crash left open). Safe with several nodes: each payment is claimed by one of them.
 */
export function startReconciler(context: ServiceContext): { stop(): Promise<void> } {
  const interval = context.config.PAYMENT_RECONCILE_INTERVAL_MS;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = reconcilePayments(context)
      .catch((error: unknown) => context.logger.error({ module: 'cashier', err: error }, 'cashier: reconcile run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  // Half the interval: a payment waits at most about 1.5 intervals after its last change.
  const timer = setInterval(run, Math.max(500, Math.floor(interval / 2)));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
