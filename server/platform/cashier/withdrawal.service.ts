import { fromMinorUnits } from '../../../contracts/money';
import type { ProcessWithdrawalRequest } from '../../../contracts/platform/cashier/withdrawal';
import type { PaymentMethodCode } from '../../../contracts/platform/cashier/payment-methods';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { withdrawalsTotal } from '../../metrics/metrics';
import type { ServiceContext } from '../../service-context';
import { inTransaction } from '../../db/transaction';
import { getPlayerBalance } from '../wallet';
import { checkMethodFields, checkMethodRange, minorAmount, money, paybackRange, requireMethod, requireRange } from './cashier-rules';
import type { CashierCustomer } from './deposit.service';
import { replayIfSeen, replayWinner, type ReplayRule } from './idempotent-replay';
import { createReservedWithdrawal, failWithdrawal } from './payment-settlement';
import type { PaymentMethod } from './payment-methods';
import {
  depositedFromCard,
  HELD,
  depositedFromEwallet,
  findPlayerCard,
  findPlayerPayment,
  isTerminal,
  lastBankAccount,
  lockPayment,
  paymentDetails,
  requestHash,
  updatePayment,
  type PaymentDetails,
  type PaymentRow,
} from './payments.repository';
import { requireProvider, type PayoutOutcome } from '../../providers/payment-provider';

/**
 * Withdrawals as a service (WDR-08…14), callable without HTTP. The payment row and the reserve
 * of its amount from the cash balance are written in one transaction (the ledger refuses a
 * negative balance); the provider then pays out, once per payment id, and reports PAYOUT_PAID
 * (settled) or PAYOUT_FAILED (the amount goes back to the player). A payout whose answer was
 * lost stays PENDING and the reconciler asks the provider (or sends it again: the provider pays
 * a payment id once). There is no operation to cancel a requested withdrawal (UK RTS 14B).
 *
 * Closed loop (issue 11, defect 4): money goes back only to an instrument the player has
 * deposited from successfully: a card a successful deposit was paid with, saved or not, or the
 * same card entered again (the provider's fingerprint; WDR-11, issue 26 defect 8), the e-wallet
 * account (method and e-mail) of a successful deposit (WDR-12), for OMEGA_BANK the account of the
 * latest successful bank deposit. PAYMENTIQ_ALL pays to the destination the player picks in the
 * provider's widget (continueUrl, WDR-09). Players do not withdraw by crypto; the cashier itself
 * sends a crypto deposit's money back to the address its coins came from when a self-exclusion
 * returns the cash (`processCryptoPayback`, issue 26 item 4).
 */

const overBalance = (cash: bigint, currency: string) =>
  new AppError('INSUFFICIENT_FUNDS', undefined, [{ field: 'amount', error: `The amount is more than your withdrawable balance of ${money(cash, currency)}` }]);

const notDepositedFrom = (field: string, error: string) => new AppError('WITHDRAWAL_DESTINATION_NOT_ALLOWED', error, [{ field, error }]);

export function withdrawalResponse(row: PaymentRow) {
  return {
    status: 'SUCCESS' as const,
    paymentId: row.id,
    paymentStatus: row.status === 'SUCCESS' ? ('SUCCESS' as const) : ('PENDING' as const),
    underReview: row.status === HELD,
    amount: fromMinorUnits(row.amount),
    currency: row.currency,
    continueUrl: paymentDetails(row).continueUrl ?? null,
  };
}

/** How a retried withdrawal request is answered: the first answer again, or the same refusal. */
const withdrawalReplay: ReplayRule<ReturnType<typeof withdrawalResponse>> = {
  answered: (row) => paymentDetails(row).answered !== undefined || isTerminal(row.status),
  answer: (row) => {
    if (row.status === 'FAILED' && paymentDetails(row).answered === undefined) throw new AppError('PAYMENT_DECLINED', row.failureReason ?? undefined);
    return withdrawalResponse(row);
  },
};

