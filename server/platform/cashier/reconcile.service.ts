import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { payment } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { voidOwedDeposits } from './credit-funding';
import { applyProviderStatus } from './provider-status';
import { settleStoredEvents } from './stored-events';
import type { PaymentRow } from './payments.repository';
import { requireProvider } from '../../providers/payment-provider';

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

/** Applies the provider's view of one claimed payment; answers what became of it. */
async function reconcileOne(context: ServiceContext, claimed: PaymentRow, logger: Logger): Promise<keyof Omit<ReconcileSummary, 'checked'>> {
  const deposit = claimed.type === 'DEPOSIT';
  // The payment's own provider (the row), whatever the routing says now.
  const provider = requireProvider(context.payments, claimed.provider);
  const status = await provider.paymentStatus({ paymentId: claimed.id, kind: deposit ? 'DEPOSIT' : 'PAYOUT', providerReference: claimed.providerReference });
  return applyProviderStatus(context, provider, claimed, status, logger);
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
  // Voids owed to the provider for deposits refused for credit funding whose void could not be asked.
  for (const provider of context.payments.all) {
    await voidOwedDeposits(context.database.db, provider, logger, options.limit ?? 100).catch((error: unknown) =>
      logger.error({ err: error, provider: provider.id }, 'cashier: voiding refused deposits failed'),
    );
  }
  // Webhooks acknowledged but not applied (a crash between the answer and the settlement).
  await settleStoredEvents(context, logger, options.limit ?? 100).catch((error: unknown) =>
    logger.error({ err: error }, 'cashier: settling stored provider events failed'),
  );
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
