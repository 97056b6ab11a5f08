import { pendingBonusPlanName, reserveDepositChoice } from '../bonuses';
import { randomUUID } from 'node:crypto';
import { fromMinorUnits } from '../../../contracts/money';
import type { DepositStatus, PaymentStatus, ProcessDepositRequest, ProcessDepositResponse } from '../../../contracts/platform/cashier/deposit';
import type { PaymentMethodCode } from '../../../contracts/platform/cashier/payment-methods';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { depositsTotal } from '../../metrics/metrics';
import type { ServiceContext } from '../../service-context';
import { inTransaction } from '../../db/transaction';
import { checkMethodFields, checkMethodRange, minorAmount, requireMethod, requireRange } from './cashier-rules';
import { replayIfSeen, replayRequest, replayWinner, type ReplayRule } from './idempotent-replay';
import type { AmountRange, PaymentMethod } from './payment-methods';
import { creditSuccessfulDeposit, endDeposit } from './payment-settlement';
import type { CreditFundingConfig } from './credit-funding';
import {
  findByRequest,
  findPlayerCard,
  findPlayerPayment,
  insertPayment,
  isTerminal,
  lockPayment,
  paymentDetails,
  playerFacingStatus,
  requestHash,
  updatePayment,
  type PaymentDetails,
  type PaymentRow,
} from './payments.repository';
import { requireProvider, type DepositOutcome, type DepositRequest } from '../../providers/payment-provider';

/**
 * Deposits as services (spec 001 §4, DEP-14, DEP-25…52), callable without HTTP: a route, a job
 * or a back-office action passes the player and the request and gets the contract's answer (or
 * an AppError). A deposit is a `payment` row written with the limit check in one transaction,
 * then the provider's answer: SUCCESS credits the ledger at once; CONTINUE_TO_PAYMENT_SITE,
 * AWAITING_PAYMENT and PENDING wait for the provider's webhook, or for the reconciler
 * (reconcile.service.ts) when that is lost. The provider is never called inside a database
 * transaction.
 */

/** Who a cashier operation is for: the player, the currency they act in and their language. */
export interface CashierCustomer {
  partyId: string;
  currency: string;
  language: string;
}

/** Kept on a payment whose provider call failed: the player was told to try again later. */
export const PROVIDER_UNAVAILABLE = 'PROVIDER_UNAVAILABLE';
/** The reconciler found that the deposit never reached the provider: nothing was taken. */
export const NOT_SUBMITTED = 'NOT_SUBMITTED';
export const NOT_SUBMITTED_REASON = 'Your deposit did not go through and nothing was taken from your account. Please try again.';

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
        ? {
            address: crypto.address,
            amount: fromMinorUnits(BigInt(crypto.amount), 3),
            currency: crypto.currency,
            rate: fromMinorUnits(BigInt(crypto.rate)),
            paymentUri: crypto.paymentUri,
          }
        : null,
    bonusPlanName: null,
    message: messages[status] ?? null,
  };
}

const providerUnavailable = () => new AppError('SERVICE_UNAVAILABLE', 'The payment provider could not be reached. Please try again later.');

/** The error a refused deposit answers with, also when the same request is sent again. */
function refusal(row: PaymentRow): AppError {
  const details = paymentDetails(row);
  if (details.declineCode === 'QUOTE_EXPIRED')
    return new AppError('QUOTE_EXPIRED', undefined, [{ field: 'quoteId', error: 'The quote has expired. Please request a new one.' }]);
  if (details.declineCode === PROVIDER_UNAVAILABLE) return providerUnavailable();
  if (details.declineCode === NOT_SUBMITTED) return new AppError('PAYMENT_NOT_COMPLETED', NOT_SUBMITTED_REASON);
  return new AppError('PAYMENT_DECLINED', row.failureReason ?? undefined);
}

/** How a retried deposit request is answered: the first answer again. */
const depositReplay: ReplayRule<ProcessDepositResponse> = {
  answered: (row) => paymentDetails(row).answered !== undefined || isTerminal(row.status) || paymentDetails(row).declineCode === PROVIDER_UNAVAILABLE,
  answer: (row) => {
    const details = paymentDetails(row);
    if (!details.answered && row.status !== 'SUCCESS' && (isTerminal(row.status) || details.declineCode === PROVIDER_UNAVAILABLE)) throw refusal(row);
    return depositResponse(row, details.answered ?? 'PENDING');
  },
};