/** Where a withdrawal is paid: the provider's fields and the label the player sees. */
interface Destination {
  storedCardId: string | null;
  cardToken?: string | undefined;
  bankAccountId?: string | undefined;
  email?: string | undefined;
  /** Crypto paybacks: the coin and address, and the deposit whose coins came from there. */
  crypto?: { coin: string; address: string; depositId: string } | undefined;
  /** The provider that holds the destination (the card's vault, the provider the coins came through); else the method's provider now. */
  provider?: string | undefined;
  label: string;
}

async function closedLoopDestination(db: Db, playerId: string, method: { code: string; kind: string }, body: ProcessWithdrawalRequest): Promise<Destination> {
  if (method.kind === 'card') {
    // A deleted card is still found: deleting stops deposits from it, but money deposited from it goes home to it.
    const card = await findPlayerCard(db, playerId, body.storedCardId ?? '', { includeDeleted: true });
    if (!card || card.methodCode !== method.code)
      throw new AppError('STORED_CARD_NOT_FOUND', undefined, [{ field: 'storedCardId', error: 'The card is not stored for your account' }]);
    if (!(await depositedFromCard(db, playerId, card))) {
      throw notDepositedFrom(
        'storedCardId',
        `Withdrawals go only to a card you have deposited from: make a deposit with ${card.brand} •••• ${card.lastFour} first`,
      );
    }
    return { storedCardId: card.id, cardToken: card.providerToken, provider: card.provider, label: `${card.brand} •••• ${card.lastFour}` };
  }
  if (method.kind === 'bank-confirm') {
    const bankAccountId = await lastBankAccount(db, playerId, method.code);
    if (!bankAccountId) {
      throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'Withdrawals by bank go to the account you deposited from: make a bank deposit first', [
        { field: 'paymentMethod', error: 'Make a bank deposit first: withdrawals go back to that account' },
      ]);
    }
    return { storedCardId: null, bankAccountId, label: `Account ending ${bankAccountId.slice(-4)}` };
  }
  if (method.kind === 'e-wallet') {
    const email = body.payFromEmail ?? '';
    if (!(await depositedFromEwallet(db, playerId, method.code, email))) {
      throw notDepositedFrom(
        'payFromEmail',
        `Withdrawals go only to an e-wallet account you have deposited from: ${email} has no successful ${method.code} deposit`,
      );
    }
    return { storedCardId: null, email, label: email };
  }
  return { storedCardId: null, label: 'Chosen in the cashier' };
}

/**
 * Asks the provider to pay a reserved withdrawal out and records its answer; a refusal returns
 * the money. When the provider cannot be reached the withdrawal stays PENDING: the payout may
 * have been taken, and the reconciler finds out (the provider pays a payment id only once).
 */
export async function sendPayout(context: ServiceContext, row: PaymentRow): Promise<{ row: PaymentRow; declined: string | null }> {
  const { db } = context.database;
  const details = paymentDetails(row);
  // The card chosen when the withdrawal was accepted, even if the player deleted it since (a held one waits for staff).
  const card = row.storedCardId ? await findPlayerCard(db, row.playerId, row.storedCardId, { includeDeleted: true }) : undefined;
  let outcome: PayoutOutcome;
  try {
    // The provider the withdrawal started with: a routing change since never moves a payout.
    outcome = await requireProvider(context.payments, row.provider).payout({
      paymentId: row.id,
      customerReference: row.playerId,
      methodCode: row.methodCode as PaymentMethodCode,
      currency: row.currency,
      amount: row.amount,
      cardToken: card?.providerToken,
      email: row.payFromEmail ?? undefined,
      bankAccountId: details.bankAccountId,
      cryptoAddress: details.cryptoDestination ? { coin: details.cryptoDestination.coin, address: details.cryptoDestination.address } : undefined,
    });
  } catch (error) {
    context.logger.error(
      { module: 'cashier', err: error, paymentId: row.id },
      'cashier: the payment provider failed a payout request; the reconciler will ask again',
    );
    return { row, declined: null };
  }
  const recorded = await inTransaction(db, async (tx) => {
    const locked = await lockPayment(tx, row.id);
    if (!locked) throw new Error(`payment ${row.id} vanished`);
    const providerReference = locked.providerReference ?? outcome.providerReference;
    if (outcome.status === 'DECLINED') {
      const updated = await updatePayment(tx, row.id, { providerReference });
      return failWithdrawal(tx, updated, outcome.reason);
    }
    const current = paymentDetails(locked);
    // A crypto payout as the provider priced it: the coins sent and the rate, for the record.
    const priced =
      outcome.crypto && current.cryptoDestination
        ? { cryptoDestination: { ...current.cryptoDestination, rate: outcome.crypto.rate.toString(), coinAmount: outcome.crypto.amount.toString() } }
        : {};
    return updatePayment(tx, row.id, {
      providerReference,
      details: { ...current, ...priced, answered: 'PENDING', ...(outcome.continueUrl ? { continueUrl: outcome.continueUrl } : {}) },
    });
  });
  return { row: recorded, declined: outcome.status === 'DECLINED' ? outcome.reason : null };
}

