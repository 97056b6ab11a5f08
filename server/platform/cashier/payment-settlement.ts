import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { paymentEvent, storedCard } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findPlayer } from '../accounts';
import { cancelPendingDepositBonus } from '../bonuses';
import { inTransaction } from '../../db/transaction';
import { creditDeposit, returnWithdrawal, reserveWithdrawal, settleWithdrawalPayout } from '../wallet';
import {
  HELD,
  insertPayment,
  isTerminal,
  isUuid,
  lockPayment,
  paymentDetails,
  updatePayment,
  type NewPaymentRow,
  type PaymentRow,
} from './payments.repository';
import { CREDIT_FUNDING_NOT_ALLOWED, creditFundingRefusal, type CreditFundingConfig } from './credit-funding';
import { paybackPayoutFailed } from './exclusion-payback-tasks';
import type { CryptoSource, FundingSource, PaymentNotification, VaultedCard } from '../../providers/payment-provider';

/**
 * Where a payment goes next, and the money that moves with it. Every function here runs inside
 * the caller's transaction on a locked payment row and moves a payment only forwards: a terminal
 * payment (SUCCESS, DECLINED, FAILED, CANCELLED) is never changed again, so a replayed or late
 * webhook cannot credit twice or undo an outcome. The ledger movements are idempotent by payment
 * id as well.
 */
const movement = (row: PaymentRow) => ({
  paymentId: row.id,
  playerId: row.playerId,
  currency: row.currency,
  amount: row.amount,
  metadata: { method: row.methodCode },
});

export async function creditSuccessfulDeposit(tx: Db, row: PaymentRow, config: CreditFundingConfig): Promise<PaymentRow> {
  if (isTerminal(row.status)) return row;
  // No gambling on credit (credit-funding.ts): decided here, on the locked row in the credit's
  // transaction, so no path and no race credits a deposit the rule refuses. The provider has
  // authorised it; the caller asks for the void once this commits.
  const refused = await creditFundingRefusal(tx, row, config);
  if (refused) {
    const marked = await updatePayment(tx, row.id, { details: { ...paymentDetails(row), declineCode: CREDIT_FUNDING_NOT_ALLOWED, providerVoid: 'OWED' } });
    return endDeposit(tx, marked, 'DECLINED', refused);
  }
  const credit = await creditDeposit(tx, movement(row));
  return updatePayment(tx, row.id, { status: 'SUCCESS', ledgerTransactionId: credit.transactionId, completedAt: new Date() });
}

export async function endDeposit(tx: Db, row: PaymentRow, status: 'DECLINED' | 'FAILED' | 'CANCELLED', reason: string | null): Promise<PaymentRow> {
  if (isTerminal(row.status)) return row;
  // Issue 14: a bonus that waited for this deposit ends with it (nothing was granted).
  await cancelPendingDepositBonus(tx, row.id);
  return updatePayment(tx, row.id, { status, failureReason: reason, completedAt: new Date() });
}

/**
 * Inserts a withdrawal and reserves its amount from the cash balance, in the caller's transaction;
 * a held one (above the review threshold) waits as HELD for a staff approval before any payout.
 */
export async function createReservedWithdrawal(tx: Db, values: NewPaymentRow, held = false): Promise<PaymentRow | undefined> {
  const row = await insertPayment(tx, { ...values, type: 'WITHDRAWAL', status: held ? HELD : 'PENDING' });
  if (!row) return undefined;
  const reserve = await reserveWithdrawal(tx, movement(row));
  return updatePayment(tx, row.id, { ledgerTransactionId: reserve.transactionId });
}

export async function payOutWithdrawal(tx: Db, row: PaymentRow): Promise<PaymentRow> {
  if (isTerminal(row.status)) return row;
  const payout = await settleWithdrawalPayout(tx, movement(row));
  return updatePayment(tx, row.id, { status: 'SUCCESS', settlementTransactionId: payout.transactionId, completedAt: new Date() });
}

/** A payout that failed: the reserved amount goes back to the player's cash balance. */
export async function failWithdrawal(tx: Db, row: PaymentRow, reason: string | null): Promise<PaymentRow> {
  if (isTerminal(row.status)) return row;
  const returned = await returnWithdrawal(tx, movement(row));
  const failed = await updatePayment(tx, row.id, {
    status: 'FAILED',
    failureReason: reason,
    settlementTransactionId: returned.transactionId,
    completedAt: new Date(),
  });
  // A self-exclusion's payback that failed at the provider: its money is back in the account, for staff to return.
  await paybackPayoutFailed(tx, failed, reason);
  return failed;
}

/**
 * A successful card deposit and the card the provider reports it was paid with (saved or not):
 * the payment names the stored card, so that the card counts as one the player deposited from
 * and the money can go back to it (closed loop, issue 11 defect 4, issue 26 defect 8).
 */
export async function keepDepositCard(tx: Db, row: PaymentRow, provider: string, card: VaultedCard): Promise<void> {
  const storedCardId = await keepVaultedCard(tx, row.playerId, row.methodCode, provider, card);
  if (storedCardId && !row.storedCardId) await updatePayment(tx, row.id, { storedCardId });
}

/**
 * Keeps a card the provider vaulted: only its token, brand, last four digits, holder, expiry,
 * fingerprint and whether it may be charged again (a card only paid with is kept unusable for
 * deposits, as a destination for withdrawals). Answers the stored card's id.
 */
