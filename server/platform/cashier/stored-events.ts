import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { payment, paymentEvent } from '../../db/schema';
import type { PaymentNotification, PaymentProvider } from '../../providers/payment-provider';
import type { ServiceContext } from '../../service-context';
import { inTransaction } from '../../db/transaction';
import { findPlayer } from '../accounts';
import { keepVaultedCard } from './payment-settlement';
import { isTerminal } from './payments.repository';
import { applyProviderStatus } from './provider-status';

/**
 * The inbox of a provider that acknowledges first (issue 31, Stripe): a verified event is stored
 * in payment_event (processed_at NULL) and answered at once, so the provider's delivery never
 * waits on the cashier; then the payment it names is settled from what the provider says now.
 * The event id is the primary key with the provider, so a duplicate is stored once and settled
 * once; since the outcome is read from the provider, events late or out of order change nothing.
 * An event left unsettled by a crash is settled by the reconciler's next run.
 */

/** Stores a verified event; answers whether it was seen before. The payment is linked only when it is this provider's. */
export async function storeEvent(db: Db, provider: PaymentProvider, notification: PaymentNotification): Promise<{ duplicate: boolean }> {
  const [owner] =
    notification.paymentId && /^[0-9a-f-]{36}$/i.test(notification.paymentId)
      ? await db
          .select({ id: payment.id, type: payment.type, providerReference: payment.providerReference })
          .from(payment)
          .where(and(eq(payment.id, notification.paymentId), eq(payment.provider, provider.id)))
      : [];
  const [inserted] = await db
    .insert(paymentEvent)
    .values({
      provider: provider.id,
      eventId: notification.eventId,
      paymentId: owner?.id ?? null,
      type: notification.type,
      payload: notification.payload,
      processedAt: null,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvent.eventId });
  // A payment whose create answer was lost learns its reference from the signed event (a
  // deposit from a payment event, a withdrawal from a payout event), so the settlement can look
  // it up by id rather than by a search that may not see it yet.
  const sameKind = owner && (owner.type === 'DEPOSIT') === notification.type.startsWith('PAYMENT_');
  if (inserted && owner && sameKind && owner.providerReference === null) {
    await db
      .update(payment)
      .set({ providerReference: notification.providerReference })
      .where(and(eq(payment.id, owner.id), isNull(payment.providerReference)));
  }
  return { duplicate: inserted === undefined };
}

/** Settles the payment one stored event names, from the provider's answer, and marks the event processed. */
export async function settleStoredEvent(context: ServiceContext, provider: PaymentProvider, eventId: string, logger: Logger): Promise<void> {
  const { db } = context.database;
  const [event] = await db
    .select()
    .from(paymentEvent)
    .where(and(eq(paymentEvent.provider, provider.id), eq(paymentEvent.eventId, eventId)));
  if (!event || event.processedAt) return;
  if (event.type === 'CARD_STORED' && provider.storedCardOf) {
    // A card saved without a payment: the provider says which card, outside any transaction.
    const stored = await provider.storedCardOf(event.payload as Record<string, unknown>);
    if (stored && /^[0-9a-f-]{36}$/i.test(stored.customerReference)) {
      await inTransaction(db, async (tx) => {
        const owner = await findPlayer(tx, stored.customerReference);
        if (owner) await keepVaultedCard(tx, owner.id, stored.methodCode, provider.id, stored.card);
      });
      logger.info({ provider: provider.id, eventId }, 'cashier: provider card setup settled');
    }
  }
  const [row] = event.paymentId ? await db.select().from(payment).where(eq(payment.id, event.paymentId)) : [];
  // A payment already ended stays as it is (forward only); a payment this provider does not hold is left alone.
  if (row && row.provider === provider.id && !isTerminal(row.status)) {
    // Outside any transaction: the provider is never called inside one.
    const status = await provider.paymentStatus({
      paymentId: row.id,
      kind: row.type === 'DEPOSIT' ? 'DEPOSIT' : 'PAYOUT',
      providerReference: row.providerReference,
    });
    if (status.state !== 'NOT_FOUND') {
      const outcome = await applyProviderStatus(context, provider, row, status, logger);
      logger.info({ provider: provider.id, eventId, paymentId: row.id, outcome }, 'cashier: provider event settled');
    }
  }
  await db
    .update(paymentEvent)
    .set({ processedAt: sql`now()` })
    .where(and(eq(paymentEvent.provider, provider.id), eq(paymentEvent.eventId, eventId), isNull(paymentEvent.processedAt)));
}

/** The reconciler's sweep: events stored more than a few seconds ago and still not settled. */
export async function settleStoredEvents(context: ServiceContext, logger: Logger, limit: number, olderThanMs = 5_000): Promise<number> {
  const due = await context.database.db
    .select({ provider: paymentEvent.provider, eventId: paymentEvent.eventId })
    .from(paymentEvent)
    .where(and(isNull(paymentEvent.processedAt), lt(paymentEvent.receivedAt, new Date(Date.now() - olderThanMs))))
    .orderBy(paymentEvent.receivedAt)
    .limit(limit);
  for (const event of due) {
    const provider = context.payments.get(event.provider);
    if (!provider) continue;
    try {
      await settleStoredEvent(context, provider, event.eventId, logger);
    } catch (error) {
      logger.error({ err: error, provider: event.provider, eventId: event.eventId }, 'cashier: settling a stored provider event failed; tried again next run');
    }
  }
  return due.length;
}