/**
 * processWithdrawal: checks the method, its fields and range, the closed loop and the cash
 * balance, reserves the amount with the payment row and asks the provider to pay out. The same
 * requestId with the same body answers the first answer again; another body IDEMPOTENCY_CONFLICT.
 */
export async function processWithdrawal(context: ServiceContext, player: CashierCustomer, body: ProcessWithdrawalRequest) {
  const answer = await answerWithdrawal(context, player, body);
  // The operations metrics: withdrawals by the payment status answered (refusals are counted by the error handler).
  withdrawalsTotal.inc({ method: body.paymentMethod, currency: player.currency, status: answer.paymentStatus });
  return answer;
}

async function answerWithdrawal(context: ServiceContext, player: CashierCustomer, body: ProcessWithdrawalRequest) {
  const { db } = context.database;
  const method = requireMethod(context.paymentMethods, body.paymentMethod, 'withdrawal');
  checkMethodFields(method, 'withdrawal', body);
  const range = requireRange(method, player.currency, 'withdrawal');
  const amount = minorAmount(body.amount);
  const hash = requestHash({ ...body, operation: 'WITHDRAWAL', amount: amount.toString(), currency: player.currency });

  const seen = await replayIfSeen(db, player.partyId, body.requestId, hash, withdrawalReplay);
  if (seen) return seen.answer;
  checkMethodRange(amount, range, player.currency, 'withdrawal');
  const destination = await closedLoopDestination(db, player.partyId, method, body);
  return reserveAndPayOut(context, player, { requestId: body.requestId, hash, method, amount, destination });
}

/**
 * The part every withdrawal shares once its destination is known: the cash balance, the payment
 * row with the reserve of its amount (one transaction), a hold above the review threshold, and
 * the payout.
 */
async function reserveAndPayOut(
  context: ServiceContext,
  player: CashierCustomer,
  request: { requestId: string; hash: string; method: PaymentMethod; amount: bigint; destination: Destination },
) {
  const { db } = context.database;
  const { requestId, hash, method, amount, destination } = request;
  const balance = await getPlayerBalance(db, player.partyId, player.currency);
  if (amount > balance.cash) throw overBalance(balance.cash, player.currency);
  // Issue 15: above the review threshold the money is reserved now and paid out when staff approve.
  const held = amount > BigInt(context.config.WITHDRAWAL_REVIEW_THRESHOLD);

  const details: PaymentDetails = {
    destination: destination.label,
    ...(destination.bankAccountId ? { bankAccountId: destination.bankAccountId } : {}),
    ...(destination.crypto ? { cryptoDestination: destination.crypto } : {}),
    ...(held ? { answered: 'PENDING' as const } : {}),
  };
  let created: PaymentRow | undefined;
  try {
    created = await inTransaction(db, (tx) =>
      createReservedWithdrawal(
        tx,
        {
          playerId: player.partyId,
          requestId,
          requestHash: hash,
          methodCode: method.code,
          provider: destination.provider ?? method.provider,
          currency: player.currency,
          amount,
          type: 'WITHDRAWAL',
          storedCardId: destination.storedCardId,
          payFromEmail: destination.email ?? null,
          details,
        },
        held,
      ),
    );
  } catch (error) {
    // The balance changed since it was read: the ledger refused to go below zero.
    if (error instanceof AppError && error.status === 'INSUFFICIENT_FUNDS')
      throw overBalance((await getPlayerBalance(db, player.partyId, player.currency)).cash, player.currency);
    throw error;
  }
  if (!created) return replayWinner(db, player.partyId, requestId, hash, withdrawalReplay);
  if (held) return withdrawalResponse(created);

  const sent = await sendPayout(context, created);
  if (sent.declined !== null) throw new AppError('PAYMENT_DECLINED', sent.declined);
  return withdrawalResponse(sent.row);
}

