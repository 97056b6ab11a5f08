import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import {
  getPaymentStatusQuerySchema,
  getPaymentStatusResponseSchema,
  prepareDepositRequestSchema,
  prepareDepositResponseSchema,
  processDepositRequestSchema,
  processDepositResponseSchema,
  type DepositStatus,
  type PaymentStatus,
  type ProcessDepositRequest,
  type ProcessDepositResponse,
} from '../../../contracts/platform/cashier/deposit';
import type { PaymentMethodCode } from '../../../contracts/platform/cashier/payment-methods';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { inTransaction } from '../wallet/ledger';
import { requireCashierPlayer, type CashierPlayer } from './cashier-access';
import { checkMethodRange, checkPersonalLimits, depositHeadroom, minorAmount, requireMethod, requireRange } from './cashier-rules';
import type { PaymentMethod } from './payment-methods';
import { paymentErrors, readPaymentRequest } from './payment-request';
import { creditSuccessfulDeposit, endDeposit } from './payment-settlement';
import {
  findByRequest,
  findPlayerCard,
  findPlayerPayment,
  insertPayment,
  isTerminal,
  lockPayment,
  paymentDetails,
  requestHash,
  settledRequest,
  updatePayment,
  type PaymentDetails,
  type PaymentRow,
} from './payments.repository';
import type { DepositOutcome } from './providers/payment-provider';

const PROVIDER_UNAVAILABLE = 'PROVIDER_UNAVAILABLE';

const messages: Partial<Record<DepositStatus, string>> = {
  PENDING: 'The payment provider is confirming your deposit.',
  AWAITING_PAYMENT: 'Send the amount shown to the address to complete your deposit.',
};

function depositResponse(row: PaymentRow, status: DepositStatus): ProcessDepositResponse {
  const details = paymentDetails(row);
  const crypto = details.crypto;
  return {
    status,
    paymentId: row.id,
    amount: fromMinorUnits(row.amount),
    currency: row.currency,
    continueUrl: status === 'CONTINUE_TO_PAYMENT_SITE' ? (details.continueUrl ?? null) : null,
    data:
      status === 'AWAITING_PAYMENT' && crypto
        ? { address: crypto.address, amount: fromMinorUnits(BigInt(crypto.amount), 3), currency: crypto.currency, rate: fromMinorUnits(BigInt(crypto.rate)), paymentUri: crypto.paymentUri }
        : null,
    bonusPlanName: null,
    message: messages[status] ?? null,
  };
}

/** The error a refused deposit answers with, also when the same request is sent again. */
function refusal(row: PaymentRow): AppError {
  const details = paymentDetails(row);
  if (details.declineCode === 'QUOTE_EXPIRED') return new AppError('QUOTE_EXPIRED', undefined, [{ field: 'quoteId', error: 'The quote has expired. Please request a new one.' }]);
  if (details.declineCode === PROVIDER_UNAVAILABLE) return new AppError('SERVICE_UNAVAILABLE', 'The payment provider could not be reached. Please try again later.');
  return new AppError('PAYMENT_DECLINED', row.failureReason ?? undefined);
}

/** A retried request gets the first answer again; the same requestId with another body is refused. */
async function replay(db: Db, found: PaymentRow, hash: string): Promise<ProcessDepositResponse> {
  if (found.requestHash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'requestId', error: 'This request id was already used for a different request' }]);
  const row = await settledRequest(db, found, (current) => paymentDetails(current).answered !== undefined || isTerminal(current.status));
  const answered = paymentDetails(row).answered;
  if (!answered && isTerminal(row.status) && row.status !== 'SUCCESS') throw refusal(row);
  return depositResponse(row, answered ?? 'PENDING');
}

