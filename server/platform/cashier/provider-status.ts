import type { Logger } from 'pino';
import { inTransaction } from '../../db/transaction';
import type { PaymentProvider, ProviderPaymentStatus } from '../../providers/payment-provider';
import type { ServiceContext } from '../../service-context';
import { voidRefusedDeposit } from './credit-funding';
import { NOT_SUBMITTED, NOT_SUBMITTED_REASON } from './deposit.service';
import {
  creditSuccessfulDeposit,
  endDeposit,
  failWithdrawal,
  keepCryptoSource,
  keepDepositCard,
  keepFundingSource,
  payOutWithdrawal,
} from './payment-settlement';
import { isTerminal, lockPayment, paymentDetails, updatePayment, type PaymentRow } from './payments.repository';
import { sendPayout } from './withdrawal.service';

/** What became of a payment the provider was asked about (the reconciler counts them). */
export type SettlementOutcome = 'settled' | 'open' | 'resent' | 'mismatched';

function matches(row: PaymentRow, status: ProviderPaymentStatus, logger: Logger): boolean {
  if (status.state !== 'SUCCEEDED' && status.state !== 'FAILED') return true;
  const same =
    status.customerReference === row.playerId &&
    status.amount === row.amount &&
    status.currency === row.currency &&
    (!row.providerReference || row.providerReference === status.providerReference);
  if (!same)
    logger.error(
      { paymentId: row.id, providerReference: status.providerReference },
      'cashier: the provider reports another customer, amount or reference for this payment; left for review',
    );
  return same;
}

/**
 * Applies what the provider says of a payment now, through the forward-only settlement: the
 * reconciler's answer, and a webhook's from a provider that acknowledges first (Stripe: its
 * events name the payment, its API tells the outcome, stored-events.ts).
 */
export async function applyProviderStatus(
  context: ServiceContext,
  provider: PaymentProvider,
  claimed: PaymentRow,
  status: ProviderPaymentStatus,
  logger: Logger,
): Promise<SettlementOutcome> {
  const { db } = context.database;
  const deposit = claimed.type === 'DEPOSIT';
  if (!matches(claimed, status, logger)) return 'mismatched';

  if (status.state === 'NOT_FOUND' && !deposit) {
    // The payout request never reached the provider (or its answer was lost before it was
    // stored there): ask again; the provider pays a payment id once.
    const sent = await sendPayout(context, claimed);
    logger.warn({ paymentId: claimed.id, declined: sent.declined }, 'cashier: reconcile sent a payout the provider had not received');
    return sent.row.status === 'FAILED' ? 'settled' : 'resent';
  }

  const outcome = await inTransaction(db, async (tx) => {
    const row = await lockPayment(tx, claimed.id);
    if (!row || isTerminal(row.status)) return 'open';
    const providerReference = row.providerReference ?? (status.state === 'NOT_FOUND' ? null : status.providerReference);
    const current = providerReference !== row.providerReference ? await updatePayment(tx, row.id, { providerReference }) : row;
    switch (status.state) {
      case 'NOT_FOUND':
        await endDeposit(
          tx,
          await updatePayment(tx, row.id, { details: { ...paymentDetails(current), declineCode: NOT_SUBMITTED } }),
          'FAILED',
          NOT_SUBMITTED_REASON,
        );
        return 'settled';
      case 'OPEN':
        if (!deposit && paymentDetails(current).answered === undefined)
          await updatePayment(tx, row.id, { details: { ...paymentDetails(current), answered: 'PENDING' } });
        return 'open';
      case 'SUCCEEDED':
        if (deposit) {
          // The card first, as in a webhook: the credit's money policies see the instrument.
          if (status.card) await keepDepositCard(tx, current, row.provider, status.card);
          const sourced = status.cryptoSource ? await keepCryptoSource(tx, current, status.cryptoSource) : current;
          await creditSuccessfulDeposit(tx, await keepFundingSource(tx, sourced, status.fundingSource), context.config);
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
  // A deposit the credit rule refused: the provider voids what it authorised.
  if (deposit && status.state === 'SUCCEEDED') await voidRefusedDeposit(db, provider, claimed.id, logger);
  return outcome;
}