/** A payback of a crypto deposit's money to the address its coins came from. */
export interface CryptoPaybackRequest {
  requestId: string;
  /** The crypto method the deposit was made with. */
  paymentMethod: string;
  /** Major units, as a withdrawal's amount. */
  amount: number;
  /** The player's successful crypto deposit whose coins' sending address the money goes to. */
  depositId: string;
}

/** The address as the player and staff see it: the coin, and enough of the address to recognise it. */
const cryptoLabel = (coin: string, address: string) => `${coin} address ${address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-6)}` : address}`;

/**
 * Sends money back to the address a crypto deposit's coins came from (issue 26 item 4): the
 * cashier's own payback when a self-exclusion returns the cash, never a player's request (players
 * do not withdraw by crypto, and this is no route). Otherwise a withdrawal like the others: the
 * same idempotent request id, the method's payback range, the reserve with the payment row, the
 * review hold, and the provider's payout (priced in the coin at its rate of the moment), settled
 * by its webhook or the reconciler. A deposit with no recorded sending address is
 * WITHDRAWAL_DESTINATION_NOT_ALLOWED naming `depositId`.
 */
export async function processCryptoPayback(context: ServiceContext, player: CashierCustomer, body: CryptoPaybackRequest) {
  const answer = await answerCryptoPayback(context, player, body);
  withdrawalsTotal.inc({ method: body.paymentMethod, currency: player.currency, status: answer.paymentStatus });
  return answer;
}

async function answerCryptoPayback(context: ServiceContext, player: CashierCustomer, body: CryptoPaybackRequest) {
  const { db } = context.database;
  const method = context.paymentMethods.find(body.paymentMethod);
  if (!method || method.kind !== 'crypto')
    throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', undefined, [{ field: 'paymentMethod', error: `${body.paymentMethod} is not an enabled crypto method` }]);
  const range = paybackRange(method, player.currency);
  if (!range)
    throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', undefined, [
      { field: 'paymentMethod', error: `${method.code} does not pay back in ${player.currency}` },
    ]);
  const amount = minorAmount(body.amount);
  const hash = requestHash({ ...body, operation: 'CRYPTO_PAYBACK', amount: amount.toString(), currency: player.currency });

  const seen = await replayIfSeen(db, player.partyId, body.requestId, hash, withdrawalReplay);
  if (seen) return seen.answer;
  checkMethodRange(amount, range, player.currency, 'withdrawal');
  const deposit = await findPlayerPayment(db, player.partyId, body.depositId);
  const usable =
    deposit && deposit.type === 'DEPOSIT' && deposit.status === 'SUCCESS' && deposit.methodCode === method.code && deposit.currency === player.currency;
  const source = usable ? paymentDetails(deposit).cryptoSource : undefined;
  if (!source) throw notDepositedFrom('depositId', 'No address the coins of this deposit came from is recorded: it cannot be paid back there');
  const destination: Destination = {
    storedCardId: null,
    crypto: { coin: source.coin, address: source.address, depositId: deposit!.id },
    provider: deposit!.provider,
    label: cryptoLabel(source.coin, source.address),
  };
  return reserveAndPayOut(context, player, { requestId: body.requestId, hash, method, amount, destination });
}