export async function keepVaultedCard(tx: Db, playerId: string, methodCode: string, provider: string, card: VaultedCard): Promise<string | undefined> {
  await tx
    .insert(storedCard)
    .values({
      playerId,
      methodCode,
      provider,
      providerToken: card.token,
      brand: card.brand,
      lastFour: card.lastFour,
      nameOnCard: card.nameOnCard,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      fingerprint: card.fingerprint,
      reusable: card.reusable,
    })
    .onConflictDoNothing({ target: [storedCard.provider, storedCard.providerToken] });
  const [kept] = await tx
    .select({ id: storedCard.id })
    .from(storedCard)
    .where(and(eq(storedCard.provider, provider), eq(storedCard.providerToken, card.token), eq(storedCard.playerId, playerId)));
  return kept?.id;
}

/**
 * A successful crypto deposit and where the provider reports its coins came from: kept on the
 * payment (the first report stands), so that the money can go back to that address (closed
 * loop, issue 26 item 4). Answers the row as it now is.
 */
export async function keepCryptoSource(tx: Db, row: PaymentRow, source: CryptoSource): Promise<PaymentRow> {
  const details = paymentDetails(row);
  if (details.cryptoSource) return row;
  return updatePayment(tx, row.id, { details: { ...details, cryptoSource: { coin: source.coin, address: source.address } } });
}

/** What a deposit was paid from, as the provider reported it with the success (the first report stands). */
export async function keepFundingSource(tx: Db, row: PaymentRow, source: FundingSource | null | undefined): Promise<PaymentRow> {
  const details = paymentDetails(row);
  if (!source || details.fundingSource || isTerminal(row.status)) return row;
  return updatePayment(tx, row.id, { details: { ...details, fundingSource: source } });
}

const depositEnds = { PAYMENT_DECLINED: 'DECLINED', PAYMENT_FAILED: 'FAILED', PAYMENT_CANCELLED: 'CANCELLED' } as const;

/**
 * Applies one verified provider notification, once: the event id is recorded in payment_event in
 * the same transaction as its effect, so a replay finds it and changes nothing. A notification
 * that does not match its payment (unknown payment, other player, other amount) is refused and
 * nothing is recorded.
 */
export async function applyNotification(
  db: Db,
  provider: string,
  notification: PaymentNotification,
  logger: Logger,
  config: CreditFundingConfig,
): Promise<{ duplicate: boolean; paymentId: string | null }> {
  return inTransaction(db, async (tx) => {
    const record = async (paymentId: string | null) => {
      const [inserted] = await tx
        .insert(paymentEvent)
        .values({ provider, eventId: notification.eventId, paymentId, type: notification.type, payload: notification.payload })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvent.eventId });
      return inserted !== undefined;
    };

    if (notification.type === 'CARD_STORED') {
      const card = notification.card;
      const owner = isUuid(notification.customerReference) ? await findPlayer(tx, notification.customerReference) : undefined;
      if (!owner || !card) throw new AppError('NOTIFICATION_MISMATCH', 'Unknown customer');
      if (!(await record(null))) return { duplicate: true, paymentId: null };
      await keepVaultedCard(tx, owner.id, notification.methodCode, provider, card);
      return { duplicate: false, paymentId: null };
    }

    const row = notification.paymentId ? await lockPayment(tx, notification.paymentId) : undefined;
    if (!row || row.provider !== provider) throw new AppError('PAYMENT_NOT_FOUND');
    if (row.playerId !== notification.customerReference) throw new AppError('NOTIFICATION_MISMATCH', 'The notification names another customer');
    if (row.providerReference && row.providerReference !== notification.providerReference)
      throw new AppError('NOTIFICATION_MISMATCH', 'The notification names another provider reference');
    if (notification.amount !== row.amount || notification.currency !== row.currency) {
      logger.error({ paymentId: row.id, eventId: notification.eventId }, 'cashier: a provider notification does not match the payment amount; refused');
      throw new AppError('NOTIFICATION_MISMATCH', 'The amount or currency differs from the payment');
    }
    if (!(await record(row.id))) return { duplicate: true, paymentId: row.id };

    const current = row.providerReference ? row : await updatePayment(tx, row.id, { providerReference: notification.providerReference });
    const deposit = current.type === 'DEPOSIT';
    switch (notification.type) {
      case 'PAYMENT_SUCCEEDED':
        if (!deposit) throw new AppError('NOTIFICATION_MISMATCH', 'A payment event for a withdrawal');
        if (isTerminal(current.status) && current.status !== 'SUCCESS') {
          logger.warn(
            { paymentId: current.id, status: current.status, eventId: notification.eventId },
            'cashier: provider reports success for a payment already ended; left for review',
          );
        }
        // The card is kept before the credit, so the credit's money policies (refer a friend's
        // self-referral check) see the instrument the deposit was paid with.
        if (notification.card && (!isTerminal(current.status) || current.status === 'SUCCESS')) await keepDepositCard(tx, current, provider, notification.card);
        {
          const sourced =
            notification.cryptoSource && (!isTerminal(current.status) || current.status === 'SUCCESS')
              ? await keepCryptoSource(tx, current, notification.cryptoSource)
              : current;
          await creditSuccessfulDeposit(tx, await keepFundingSource(tx, sourced, notification.fundingSource), config);
        }
        break;
      case 'PAYMENT_DECLINED':
      case 'PAYMENT_FAILED':
      case 'PAYMENT_CANCELLED':
        if (!deposit) throw new AppError('NOTIFICATION_MISMATCH', 'A payment event for a withdrawal');
        await endDeposit(tx, current, depositEnds[notification.type], notification.reason);
        break;
      case 'PAYOUT_PAID':
        if (deposit) throw new AppError('NOTIFICATION_MISMATCH', 'A payout event for a deposit');
        await payOutWithdrawal(tx, current);
        break;
      case 'PAYOUT_FAILED':
        if (deposit) throw new AppError('NOTIFICATION_MISMATCH', 'A payout event for a deposit');
        await failWithdrawal(tx, current, notification.reason);
        break;
    }
    return { duplicate: false, paymentId: current.id };
  });
}
