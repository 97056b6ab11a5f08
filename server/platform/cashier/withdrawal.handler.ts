import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromMinorUnits } from '../../../contracts/money';
import { processWithdrawalRequestSchema, processWithdrawalResponseSchema } from '../../../contracts/platform/cashier/withdrawal';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { getPlayerBalance, inTransaction } from '../wallet/ledger';
import { checkMethodRange, money } from './cashier-rules';
import { paymentErrors, readPaymentRequest } from './payment-request';
import { createReservedWithdrawal, failWithdrawal } from './payment-settlement';
import { findByRequest, findPlayerCard, lastBankAccount, lockPayment, paymentDetails, requestHash, settledRequest, updatePayment, type PaymentRow } from './payments.repository';
import type { PayoutOutcome } from './providers/payment-provider';

const overBalance = (cash: bigint, currency: string) =>
  new AppError('INSUFFICIENT_FUNDS', undefined, [{ field: 'amount', error: `The amount is more than your withdrawable balance of ${money(cash, currency)}` }]);

function withdrawalResponse(row: PaymentRow) {
  return {
    status: 'SUCCESS' as const,
    paymentId: row.id,
    paymentStatus: row.status === 'SUCCESS' ? ('SUCCESS' as const) : ('PENDING' as const),
    amount: fromMinorUnits(row.amount),
    currency: row.currency,
    continueUrl: paymentDetails(row).continueUrl ?? null,
  };
}

/**
 * Withdrawals (WDR-08…14). The payment row and the reserve of its amount from the cash balance
 * are written in one transaction (the ledger refuses a negative balance); the provider then pays
 * out and reports PAYOUT_PAID (settled) or PAYOUT_FAILED (the amount goes back to the player).
 * There is no operation to cancel a requested withdrawal (UK RTS 14B).
 *
 * Destinations: a stored card (card methods, WDR-11), the e-wallet e-mail (WDR-12), for
 * OMEGA_BANK the account of the player's latest successful bank deposit, for PAYMENTIQ_ALL the
 * destination the player picks in the provider's widget (continueUrl, WDR-09).
 */
export const withdrawalRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const provider = context.payments;
    const log = context.logger.child({ module: 'cashier' });

    app.post(
      '/processWithdrawal',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Requests a withdrawal (WDR-10): reserves the amount from the cash balance and asks the provider to pay it out',
          body: processWithdrawalRequestSchema,
          response: { 200: processWithdrawalResponseSchema, ...paymentErrors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const { player, method, range, amount } = await readPaymentRequest(context, request, reply, body, 'withdrawal');
        const hash = requestHash({ ...body, operation: 'WITHDRAWAL', amount: amount.toString(), currency: player.currency });

        const replay = async (found: PaymentRow) => {
          if (found.requestHash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'requestId', error: 'This request id was already used for a different request' }]);
          const row = await settledRequest(db, found, (current) => paymentDetails(current).destination !== undefined || current.status === 'FAILED' || current.status === 'SUCCESS');
          if (row.status === 'FAILED' && !paymentDetails(row).destination) throw new AppError('PAYMENT_DECLINED', row.failureReason ?? undefined);
          return withdrawalResponse(row);
        };
        const previous = await findByRequest(db, player.partyId, body.requestId);
        if (previous) return replay(previous);
        checkMethodRange(amount, range, player.currency, 'withdrawal');

        let cardToken: string | undefined;
        let storedCardId: string | null = null;
        let bankAccountId: string | undefined;
        let destination: string;
        if (method.kind === 'card') {
          const card = await findPlayerCard(db, player.partyId, body.storedCardId ?? '');
          if (!card || card.methodCode !== method.code) throw new AppError('STORED_CARD_NOT_FOUND', undefined, [{ field: 'storedCardId', error: 'The card is not stored for your account' }]);
          cardToken = card.providerToken;
          storedCardId = card.id;
          destination = `${card.brand} •••• ${card.lastFour}`;
        } else if (method.kind === 'bank-confirm') {
          bankAccountId = await lastBankAccount(db, player.partyId, method.code);
          if (!bankAccountId) {
            throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'Withdrawals by bank go to the account you deposited from: make a bank deposit first', [
              { field: 'paymentMethod', error: 'Make a bank deposit first: withdrawals go back to that account' },
            ]);
          }
          destination = `Account ending ${bankAccountId.slice(-4)}`;
        } else if (method.kind === 'e-wallet') {
          destination = body.payFromEmail ?? '';
        } else {
          destination = 'Chosen in the cashier';
        }

        const balance = await getPlayerBalance(db, player.partyId, player.currency);
        if (amount > balance.cash) throw overBalance(balance.cash, player.currency);

        let created: PaymentRow | undefined;
        try {
          created = await inTransaction(db, (tx) =>
            createReservedWithdrawal(tx, {
              playerId: player.partyId,
              requestId: body.requestId,
              requestHash: hash,
              methodCode: method.code,
              provider: provider.id,
              currency: player.currency,
              amount,
              type: 'WITHDRAWAL',
              storedCardId,
              payFromEmail: body.payFromEmail ?? null,
              details: { ...(bankAccountId ? { bankAccountId } : {}) },
            }),
          );
        } catch (error) {
          // The balance changed since it was read: the ledger refused to go below zero.
          if (error instanceof AppError && error.status === 'INSUFFICIENT_FUNDS') throw overBalance((await getPlayerBalance(db, player.partyId, player.currency)).cash, player.currency);
          throw error;
        }
        if (!created) {
          const again = await findByRequest(db, player.partyId, body.requestId);
          if (!again) throw new Error('a payment with this request id vanished');
          return replay(again);
        }
        const paymentId = created.id;

        let outcome: PayoutOutcome;
        try {
          outcome = await provider.payout({
            paymentId,
            customerReference: player.partyId,
            methodCode: method.code,
            currency: created.currency,
            amount,
            cardToken,
            email: body.payFromEmail ?? undefined,
            bankAccountId,
          });
        } catch (error) {
          log.error({ err: error, paymentId }, 'cashier: the payment provider failed a payout request');
          outcome = { status: 'DECLINED', providerReference: null, reason: 'The payment provider could not be reached' };
        }

        const recorded = await inTransaction(db, async (tx) => {
          const row = await lockPayment(tx, paymentId);
          if (!row) throw new Error(`payment ${paymentId} vanished`);
          if (outcome.status === 'DECLINED') {
            const updated = await updatePayment(tx, paymentId, { providerReference: row.providerReference ?? outcome.providerReference });
            return failWithdrawal(tx, updated, outcome.reason);
          }
          return updatePayment(tx, paymentId, {
            providerReference: row.providerReference ?? outcome.providerReference,
            details: { ...paymentDetails(row), destination, ...(outcome.continueUrl ? { continueUrl: outcome.continueUrl } : {}) },
          });
        });
        if (outcome.status === 'DECLINED') throw new AppError('PAYMENT_DECLINED', outcome.reason);
        return withdrawalResponse(recorded);
      },
    );
  };