const alreadyStarted = () => new AppError('BAD_REQUEST', 'This payment has already been started', [{ field: 'paymentId', error: 'This payment has already been started' }]);

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** DEP-23: a bonus or voucher is taken only when it is eligible; until the bonus engine none is. */
function checkBonusChoice(body: ProcessDepositRequest): void {
  if (body.requestedBonusPlanId) throw new AppError('VALIDATION_ERROR', 'requestedBonusPlanId: This bonus is not available with this deposit', [{ field: 'requestedBonusPlanId', error: 'This bonus is not available with this deposit' }]);
  if (body.voucherCode) throw new AppError('VALIDATION_ERROR', 'voucherCode: Could not find a bonus for the code provided', [{ field: 'voucherCode', error: 'Could not find a bonus for the code provided' }]);
}

/**
 * Deposits (spec 001 §4, DEP-14, DEP-25…52). A deposit is a `payment` row written with the limit
 * check in one transaction, then the provider's answer: SUCCESS credits the ledger at once;
 * CONTINUE_TO_PAYMENT_SITE, AWAITING_PAYMENT and PENDING wait for the provider's webhook. The
 * provider is never called inside a database transaction.
 */
export const depositRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const provider = context.payments;
    const registry = context.paymentMethods;
    const log = context.logger.child({ module: 'cashier' });

    /** Calls the provider; when it cannot be reached the payment fails and the player is told to retry. */
    async function callProvider<T>(row: PaymentRow, call: () => Promise<T>): Promise<T> {
      try {
        return await call();
      } catch (error) {
        log.error({ err: error, paymentId: row.id }, 'cashier: the payment provider failed');
        await inTransaction(db, async (tx) => {
          const locked = await lockPayment(tx, row.id);
          if (!locked || isTerminal(locked.status)) return;
          const failed = await updatePayment(tx, row.id, { details: { ...paymentDetails(locked), declineCode: PROVIDER_UNAVAILABLE } });
          await endDeposit(tx, failed, 'FAILED', 'The payment provider could not be reached');
        });
        throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider could not be reached. Please try again later.');
      }
    }

    /** Records the provider's first answer on the payment; success credits in the same transaction. */
    function recordOutcome(paymentId: string, outcome: DepositOutcome): Promise<PaymentRow> {
      return inTransaction(db, async (tx) => {
        const row = await lockPayment(tx, paymentId);
        if (!row) throw new Error(`payment ${paymentId} vanished`);
        const details: PaymentDetails = { ...paymentDetails(row) };
        const providerReference = row.providerReference ?? outcome.providerReference ?? null;
        if (outcome.status === 'DECLINED') {
          details.declineCode = outcome.code;
          const updated = await updatePayment(tx, row.id, { providerReference, details });
          return endDeposit(tx, updated, 'DECLINED', outcome.reason);
        }
        details.answered = outcome.status;
        if (outcome.status === 'CONTINUE_TO_PAYMENT_SITE') details.continueUrl = outcome.continueUrl;
        if (outcome.status === 'AWAITING_PAYMENT') {
          const { crypto } = outcome;
          details.crypto = {
            quoteId: details.crypto?.quoteId ?? '',
            address: crypto.address,
            amount: crypto.amount.toString(),
            currency: crypto.currency,
            rate: crypto.rate.toString(),
            paymentUri: crypto.paymentUri,
          };
        }
        const status = isTerminal(row.status) ? row.status : outcome.status === 'AWAITING_PAYMENT' ? 'AWAITING_PAYMENT' : 'PENDING';
        const updated = await updatePayment(tx, row.id, { providerReference, details, status });
        return outcome.status === 'SUCCESS' ? creditSuccessfulDeposit(tx, updated) : updated;
      });
    }

    async function finish(row: PaymentRow, outcome: DepositOutcome): Promise<ProcessDepositResponse> {
      const recorded = await recordOutcome(row.id, outcome);
      if (outcome.status === 'DECLINED') throw refusal(recorded);
      return depositResponse(recorded, outcome.status);
    }

    async function processCrypto(player: CashierPlayer, method: PaymentMethod, body: ProcessDepositRequest, amount: bigint, hash: string): Promise<ProcessDepositResponse> {
      const row = await findPlayerPayment(db, player.partyId, body.paymentId ?? '');
      if (!row || row.type !== 'DEPOSIT' || row.methodCode !== method.code) throw new AppError('PAYMENT_NOT_FOUND', undefined, [{ field: 'paymentId', error: 'No quote with this payment id' }]);
      if (row.status !== 'CREATED') {
        // A double click: the first request has just claimed the quote.
        if (row.requestId === body.requestId) return replay(db, row, hash);
        throw alreadyStarted();
      }
      if (row.amount !== amount || row.currency !== player.currency) throw new AppError('VALIDATION_ERROR', 'amount: The amount must be the quoted amount', [{ field: 'amount', error: 'The amount must be the quoted amount' }]);
      const quote = paymentDetails(row).quotes?.find((candidate) => candidate.id === body.quoteId);
      if (!quote) throw new AppError('VALIDATION_ERROR', 'quoteId: Unknown quote', [{ field: 'quoteId', error: 'Unknown quote' }]);
      if (Date.parse(quote.expiresAt) <= Date.now()) throw new AppError('QUOTE_EXPIRED', undefined, [{ field: 'quoteId', error: 'The quote has expired. Please request a new one.' }]);
      let claimed: PaymentRow | undefined;
      try {
        claimed = await inTransaction(db, async (tx) => {
          checkPersonalLimits(amount, await depositHeadroom(tx, player.partyId, player.currency, new Date(), true), player.currency);
          const locked = await lockPayment(tx, row.id);
          if (!locked || locked.status !== 'CREATED') return undefined;
          const details: PaymentDetails = { ...paymentDetails(locked), crypto: { quoteId: quote.id, address: '', amount: quote.amount, currency: quote.currency, rate: quote.rate, paymentUri: '' } };
          return updatePayment(tx, row.id, { requestId: body.requestId, requestHash: hash, status: 'PENDING', details });
        });
      } catch (error) {
        // The request id was taken meanwhile by another request of the player.
        if (!isUniqueViolation(error)) throw error;
      }
      if (!claimed) {
        const again = await findByRequest(db, player.partyId, body.requestId);
        if (again) return replay(db, again, hash);
        throw alreadyStarted();
      }
      const outcome = await callProvider(claimed, () =>
        provider.startDeposit({
          paymentId: claimed.id,
          customerReference: player.partyId,
          methodCode: method.code,
          currency: claimed.currency,
          amount: claimed.amount,
          language: player.language,
          quote: { providerReference: claimed.providerReference ?? '', quoteId: quote.id },
        }),
      );
      return finish(claimed, outcome);
    }

    app.post(
      '/processDeposit',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Starts or completes a deposit (DEP-25, DEP-26): SUCCESS, CONTINUE_TO_PAYMENT_SITE, AWAITING_PAYMENT or PENDING; refusals are error answers',
          body: processDepositRequestSchema,
          response: { 200: processDepositResponseSchema, ...paymentErrors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const { player, method, range, amount } = await readPaymentRequest(context, request, reply, body, 'deposit');
        const accountId = body.accountId ? body.accountId.replace(/\s+/g, '').toUpperCase() : undefined;
        const hash = requestHash({ ...body, operation: 'DEPOSIT', amount: amount.toString(), currency: player.currency, accountId });

        const previous = await findByRequest(db, player.partyId, body.requestId);
        if (previous) return replay(db, previous, hash);
        checkMethodRange(amount, range, player.currency, 'deposit');
        checkBonusChoice(body);
        if (method.kind === 'crypto') return processCrypto(player, method, body, amount, hash);

        const card = body.storedCardId ? await findPlayerCard(db, player.partyId, body.storedCardId) : undefined;
        if (body.storedCardId && (!card || card.methodCode !== method.code)) {
          throw new AppError('STORED_CARD_NOT_FOUND', undefined, [{ field: 'storedCardId', error: 'The card is not stored for your account' }]);
        }
        const created = await inTransaction(db, async (tx) => {
          checkPersonalLimits(amount, await depositHeadroom(tx, player.partyId, player.currency, new Date(), true), player.currency);
          return insertPayment(tx, {
            playerId: player.partyId,
            requestId: body.requestId,
            requestHash: hash,
            type: 'DEPOSIT',
            methodCode: method.code,
            provider: provider.id,
            currency: player.currency,
            amount,
            status: 'PENDING',
            storedCardId: card?.id ?? null,
            payFromEmail: body.payFromEmail ?? null,
            details: accountId ? { bankAccountId: accountId } : {},
          });
        });
        if (!created) {
          const again = await findByRequest(db, player.partyId, body.requestId);
          if (!again) throw new Error('a payment with this request id vanished');
          return replay(db, again, hash);
        }
        const outcome = await callProvider(created, () =>
          provider.startDeposit({
            paymentId: created.id,
            customerReference: player.partyId,
            methodCode: method.code,
            currency: created.currency,
            amount,
            language: player.language,
            cardToken: card?.providerToken,
            payFromEmail: body.payFromEmail ?? undefined,
            bankAccount: accountId && body.secureId ? { accountId, secureId: body.secureId } : undefined,
          }),
        );
        return finish(created, outcome);
      },
    );

    app.post(
      '/prepareDeposit',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Crypto quotes for a deposit amount (DEP-41, DEP-42): a paymentId and one quote per coin, each valid for 15 minutes',
          body: prepareDepositRequestSchema,
          response: { 200: prepareDepositResponseSchema, ...paymentErrors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const body = request.body;
        const method = requireMethod(registry, body.paymentMethod, 'deposit');
        if (method.kind !== 'crypto') throw new AppError('VALIDATION_ERROR', 'paymentMethod: GET_QUOTE is for crypto methods', [{ field: 'paymentMethod', error: 'GET_QUOTE is for crypto methods' }]);
        const range = requireRange(method, player.currency, 'deposit');
        const amount = minorAmount(body.amount);
        checkMethodRange(amount, range, player.currency, 'deposit');
        checkPersonalLimits(amount, await depositHeadroom(db, player.partyId, player.currency), player.currency);
        const row = await insertPayment(db, {
          playerId: player.partyId,
          requestId: `prepare:${randomUUID()}`,
          requestHash: requestHash({ ...body, operation: 'QUOTE', amount: amount.toString(), currency: player.currency }),
          type: 'DEPOSIT',
          methodCode: method.code,
          provider: provider.id,
          currency: player.currency,
          amount,
          status: 'CREATED',
        });
        if (!row) throw new Error('quote payment not stored');
        const result = await callProvider(row, () => provider.quote({ paymentId: row.id, customerReference: player.partyId, currency: row.currency, amount }));
        const quotes = result.quotes.map((quote) => ({ id: quote.id, currency: quote.currency, rate: quote.rate.toString(), amount: quote.amount.toString(), expiresAt: quote.expiresAt.toISOString() }));
        await updatePayment(db, row.id, { providerReference: result.providerReference, details: { quotes } });
        return {
          status: 'SUCCESS' as const,
          paymentId: row.id,
          quotes: result.quotes.map((quote) => ({
            id: quote.id,
            rate: fromMinorUnits(quote.rate),
            currency: quote.currency,
            amount: fromMinorUnits(quote.amount, 3),
            expiresAt: quote.expiresAt.toISOString(),
          })),
        };
      },
    );

    app.get(
      '/getPaymentStatus',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Where a deposit or withdrawal the player started has got to (polled while a provider confirms)',
          querystring: getPaymentStatusQuerySchema,
          response: { 200: getPaymentStatusResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: false });
        const row = await findPlayerPayment(db, player.partyId, request.query.paymentId);
        if (!row) throw new AppError('PAYMENT_NOT_FOUND', undefined, [{ field: 'paymentId', error: 'No payment with this id' }]);
        return paymentStatusResponse(row);
      },
    );
  };

export function paymentStatusResponse(row: PaymentRow) {
  return {
    status: 'SUCCESS' as const,
    paymentId: row.id,
    type: row.type,
    paymentStatus: row.status as PaymentStatus,
    paymentMethod: row.methodCode as PaymentMethodCode,
    amount: fromMinorUnits(row.amount),
    currency: row.currency,
    bonusPlanName: null,
    message: row.failureReason,
  };
}