const alreadyStarted = () =>
  new AppError('PAYMENT_ALREADY_STARTED', 'This payment has already been started', [{ field: 'paymentId', error: 'This payment has already been started' }]);

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** DEP-23 for crypto deposits: no bonus or voucher is taken with them in this slice of the bonus engine. */
function checkBonusChoice(body: ProcessDepositRequest): void {
  if (body.requestedBonusPlanId)
    throw new AppError('VALIDATION_ERROR', 'requestedBonusPlanId: This bonus is not available with this deposit', [
      { field: 'requestedBonusPlanId', error: 'This bonus is not available with this deposit' },
    ]);
  if (body.voucherCode)
    throw new AppError('VALIDATION_ERROR', 'voucherCode: Could not find a bonus for the code provided', [
      { field: 'voucherCode', error: 'Could not find a bonus for the code provided' },
    ]);
}

/**
 * Calls the provider. When it cannot be reached the player is told to retry, and the payment
 * stays open: the provider may have taken it before the connection broke, so the reconciler
 * asks the provider later and settles it either way (a quote, which takes no money, just fails).
 */
async function callProvider<T>(context: ServiceContext, row: PaymentRow, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    context.logger.error({ module: 'cashier', err: error, paymentId: row.id }, 'cashier: the payment provider failed');
    await inTransaction(context.database.db, async (tx) => {
      const locked = await lockPayment(tx, row.id);
      if (!locked || isTerminal(locked.status)) return;
      const marked = await updatePayment(tx, row.id, { details: { ...paymentDetails(locked), declineCode: PROVIDER_UNAVAILABLE } });
      if (marked.status === 'CREATED') await endDeposit(tx, marked, 'FAILED', 'The payment provider could not be reached');
    });
    throw providerUnavailable();
  }
}

/**
 * Records the provider's answer on the payment; success credits in the same transaction. Also
 * used by the reconciler; a payment already ended is never moved again.
 */
export function recordDepositOutcome(db: Db, paymentId: string, outcome: DepositOutcome, config: CreditFundingConfig): Promise<PaymentRow> {
  return inTransaction(db, async (tx) => {
    const row = await lockPayment(tx, paymentId);
    if (!row) throw new Error(`payment ${paymentId} vanished`);
    const details: PaymentDetails = { ...paymentDetails(row) };
    delete details.declineCode;
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
    return outcome.status === 'SUCCESS' ? creditSuccessfulDeposit(tx, updated, config) : updated;
  });
}

async function finish(context: ServiceContext, row: PaymentRow, outcome: DepositOutcome): Promise<ProcessDepositResponse> {
  const recorded = await recordDepositOutcome(context.database.db, row.id, outcome, context.config);
  if (outcome.status === 'DECLINED') throw refusal(recorded);
  return depositResponse(recorded, outcome.status);
}

/**
 * The replay rule of one deposit request: the first answer again; when the first request died
 * between the provider and recording its answer, the provider is asked again under the same
 * payment id (it answers the deposit it already has) and that answer is recorded.
 */
function depositReplayFor(context: ServiceContext, start: (row: PaymentRow) => DepositRequest): ReplayRule<ProcessDepositResponse> {
  return {
    ...depositReplay,
    resume: async (row) => {
      if (row.status !== 'PENDING') return depositReplay.answer(row);
      // The provider the payment started with, whatever the routing says now.
      const outcome = await callProvider(context, row, () => requireProvider(context.payments, row.provider).startDeposit(start(row)));
      return finish(context, row, outcome);
    },
  };
}

/** What the provider is asked to start for a deposit row, whatever the method adds to it. */
function depositRequestOf(row: PaymentRow, player: CashierCustomer, method: PaymentMethod): DepositRequest {
  return {
    paymentId: row.id,
    customerReference: player.partyId,
    methodCode: method.code,
    currency: row.currency,
    amount: row.amount,
    language: player.language,
  };
}

