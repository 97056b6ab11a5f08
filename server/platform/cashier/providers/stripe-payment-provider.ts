import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../../http/app-error';
import {
  WebhookFormatError,
  WebhookIgnoredError,
  WebhookSignatureError,
  type CardSetupRequest,
  type DeclineCode,
  type DepositOutcome,
  type DepositRequest,
  type FundingSource,
  type NotificationType,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentStatusRequest,
  type ProviderPaymentStatus,
  type PayoutOutcome,
  type PayoutRequest,
  type QuoteResult,
  type VaultedCard,
} from '../../../providers/payment-provider';

/** Stripe's own tolerance for a webhook's timestamp (stripe.webhooks.constructEvent's default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeAdapterOptions {
  secretKey: string;
  /** Every whsec_… secret accepted now: during a rotation the old one and the new one. */
  webhookSecrets: readonly string[];
  /** Empty for Stripe itself; the simulator's address in the sandbox (the SDK's host, port and protocol). */
  apiUrl?: string | undefined;
  /** The page where the player enters a new card for a PaymentIntent (Stripe Elements; the simulator's /pay). */
  cardPageUrl: string;
  /** Where Stripe sends the player back after 3-D Secure. */
  returnUrl: string;
}

/** The SDK's connection settings for an address: Stripe itself when none is given. */
function connection(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const declineCodes: Record<string, DeclineCode> = { insufficient_funds: 'INSUFFICIENT_FUNDS' };

/** Stripe's card brands as the cashier shows them (the sandbox's names: "Visa •••• 4242"). */
const brandNames: Partial<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A Stripe error that proves Stripe answered (a 4xx about the request), not that it could not be reached. */
const isStripeAnswer = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError && !(error instanceof Stripe.errors.StripeConnectionError) && !(error instanceof Stripe.errors.StripeAPIError);

const id = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** The events the cashier acts on; Stripe sends many more to an endpoint, acknowledged and ignored. */
const eventTypes: Partial<Record<string, NotificationType>> = {
  'payment_intent.succeeded': 'PAYMENT_SUCCEEDED',
  'payment_intent.payment_failed': 'PAYMENT_DECLINED',
  'payment_intent.canceled': 'PAYMENT_CANCELLED',
  'refund.created': 'PAYOUT_PAID',
  'refund.updated': 'PAYOUT_PAID',
  'refund.failed': 'PAYOUT_FAILED',
  // A card saved without a payment; a failed setup stores nothing, so setup_failed is not acted on.
  'setup_intent.succeeded': 'CARD_STORED',
};

/**
 * Cards through Stripe (issue 31), on Stripe's official SDK. A deposit is a PaymentIntent created
 * under an Idempotency-Key derived from the cashier's payment id (a retry after a lost answer
 * finds the same PaymentIntent): with a stored card it is confirmed at once and 3-D Secure is the
 * `next_action` redirect; a new card is entered on the card page. A withdrawal is a refund of a
 * card payment made with the same card (closed loop): Stripe cannot pay an arbitrary card.
 *
 * Webhooks are verified from the raw body with stripe.webhooks.constructEvent (Stripe-Signature,
 * 300 s tolerance) under each configured secret. Their contents are not trusted for the outcome:
 * events arrive late, twice and in any order, so the cashier stores the event, answers, and then
 * reads the PaymentIntent or refund as it is now (`paymentStatus`) — the same question the
 * reconciler asks. A declined PaymentIntent is cancelled before the decline is reported, so no
 * later attempt can succeed on a payment the cashier has ended. Status mapping:
 * docs/stripe-adapter.md.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = 'stripe';
  readonly acknowledgesFirst = true;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeAdapterOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...connection(options.apiUrl),
      // The SDK retries network failures itself, under the same Idempotency-Key.
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
    });
  }

  async startDeposit(request: DepositRequest): Promise<DepositOutcome> {
    const metadata = { payment_id: request.paymentId, customer_reference: request.customerReference, method_code: request.methodCode };
    const params: Stripe.PaymentIntentCreateParams = {
      amount: Number(request.amount),
      currency: request.currency.toLowerCase(),
      allowed_payment_method_types: ['card'],
      metadata,
      ...(request.cardToken ? { payment_method: request.cardToken, confirm: true, return_url: this.options.returnUrl } : {}),
    };
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(params, { idempotencyKey: `deposit-${request.paymentId}` });
    } catch (error) {
      // A card refused at confirmation: Stripe answers 402 card_error; the PaymentIntent stays and is cancelled.
      if (error instanceof Stripe.errors.StripeCardError) {
        const intentId = id((error.raw as { payment_intent?: { id: string } } | undefined)?.payment_intent);
        if (intentId) await this.cancelQuietly(intentId);
        return {
          status: 'DECLINED',
          providerReference: intentId,
          code: declineCodes[error.decline_code ?? error.code ?? ''] ?? 'DECLINED',
          reason: error.message,
        };
      }
      throw error;
    }
    return this.depositOutcome(intent);
  }

  private async depositOutcome(intent: Stripe.PaymentIntent): Promise<DepositOutcome> {
    switch (intent.status) {
      case 'succeeded':
        return { status: 'SUCCESS', providerReference: intent.id };
      case 'requires_action': {
        const url = intent.next_action?.redirect_to_url?.url;
        return url
          ? { status: 'CONTINUE_TO_PAYMENT_SITE', providerReference: intent.id, continueUrl: url }
          : { status: 'PENDING', providerReference: intent.id };
      }
      case 'requires_payment_method':
        if (intent.last_payment_error) {
          await this.cancelQuietly(intent.id);
          return {
            status: 'DECLINED',
            providerReference: intent.id,
            code: declineCodes[intent.last_payment_error.decline_code ?? intent.last_payment_error.code ?? ''] ?? 'DECLINED',
            reason: intent.last_payment_error.message ?? 'The card was declined',
          };
        }
        return { status: 'CONTINUE_TO_PAYMENT_SITE', providerReference: intent.id, continueUrl: this.cardPage(intent) };
      case 'canceled':
        return { status: 'DECLINED', providerReference: intent.id, code: 'DECLINED', reason: intent.cancellation_reason ?? 'The payment was cancelled' };
      default:
        return { status: 'PENDING', providerReference: intent.id };
    }
  }

  private cardPage(intent: Stripe.PaymentIntent): string {
    const url = new URL(this.options.cardPageUrl);
    url.searchParams.set('payment_intent', intent.id);
    // The client secret is what Stripe.js confirms the PaymentIntent with on the card page.
    url.searchParams.set('payment_intent_client_secret', intent.client_secret ?? '');
    url.searchParams.set('return_url', this.options.returnUrl);
    return url.toString();
  }

  private async cancelQuietly(intentId: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` });
    } catch (error) {
      // Already cancelled or succeeded meanwhile: the status look-up tells which.
      if (!isStripeAnswer(error)) throw error;
    }
  }

  async quote(): Promise<QuoteResult> {
    throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'Stripe takes cards only', [{ field: 'paymentMethod', error: 'Stripe takes cards only' }]);
  }

  /**
   * Saves a card without a payment (DEP-49): a SetupIntent for later off-session charges, the
   * card entered on the card page with its client secret. Stripe reports the saved card by
   * setup_intent.succeeded; the cashier then reads the card (storedCardOf) and keeps it.
   */
  async addStoredCard(request: CardSetupRequest): Promise<{ providerReference: string; continueUrl: string }> {
    const setup = await this.stripe.setupIntents.create(
      {
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
        metadata: { customer_reference: request.customerReference, method_code: request.methodCode },
      },
      // Each "add a card" is a new setup; the key only makes a retry of this request answer the same.
      { idempotencyKey: `setup-${randomUUID()}` },
    );
    const url = new URL(this.options.cardPageUrl);
    url.searchParams.set('setup_intent', setup.id);
    url.searchParams.set('setup_intent_client_secret', setup.client_secret ?? '');
    url.searchParams.set('return_url', this.options.returnUrl);
    return { providerReference: setup.id, continueUrl: url.toString() };
  }

  /** The card a succeeded SetupIntent saved, read from Stripe (the event names only the SetupIntent). */
  async storedCardOf(payload: Record<string, unknown>): Promise<{ customerReference: string; methodCode: string; card: VaultedCard } | null> {
    const object = (payload.data as { object?: { id?: string } } | undefined)?.object;
    if (!object?.id?.startsWith('seti_')) return null;
    const setup = await this.stripe.setupIntents.retrieve(object.id);
    const methodId = id(setup.payment_method);
    if (setup.status !== 'succeeded' || !methodId || !setup.metadata?.customer_reference) return null;
    const paid = await this.paidWith({ payment_method: methodId } as Stripe.PaymentIntent);
    if (!paid) return null;
    return {
      customerReference: setup.metadata.customer_reference,
      methodCode: setup.metadata.method_code ?? 'WPCGHOSTED_CARD',
      card: { ...paid.card, reusable: true },
    };
  }

  async deleteStoredCard(request: { customerReference: string; token: string }): Promise<void> {
    // A PaymentMethod not attached to a customer has nothing to detach; the cashier forgets it.
    void request;
  }

  /**
   * A withdrawal to a card: a refund of the latest card payment of the player's made with that
   * card (any of its PaymentMethods, matched by fingerprint) that still has enough left to
   * refund, under an Idempotency-Key of the payment id. None:
   * DECLINED (the money goes back to the balance). Stripe's answer lost: thrown, and the
   * withdrawal waits for the reconciler, which finds the refund by its metadata — never sent
   * again on a guess.
   */
  async payout(request: PayoutRequest): Promise<PayoutOutcome> {
    if (!request.cardToken) return { status: 'DECLINED', providerReference: null, reason: 'Stripe pays out only to a card' };
    const existing = await this.findRefund(request.paymentId, request.customerReference);
    if (existing) return { status: 'PENDING', providerReference: existing.id, continueUrl: null };
    const payments = await this.stripe.paymentIntents.search({
      query: `status:'succeeded' AND metadata['customer_reference']:'${request.customerReference}'`,
      limit: 100,
    });
    // The same card, whichever of its PaymentMethods the player chose: a card saved by a SetupIntent
    // is another PaymentMethod than the one a deposit was paid with, with the same fingerprint.
    const fingerprintOf = async (methodId: string) => {
      try {
        return (await this.stripe.paymentMethods.retrieve(methodId)).card?.fingerprint ?? null;
      } catch (error) {
        // A PaymentMethod Stripe does not know matches by its id only; Stripe not reachable is thrown.
        if (isStripeAnswer(error)) return null;
        throw error;
      }
    };
    const fingerprint = await fingerprintOf(request.cardToken);
    const sameCard = async (intent: Stripe.PaymentIntent) => {
      const methodId = id(intent.payment_method);
      if (!methodId) return false;
      if (methodId === request.cardToken) return true;
      return fingerprint !== null && (await fingerprintOf(methodId)) === fingerprint;
    };
    const candidates: Stripe.PaymentIntent[] = [];
    for (const intent of payments.data) if (intent.currency === request.currency.toLowerCase() && (await sameCard(intent))) candidates.push(intent);
    candidates.sort((a, b) => b.created - a.created);
    let source: Stripe.PaymentIntent | undefined;
    for (const intent of candidates) {
      if (BigInt(intent.amount_received) - (await this.refunded(intent.id)) >= request.amount) {
        source = intent;
        break;
      }
    }
    if (!source) return { status: 'DECLINED', providerReference: null, reason: 'No card payment with this card is large enough to refund the withdrawal' };
    const refund = await this.stripe.refunds.create(
      { payment_intent: source.id, amount: Number(request.amount), metadata: { payment_id: request.paymentId, customer_reference: request.customerReference } },
      { idempotencyKey: `payout-${request.paymentId}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      return { status: 'DECLINED', providerReference: refund.id, reason: refund.failure_reason ?? 'The refund failed' };
    return { status: 'PENDING', providerReference: refund.id, continueUrl: null };
  }

  /** What has been refunded of a payment already (refunds pending or done). */
  private async refunded(intentId: string): Promise<bigint> {
    const refunds = await this.stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    return refunds.data.filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled').reduce((sum, refund) => sum + BigInt(refund.amount), 0n);
  }

  /** The refund paying a withdrawal, found by its metadata among the refunds of the player's card payments. */
  private async findRefund(paymentId: string, customerReference: string): Promise<Stripe.Refund | undefined> {
    const payments = await this.stripe.paymentIntents.search({ query: `metadata['customer_reference']:'${customerReference}'`, limit: 100 });
    for (const intent of payments.data) {
      const refunds = await this.stripe.refunds.list({ payment_intent: intent.id, limit: 100 });
      const found = refunds.data.find((refund) => refund.metadata?.payment_id === paymentId);
      if (found) return found;
    }
    return undefined;
  }

  async paymentStatus(request: PaymentStatusRequest): Promise<ProviderPaymentStatus> {
    return request.kind === 'PAYOUT' ? this.payoutStatus(request) : this.depositStatus(request);
  }

  private async depositStatus(request: PaymentStatusRequest): Promise<ProviderPaymentStatus> {
    let intent = request.providerReference
      ? await this.stripe.paymentIntents.retrieve(request.providerReference)
      : (await this.stripe.paymentIntents.search({ query: `metadata['payment_id']:'${request.paymentId}'`, limit: 1 })).data[0];
    if (!intent || intent.metadata.payment_id !== request.paymentId) return { state: 'NOT_FOUND' };
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
      // Declined: cancelled first, so no later attempt can succeed on a payment the cashier ends.
      await this.cancelQuietly(intent.id);
      intent = await this.stripe.paymentIntents.retrieve(intent.id);
    }
    const seen = {
      providerReference: intent.id,
      customerReference: intent.metadata.customer_reference ?? '',
      amount: BigInt(intent.amount),
      currency: intent.currency.toUpperCase(),
    };
    switch (intent.status) {
      case 'succeeded': {
        const paid = await this.paidWith(intent);
        return { state: 'SUCCEEDED', ...seen, card: paid?.card ?? null, cryptoSource: null, fundingSource: paid?.funding ?? null };
      }
      case 'canceled': {
        const declined = intent.last_payment_error !== null && intent.last_payment_error !== undefined;
        return {
          state: 'FAILED',
          ...seen,
          outcome: declined ? 'DECLINED' : 'CANCELLED',
          reason: intent.last_payment_error?.message ?? intent.cancellation_reason ?? null,
        };
      }
      default:
        return { state: 'OPEN', providerReference: intent.id };
    }
  }

  /**
   * A withdrawal's refund by its reference. Without one (Stripe's answer was lost) NOT_FOUND: the
   * reconciler then asks `payout` again, which finds the refund by its metadata before making
   * one, so a refund is never made twice.
   */
  private async payoutStatus(request: PaymentStatusRequest): Promise<ProviderPaymentStatus> {
    const found = request.providerReference?.startsWith('re_') ? await this.stripe.refunds.retrieve(request.providerReference) : undefined;
    if (!found || found.metadata?.payment_id !== request.paymentId) return { state: 'NOT_FOUND' };
    const seen = {
      providerReference: found.id,
      customerReference: found.metadata.customer_reference ?? '',
      amount: BigInt(found.amount),
      currency: found.currency.toUpperCase(),
    };
    switch (found.status) {
      case 'succeeded':
        return { state: 'SUCCEEDED', ...seen, card: null, cryptoSource: null };
      case 'failed':
      case 'canceled':
        return { state: 'FAILED', ...seen, outcome: 'FAILED', reason: found.failure_reason ?? null };
      default:
        return { state: 'OPEN', providerReference: found.id };
    }
  }

  /** The card a payment was made with, and whether it is credit (refused where gambling on credit is, docs/compliance.md). */
  private async paidWith(intent: Stripe.PaymentIntent): Promise<{ card: VaultedCard; funding: FundingSource | null } | null> {
    const methodId = id(intent.payment_method);
    if (!methodId) return null;
    const method = await this.stripe.paymentMethods.retrieve(methodId);
    const card = method.card;
    if (!card) return null;
    const funding = card.funding === 'credit' ? 'CREDIT_CARD' : card.funding === 'debit' || card.funding === 'prepaid' ? 'DEBIT_CARD' : null;
    return {
      funding,
      card: {
        token: method.id,
        brand: brandNames[card.brand] ?? card.brand,
        lastFour: card.last4,
        nameOnCard: method.billing_details?.name ?? '',
        expiryMonth: card.exp_month,
        expiryYear: card.exp_year,
        fingerprint: card.fingerprint ?? null,
        reusable: false,
      },
    };
  }

  /**
   * A deposit the cashier refused after Stripe took it (a credit card where gambling on credit is
   * not allowed): the whole amount is refunded, once (Idempotency-Key of the payment id).
   */
  async voidDeposit(request: { paymentId: string; reason: string }): Promise<boolean> {
    const intent = (await this.stripe.paymentIntents.search({ query: `metadata['payment_id']:'${request.paymentId}'`, limit: 1 })).data[0];
    if (!intent || intent.status !== 'succeeded') {
      if (intent) await this.cancelQuietly(intent.id);
      return false;
    }
    await this.stripe.refunds.create(
      { payment_intent: intent.id, reason: 'requested_by_customer', metadata: { payment_id: request.paymentId, void: request.reason.slice(0, 400) } },
      { idempotencyKey: `void-${request.paymentId}` },
    );
    return true;
  }

  /**
   * Verifies Stripe-Signature over the raw body under each accepted secret (constant-time,
   * 300 s tolerance) and reads which payment the event is about. Only the event id, its type and
   * the payment id are used: the outcome is read from Stripe afterwards.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string' || header.length === 0) throw new WebhookSignatureError();
    let event: Stripe.Event | undefined;
    for (const secret of this.options.webhookSecrets) {
      try {
        event = this.stripe.webhooks.constructEvent(rawBody, header, secret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
        break;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError))
          throw new WebhookFormatError(error instanceof Error ? error.message : 'unreadable');
      }
    }
    if (!event) throw new WebhookSignatureError('The Stripe-Signature is missing, wrong, made with a retired secret or too old');
    const type = eventTypes[event.type];
    if (!type) throw new WebhookIgnoredError(event.id, event.type);
    const object = event.data.object as { id?: string; metadata?: Record<string, string> | null; amount?: number; currency?: string };
    if (type === 'CARD_STORED') {
      // The card is read from Stripe when the stored event is settled (storedCardOf).
      if (!object.id || !object.metadata?.customer_reference) throw new WebhookIgnoredError(event.id, event.type);
      return {
        eventId: event.id,
        type,
        paymentId: null,
        providerReference: object.id,
        customerReference: object.metadata.customer_reference,
        methodCode: object.metadata.method_code ?? 'WPCGHOSTED_CARD',
        amount: null,
        currency: null,
        reason: null,
        card: null,
        cryptoSource: null,
        payload: event as unknown as Record<string, unknown>,
      };
    }
    const paymentId = object.metadata?.payment_id;
    if (!paymentId || !object.id) throw new WebhookIgnoredError(event.id, event.type);
    return {
      eventId: event.id,
      type,
      paymentId,
      providerReference: object.id,
      customerReference: object.metadata?.customer_reference ?? '',
      methodCode: object.metadata?.method_code ?? 'WPCGHOSTED_CARD',
      amount: object.amount === undefined ? null : BigInt(object.amount),
      currency: object.currency ? object.currency.toUpperCase() : null,
      reason: null,
      card: null,
      cryptoSource: null,
      payload: event as unknown as Record<string, unknown>,
    };
  }
}
