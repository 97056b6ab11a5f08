import type { Config } from '../../../config/env';
import { paymentWebhookSecret } from '../../../config/payment-webhook-secret';
import type { Db } from '../../../db/database';
import {
  reportedCard,
  reportedCryptoSender,
  reportedFundingSource,
  SandboxPsp,
  SIGNATURE_HEADER,
  sandboxEventSchema,
  sandboxTiming,
  webhookSignatureValid,
  type SandboxDetails,
  type SandboxEventType,
} from '../../../sandbox/payments';
import {
  WebhookFormatError,
  WebhookSignatureError,
  type CryptoSource,
  type DepositOutcome,
  type DepositRequest,
  type NotificationType,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentStatusRequest,
  type ProviderPaymentStatus,
  type PayoutOutcome,
  type PayoutRequest,
  type QuoteRequest,
  type QuoteResult,
} from '../../../providers/payment-provider';

const notificationTypes: Record<SandboxEventType, NotificationType> = {
  'payment.succeeded': 'PAYMENT_SUCCEEDED',
  'payment.declined': 'PAYMENT_DECLINED',
  'payment.failed': 'PAYMENT_FAILED',
  'payment.cancelled': 'PAYMENT_CANCELLED',
  'payout.paid': 'PAYOUT_PAID',
  'payout.failed': 'PAYOUT_FAILED',
  'card.stored': 'CARD_STORED',
};

const cryptoSourceOf = (sender: { coin: string; senderAddress: string } | null): CryptoSource | null =>
  sender ? { coin: sender.coin, address: sender.senderAddress } : null;