async function processCrypto(
  context: ServiceContext,
  player: CashierCustomer,
  method: PaymentMethod,
  body: ProcessDepositRequest,
  amount: bigint,
  hash: string,
  range: AmountRange,
): Promise<ProcessDepositResponse> {
  const { db } = context.database;
  const start = (row: PaymentRow): DepositRequest => ({
    ...depositRequestOf(row, player, method),
    quote: { providerReference: row.providerReference ?? '', quoteId: paymentDetails(row).crypto?.quoteId ?? body.quoteId ?? '' },
  });
  const replayRule = depositReplayFor(context, start);
  const seen = await replayIfSeen(db, player.partyId, body.requestId, hash, replayRule);
  if (seen) return seen.answer;
  checkMethodRange(amount, range, player.currency, 'deposit');
  checkBonusChoice(body);
  const row = await findPlayerPayment(db, player.partyId, body.paymentId ?? '');
  if (!row || row.type !== 'DEPOSIT' || row.methodCode !== method.code)
    throw new AppError('PAYMENT_NOT_FOUND', undefined, [{ field: 'paymentId', error: 'No quote with this payment id' }]);
  if (row.status !== 'CREATED') {
    // A double click: the first request has just claimed the quote.
    if (row.requestId === body.requestId) return replayRequest(db, row, hash, replayRule);
    throw alreadyStarted();
  }
  if (row.amount !== amount || row.currency !== player.currency)
    throw new AppError('VALIDATION_ERROR', 'amount: The amount must be the quoted amount', [
      { field: 'amount', error: 'The amount must be the quoted amount' },
    ]);
  const quote = paymentDetails(row).quotes?.find((candidate) => candidate.id === body.quoteId);
  if (!quote) throw new AppError('VALIDATION_ERROR', 'quoteId: Unknown quote', [{ field: 'quoteId', error: 'Unknown quote' }]);
  if (Date.parse(quote.expiresAt) <= Date.now())
    throw new AppError('QUOTE_EXPIRED', undefined, [{ field: 'quoteId', error: 'The quote has expired. Please request a new one.' }]);
  let claimed: PaymentRow | undefined;
  try {
    claimed = await inTransaction(db, async (tx) => {
      await context.limits.checkDepositLimits(tx, { playerId: player.partyId, currency: player.currency, amount });
      const locked = await lockPayment(tx, row.id);
      if (!locked || locked.status !== 'CREATED') return undefined;
      const details: PaymentDetails = {
        ...paymentDetails(locked),
        crypto: { quoteId: quote.id, address: '', amount: quote.amount, currency: quote.currency, rate: quote.rate, paymentUri: '' },
      };
      return updatePayment(tx, row.id, { requestId: body.requestId, requestHash: hash, status: 'PENDING', details });
    });
  } catch (error) {
    // The request id was taken meanwhile by another request of the player.
    if (!isUniqueViolation(error)) throw error;
  }
  if (!claimed) {
    const again = await findByRequest(db, player.partyId, body.requestId);
    if (again) return replayRequest(db, again, hash, replayRule);
    throw alreadyStarted();
  }
  const outcome = await callProvider(context, claimed, () => requireProvider(context.payments, claimed.provider).startDeposit(start(claimed)));
  return finish(context, claimed, outcome);
}

/**
 * processDeposit: checks the method, its fields and range, the personal limits and the bonus
 * choice, records the payment and asks the provider. The same requestId with the same body
 * answers the first answer again; with another body IDEMPOTENCY_CONFLICT.
 */
export async function processDeposit(context: ServiceContext, player: CashierCustomer, body: ProcessDepositRequest): Promise<ProcessDepositResponse> {
  const answered = await answerDeposit(context, player, body);
  // DEP-28: the bonus plan taken with this deposit (issue 14), also on a replayed answer.
  const answer = { ...answered, bonusPlanName: await pendingBonusPlanName(context.database.db, answered.paymentId) };
  // The operations metrics: deposits by the status answered (refusals are counted by the error handler).
  depositsTotal.inc({ method: body.paymentMethod, currency: player.currency, status: answer.status });
  return answer;
}

async function answerDeposit(context: ServiceContext, player: CashierCustomer, body: ProcessDepositRequest): Promise<ProcessDepositResponse> {
  const { db } = context.database;
  const method = requireMethod(context.paymentMethods, body.paymentMethod, 'deposit');
  checkMethodFields(method, 'deposit', body);
  const range = requireRange(method, player.currency, 'deposit');
  const amount = minorAmount(body.amount);
  const accountId = body.accountId ? body.accountId.replace(/\s+/g, '').toUpperCase() : undefined;
  const hash = requestHash({ ...body, operation: 'DEPOSIT', amount: amount.toString(), currency: player.currency, accountId });

  if (method.kind === 'crypto') return processCrypto(context, player, method, body, amount, hash, range);

  // Only a card the player saved may be charged again; a card only paid with is kept for withdrawals to it.
  const found = body.storedCardId ? await findPlayerCard(db, player.partyId, body.storedCardId) : undefined;
  const card = found?.reusable ? found : undefined;
  const start = (row: PaymentRow): DepositRequest => ({
    ...depositRequestOf(row, player, method),
    cardToken: card?.providerToken,
    payFromEmail: body.payFromEmail ?? undefined,
    bankAccount: accountId && body.secureId ? { accountId, secureId: body.secureId } : undefined,
  });
  const replayRule = depositReplayFor(context, start);
  const seen = await replayIfSeen(db, player.partyId, body.requestId, hash, replayRule);
  if (seen) return seen.answer;
  checkMethodRange(amount, range, player.currency, 'deposit');
  if (body.storedCardId && (!card || card.methodCode !== method.code)) {
    throw new AppError('STORED_CARD_NOT_FOUND', undefined, [{ field: 'storedCardId', error: 'The card is not stored for your account' }]);
  }
  const created = await inTransaction(db, async (tx) => {
    await context.limits.checkDepositLimits(tx, { playerId: player.partyId, currency: player.currency, amount });
    const row = await insertPayment(tx, {
      playerId: player.partyId,
      requestId: body.requestId,
      requestHash: hash,
      type: 'DEPOSIT',
      methodCode: method.code,
      // A stored card is charged where it is vaulted; otherwise the method's provider now (PAYMENT_ROUTING).
      provider: card?.provider ?? method.provider,
      currency: player.currency,
      amount,
      status: 'PENDING',
      storedCardId: card?.id ?? null,
      payFromEmail: body.payFromEmail ?? null,
      details: accountId ? { bankAccountId: accountId } : {},
    });
    // Issue 14: the chosen bonus or voucher waits (PENDING) for this payment's credit, or refuses the deposit.
    if (row)
      await reserveDepositChoice(
        tx,
        context.inducements,
        { playerId: player.partyId, currency: player.currency, amount, paymentMethod: method.code },
        row.id,
        body,
      );
    return row;
  });
  if (!created) return replayWinner(db, player.partyId, body.requestId, hash, replayRule);
  const outcome = await callProvider(context, created, () => requireProvider(context.payments, created.provider).startDeposit(start(created)));
  return finish(context, created, outcome);
}

/** prepareDeposit (DEP-41, DEP-42): crypto quotes for an amount, one per coin, under a new payment id. */
export async function prepareDeposit(context: ServiceContext, player: CashierCustomer, body: { paymentMethod: string; amount: number }) {
  const { db } = context.database;
  const method = requireMethod(context.paymentMethods, body.paymentMethod, 'deposit');
  if (method.kind !== 'crypto')
    throw new AppError('VALIDATION_ERROR', 'paymentMethod: GET_QUOTE is for crypto methods', [
      { field: 'paymentMethod', error: 'GET_QUOTE is for crypto methods' },
    ]);
  const range = requireRange(method, player.currency, 'deposit');
  const amount = minorAmount(body.amount);
  checkMethodRange(amount, range, player.currency, 'deposit');
  await context.limits.checkDepositLimits(db, { playerId: player.partyId, currency: player.currency, amount });
  const row = await insertPayment(db, {
    playerId: player.partyId,
    requestId: `prepare:${randomUUID()}`,
    requestHash: requestHash({ ...body, operation: 'QUOTE', amount: amount.toString(), currency: player.currency }),
    type: 'DEPOSIT',
    methodCode: method.code,
    provider: method.provider,
    currency: player.currency,
    amount,
    status: 'CREATED',
  });
  if (!row) throw new Error('quote payment not stored');
  const result = await callProvider(context, row, () =>
    requireProvider(context.payments, row.provider).quote({ paymentId: row.id, customerReference: player.partyId, currency: row.currency, amount }),
  );
  const quotes = result.quotes.map((quote) => ({
    id: quote.id,
    currency: quote.currency,
    rate: quote.rate.toString(),
    amount: quote.amount.toString(),
    expiresAt: quote.expiresAt.toISOString(),
  }));
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
}

export function paymentStatusResponse(row: PaymentRow) {
  return {
    status: 'SUCCESS' as const,
    paymentId: row.id,
    type: row.type,
    paymentStatus: playerFacingStatus(row.status) as PaymentStatus,
    paymentMethod: row.methodCode as PaymentMethodCode,
    amount: fromMinorUnits(row.amount),
    currency: row.currency,
    bonusPlanName: null,
    message: row.failureReason,
    failureCode: row.type === 'DEPOSIT' && (row.status === 'DECLINED' || row.status === 'FAILED') ? (paymentDetails(row).declineCode ?? null) : null,
  };
}

/** getPaymentStatus: where one of the player's payments has got to; another player's id is PAYMENT_NOT_FOUND. */
export async function getPaymentStatus(context: ServiceContext, playerId: string, paymentId: string) {
  const row = await findPlayerPayment(context.database.db, playerId, paymentId);
  if (!row) throw new AppError('PAYMENT_NOT_FOUND', undefined, [{ field: 'paymentId', error: 'No payment with this id' }]);
  return { ...paymentStatusResponse(row), bonusPlanName: row.type === 'DEPOSIT' ? await pendingBonusPlanName(context.database.db, row.id) : null };
}