/**
 * The cashier's adapter for the sandbox PSP (server/sandbox/payments): it calls the PSP's
 * merchant API, as an adapter for a real PSP would call that PSP's API, and reads the PSP's
 * signed webhooks. Test inputs: docs/sandbox-payments.md.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = 'sandbox';

  constructor(
    private readonly psp: SandboxPsp,
    private readonly webhookSecret: string,
  ) {}

  async startDeposit(request: DepositRequest): Promise<DepositOutcome> {
    const answer = await this.psp.createDeposit({
      merchantReference: request.paymentId,
      customerReference: request.customerReference,
      methodCode: request.methodCode,
      currency: request.currency,
      amount: request.amount,
      language: request.language,
      cardToken: request.cardToken,
      payFromEmail: request.payFromEmail,
      quote: request.quote ? { reference: request.quote.providerReference, quoteId: request.quote.quoteId } : undefined,
      bankAccount: request.bankAccount,
    });
    switch (answer.status) {
      case 'SUCCESS':
      case 'PENDING':
        return { status: answer.status, providerReference: answer.reference };
      case 'CONTINUE':
        return { status: 'CONTINUE_TO_PAYMENT_SITE', providerReference: answer.reference, continueUrl: answer.continueUrl };
      case 'AWAITING_PAYMENT':
        return {
          status: 'AWAITING_PAYMENT',
          providerReference: answer.reference,
          crypto: { address: answer.address, amount: answer.amount, currency: answer.coin, rate: answer.rate, paymentUri: answer.paymentUri },
        };
      case 'DECLINED':
        return { status: 'DECLINED', providerReference: answer.reference, code: answer.code, reason: answer.reason };
    }
  }

  async quote(request: QuoteRequest): Promise<QuoteResult> {
    const answer = await this.psp.createQuote({
      merchantReference: request.paymentId,
      customerReference: request.customerReference,
      currency: request.currency,
      amount: request.amount,
    });
    return {
      providerReference: answer.reference,
      quotes: answer.quotes.map((quote) => ({
        id: quote.id,
        currency: quote.coin,
        rate: BigInt(quote.rate),
        amount: BigInt(quote.amount),
        expiresAt: new Date(quote.expiresAt),
      })),
    };
  }

  async addStoredCard(request: { customerReference: string; methodCode: string; currency: string; language: string }) {
    const answer = await this.psp.createCardSetup(request);
    return { providerReference: answer.reference, continueUrl: answer.continueUrl };
  }

  async deleteStoredCard(request: { customerReference: string; token: string }): Promise<void> {
    await this.psp.deleteCard(request.customerReference, request.token);
  }

  async payout(request: PayoutRequest): Promise<PayoutOutcome> {
    const answer = await this.psp.createPayout({
      merchantReference: request.paymentId,
      customerReference: request.customerReference,
      methodCode: request.methodCode,
      currency: request.currency,
      amount: request.amount,
      cardToken: request.cardToken,
      email: request.email,
      bankAccountId: request.bankAccountId,
      cryptoAddress: request.cryptoAddress,
    });
    if (answer.status === 'DECLINED') return { status: 'DECLINED', providerReference: answer.reference, reason: answer.reason };
    const crypto = answer.crypto
      ? { coin: answer.crypto.coin, address: answer.crypto.address, rate: BigInt(answer.crypto.rate), amount: BigInt(answer.crypto.amount) }
      : undefined;
    return { status: 'PENDING', providerReference: answer.reference, continueUrl: answer.continueUrl, ...(crypto ? { crypto } : {}) };
  }

  async paymentStatus(request: PaymentStatusRequest): Promise<ProviderPaymentStatus> {
    const row = await this.psp.byMerchantReference(request.paymentId, request.kind === 'PAYOUT' ? 'PAYOUT' : 'DEPOSIT');
    if (!row) return { state: 'NOT_FOUND' };
    const info = row.details as unknown as SandboxDetails;
    const seen = { providerReference: row.id, customerReference: info.customerReference, amount: row.amount, currency: row.currency };
    const failed = (outcome: 'DECLINED' | 'FAILED' | 'CANCELLED', reason: string | null): ProviderPaymentStatus => ({
      state: 'FAILED',
      ...seen,
      outcome,
      reason,
    });
    if (row.direction === 'PAYOUT') {
      if (row.status === 'FAILED') return failed('FAILED', info.reason ?? null);
      // A widget payout waits for the player's choice of destination until its window closes.
      const choosing = info.destination === 'default' && row.webhookDueAt !== null && row.webhookDueAt > new Date() && row.webhookSentAt === null;
      return choosing ? { state: 'OPEN', providerReference: row.id } : { state: 'SUCCEEDED', ...seen, card: null, cryptoSource: null };
    }
    switch (row.status) {
      case 'AUTHORISED':
      case 'PAID':
        // The card paid with (saved or not), or where a crypto payment's coins came from, as the
        // webhook reports them: the closed loop needs them.
        return {
          state: 'SUCCEEDED',
          ...seen,
          card: reportedCard(info),
          cryptoSource: cryptoSourceOf(reportedCryptoSender(info)),
          fundingSource: reportedFundingSource(info),
        };
      case 'DECLINED':
      case 'VOIDED':
        return failed('DECLINED', info.reason ?? null);
      case 'UNDERPAID':
      case 'EXPIRED':
        return failed('FAILED', info.reason ?? null);
      case 'CANCELLED':
        return failed('CANCELLED', info.reason ?? null);
      case 'QUOTED': {
        // A quote never taken up: once every quote has expired the payment cannot start any more.
        const live = (info.quotes ?? []).some((quote) => Date.parse(quote.expiresAt) > Date.now());
        return live ? { state: 'OPEN', providerReference: row.id } : failed('FAILED', 'The quote expired before the payment started');
      }
      default:
        return { state: 'OPEN', providerReference: row.id };
    }
  }

  async voidDeposit(request: { paymentId: string; reason: string }): Promise<boolean> {
    return this.psp.voidDeposit(request.paymentId, request.reason);
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification {
    const header = headers[SIGNATURE_HEADER];
    if (!webhookSignatureValid(this.webhookSecret, rawBody, typeof header === 'string' ? header : undefined)) throw new WebhookSignatureError();
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookFormatError('The body is not JSON');
    }
    const parsed = sandboxEventSchema.safeParse(json);
    if (!parsed.success) throw new WebhookFormatError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    const event = parsed.data;
    const type = notificationTypes[event.type];
    if (type !== 'CARD_STORED' && (!event.data.merchantReference || event.data.amount === null || event.data.currency === null)) {
      throw new WebhookFormatError('A payment event needs merchantReference, amount and currency');
    }
    if (type === 'CARD_STORED' && !event.data.card) throw new WebhookFormatError('card.stored needs the card');
    return {
      eventId: event.id,
      type,
      paymentId: event.data.merchantReference,
      providerReference: event.data.reference,
      customerReference: event.data.customerReference,
      methodCode: event.data.method,
      amount: event.data.amount === null ? null : BigInt(event.data.amount),
      currency: event.data.currency,
      reason: event.data.reason,
      card: event.data.card,
      cryptoSource: cryptoSourceOf(event.data.crypto),
      fundingSource: event.data.fundingSource,
      payload: event as unknown as Record<string, unknown>,
    };
  }
}

/** The sandbox PSP's adapter on this database (outside production: env.ts refuses it there). */
export function createSandboxPaymentProvider(
  config: Pick<Config, 'PAYMENT_WEBHOOK_SECRET' | 'NODE_ENV' | 'SANDBOX_PAYMENT_WEBHOOK_DELAY_MS'>,
  db: Db,
): SandboxPaymentProvider {
  return new SandboxPaymentProvider(new SandboxPsp(db, sandboxTiming(config.SANDBOX_PAYMENT_WEBHOOK_DELAY_MS)), paymentWebhookSecret(config));
}
