import adyen from '@adyen/api-library';
import type { Types } from '@adyen/api-library';
import { paymentMethodDescriptors, type PaymentMethodDescriptor } from '../../../../contracts/platform/cashier/payment-methods';
import { AppError } from '../../../http/app-error';
import {
  WebhookFormatError,
  WebhookSignatureError,
  type DeclineCode,
  type DepositOutcome,
  type DepositRequest,
  type NotificationType,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentStatusRequest,
  type ProviderPaymentStatus,
  type PayoutOutcome,
  type PayoutRequest,
  type QuoteResult,
} from '../../../providers/payment-provider';

const { Client, CheckoutAPI, PayoutAPI, HttpClientException, EnvironmentEnum, hmacValidator: HmacValidator } = adyen;
type AdyenClient = InstanceType<typeof Client>;
/** The SDK's HTTP client interface (its second constructor argument). */
type AdyenHttpClient = NonNullable<ConstructorParameters<typeof Client>[1]>;
type NotificationItem = Types.notification.NotificationRequestItem;

/** The Checkout payment method type of each e-wallet (NS-19) and the Payout API's brand and token data for it. */
const wallets: Record<string, { type: string; brand: string; payoutData: (email: string) => Record<string, string> }> = Object.fromEntries(
  paymentMethodDescriptors.flatMap((method: PaymentMethodDescriptor) =>
    method.adyen
      ? [
          [
            method.code,
            {
              type: method.adyen.type,
              brand: method.adyen.brand,
              payoutData: (wallet: string) => ({ tokenDataType: method.adyen!.tokenDataType, [method.adyen!.payee]: wallet }),
            },
          ],
        ]
      : [],
  ),
);

/** Adyen's answer to a submitted third-party payout; anything else is a refusal. */
const PAYOUT_SUBMITTED = '[payout-submit-received]';

/** Adyen's refusalReasonCode 12 ("Not enough balance"). */
const NOT_ENOUGH_BALANCE = '12';

/** The person a payout goes to: the Payout API needs the account holder's name, birth date and nationality. */
export interface AdyenPayee {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface AdyenAdapterOptions {
  apiKey: string;
  merchantAccount: string;
  /** Every hex HMAC key accepted now: during a rotation the old one and the new one. */
  hmacKeys: readonly string[];
  environment: 'TEST' | 'LIVE';
  /** LIVE: the prefix of the merchant's live endpoints. */
  liveUrlPrefix?: string | undefined;
  /** Empty for Adyen itself; the simulator's address in the sandbox. */
  apiUrl?: string | undefined;
  /** Where the player comes back after the wallet's page (the cashier's return route). */
  returnUrl: string;
  /** The verified notifications (and /payments/details answers) stored for a payment: the inbox, payment_event. */
  storedNotifications(paymentId: string): Promise<Record<string, unknown>[]>;
  /** The account holder of a payout, from the player's profile; null when the profile lacks a field. */
  payee(customerReference: string): Promise<AdyenPayee | null>;
}

/**
 * The SDK reaches only Adyen's own hosts (it has no host setting); it accepts another HTTP client
 * instead. This one sends the same requests — same paths under the simulator's address, same
 * X-API-Key, Idempotency-Key and JSON — to ADYEN_API_URL, and raises the SDK's own
 * HttpClientException for an error answer, so the adapter reads the simulator as it reads Adyen.
 */
export function redirectedHttpClient(apiUrl: string): AdyenHttpClient {
  const base = new URL(apiUrl);
  return {
    async request(endpoint, json, config, isApiKeyRequired, requestOptions = {}) {
      const original = new URL(endpoint);
      // checkout-test.adyen.com/v72/… → /checkout/v72/…; pal-test.adyen.com/pal/servlet/… keeps its path.
      const path = original.hostname.startsWith('checkout') ? `/checkout${original.pathname}` : original.pathname;
      const target = new URL(path, base);
      if (requestOptions.params) target.search = new URLSearchParams(requestOptions.params as Record<string, string>).toString();
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'adyen-node-api-library (redirected)' };
      if (config.apiKey) headers['x-api-key'] = config.apiKey;
      else if (isApiKeyRequired) throw new HttpClientException({ message: 'Invalid X-API-Key was used', statusCode: 401 });
      if (requestOptions.idempotencyKey) headers['idempotency-key'] = requestOptions.idempotencyKey;
      const method = requestOptions.method ?? 'POST';
      const response = await fetch(target, {
        method,
        headers,
        ...(method === 'GET' ? {} : { body: typeof json === 'string' ? json : new Uint8Array(json) }),
        signal: AbortSignal.timeout(config.connectionTimeoutMillis ?? 30_000),
      });
      const text = await response.text();
      if (response.ok) return text;
      let apiError: { status?: number; errorCode?: string; message?: string; errorType?: string; pspReference?: string } | undefined;
      try {
        apiError = JSON.parse(text) as typeof apiError;
      } catch {
        apiError = undefined;
      }
      throw new HttpClientException({
        message: `HTTP Exception: ${response.status}. ${apiError?.message ?? response.statusText}`,
        statusCode: response.status,
        ...(apiError?.errorCode ? { errorCode: apiError.errorCode } : {}),
        responseBody: text,
        ...(apiError?.status ? { apiError: apiError as never } : {}),
      });
    },
  };
}

/** An error that proves Adyen answered about the request (4xx): nothing was created, so it is a refusal, not a lost answer. */
const isAdyenRefusal = (error: unknown): error is InstanceType<typeof HttpClientException> =>
  error instanceof HttpClientException && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 408 && error.statusCode !== 429;

/** The notifications the cashier acts on, by eventCode and success; every other one is acknowledged and ignored. */
export function notificationType(eventCode: string, success: boolean): NotificationType | null {
  switch (eventCode) {
    case 'AUTHORISATION':
      return success ? 'PAYMENT_SUCCEEDED' : 'PAYMENT_DECLINED';
    case 'CANCELLATION':
    case 'CANCEL_OR_REFUND':
    case 'REFUND':
    case 'OFFER_CLOSED':
      // A failed cancellation or refund changes nothing: the payment stands as it was.
      return success ? 'PAYMENT_CANCELLED' : null;
    case 'PAYOUT_THIRDPARTY':
      return success ? 'PAYOUT_PAID' : 'PAYOUT_FAILED';
    case 'PAYOUT_DECLINE':
    case 'PAYOUT_EXPIRE':
      return 'PAYOUT_FAILED';
    default:
      return null;
  }
}

/** A notification item as it arrives, before it is checked. */
interface RawItem extends Record<string, unknown> {
  pspReference?: unknown;
  originalReference?: string;
  eventCode?: unknown;
  merchantReference?: unknown;
  merchantAccountCode?: unknown;
  success?: unknown;
  reason?: string;
  amount?: { value?: unknown; currency?: unknown };
  additionalData?: Record<string, string | undefined>;
}

/** One stored fact about a payment: a verified notification item, or the authenticated answer of /payments/details. */
interface Fact {
  pspReference: string;
  eventCode: string;
  success: boolean;
  amount: bigint;
  currency: string;
  customerReference: string;
  reason: string | null;
}

function factOf(payload: Record<string, unknown>): Fact | null {
  const amount = payload.amount as { value?: number; currency?: string } | undefined;
  const additional = (payload.additionalData ?? {}) as Record<string, string | undefined>;
  const customerReference = additional['metadata.customer_reference'] ?? additional.shopperReference ?? '';
  if (payload.source === 'paymentsDetails') {
    // The details answer has a resultCode, not an eventCode: Authorised is an authorisation; Refused, Cancelled and Error end it.
    const resultCode = String(payload.resultCode ?? '');
    const eventCode =
      resultCode === 'Authorised'
        ? 'AUTHORISATION'
        : ['Refused', 'Error'].includes(resultCode)
          ? 'AUTHORISATION'
          : resultCode === 'Cancelled'
            ? 'CANCELLATION'
            : '';
    if (!eventCode || typeof payload.pspReference !== 'string') return null;
    return {
      pspReference: payload.pspReference,
      eventCode,
      success: resultCode === 'Authorised' || resultCode === 'Cancelled',
      amount: BigInt(amount?.value ?? 0),
      currency: amount?.currency ?? '',
      customerReference,
      reason: (payload.refusalReason as string | undefined) ?? null,
    };
  }
  if (typeof payload.eventCode !== 'string' || typeof payload.pspReference !== 'string') return null;
  return {
    // A modification's own pspReference is new; the payment it changes is its originalReference.
    pspReference: (payload.originalReference as string | undefined) || payload.pspReference,
    eventCode: payload.eventCode,
    success: payload.success === 'true',
    amount: BigInt(amount?.value ?? 0),
    currency: amount?.currency ?? '',
    customerReference,
    reason: (payload.reason as string | undefined) || null,
  };
}

/**
 * E-wallets (Skrill as MONEYBOOKERS, NETELLER; NS-19) through Adyen (issue 31), on Adyen's
 * official SDK. A deposit is one `/payments` call under the Idempotency-Key `deposit-<payment
 * id>` with our payment id as the merchantReference; the wallet is a redirect (`action.url`),
 * and the player comes back with a redirectResult that `/payments/details` turns into the
 * outcome. A withdrawal is a third-party payout (Payout API, `storeDetailAndSubmitThirdParty`)
 * under `payout-<payment id>`; an answer lost leaves it PENDING for the reconciler, whose
 * retry under the same key gets Adyen's first answer — never a second payout.
 *
 * Adyen has no API to look a payment up: its notifications are the record. Each verified
 * notification item is stored in payment_event and the payment is settled from the set of
 * what is stored for it (`paymentStatus`), so items that arrive twice, late or out of order give
 * the same result. Status mapping: docs/adyen-adapter.md.
 */
export class AdyenPaymentProvider implements PaymentProvider {
  readonly id = 'adyen';
  readonly acknowledgesFirst = true;
  /** Adyen expects this body in the 2xx answer to a notification request. */
  readonly webhookAcknowledgement = '[accepted]';
  private readonly client: AdyenClient;
  private readonly checkout: InstanceType<typeof CheckoutAPI>;
  private readonly payouts: InstanceType<typeof PayoutAPI>;
  private readonly hmac = new HmacValidator();

  constructor(private readonly options: AdyenAdapterOptions) {
    this.client = new Client(
      {
        apiKey: options.apiKey,
        environment: options.environment === 'LIVE' ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
        ...(options.liveUrlPrefix ? { liveEndpointUrlPrefix: options.liveUrlPrefix } : {}),
        connectionTimeoutMillis: 15_000,
        applicationName: 'emerald',
      },
      options.apiUrl ? redirectedHttpClient(options.apiUrl) : undefined,
    );
    this.checkout = new CheckoutAPI(this.client);
    this.payouts = new PayoutAPI(this.client);
  }

  /** A call retried after a lost answer (network failure, 5xx) under the same Idempotency-Key: Adyen answers the first answer again. */
  private async withRetries<T>(call: () => Promise<T>, attempts = 3): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (isAdyenRefusal(error) || attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** (attempt - 1)));
      }
    }
  }

  async startDeposit(request: DepositRequest): Promise<DepositOutcome> {
    const wallet = wallets[request.methodCode];
    if (!wallet)
      throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'Adyen takes the e-wallets only here', [
        { field: 'paymentMethod', error: 'Adyen takes only the e-wallets it is configured for' },
      ]);
    const returnUrl = new URL(this.options.returnUrl);
    returnUrl.searchParams.set('paymentId', request.paymentId);
    const body = {
      amount: { currency: request.currency, value: Number(request.amount) },
      merchantAccount: this.options.merchantAccount,
      reference: request.paymentId,
      // The wallet's own type: Adyen redirects the player to it.
      paymentMethod: { type: wallet.type } as unknown as Types.checkout.PaymentRequest['paymentMethod'],
      returnUrl: returnUrl.toString(),
      shopperReference: request.customerReference,
      ...(request.payFromEmail ? { shopperEmail: request.payFromEmail } : {}),
      shopperLocale: request.language,
      // Echoed in the notifications' additionalData (metadata.*): which player the money is for.
      metadata: { customer_reference: request.customerReference, method_code: request.methodCode },
    } as Types.checkout.PaymentRequest;
    let response: Types.checkout.PaymentResponse;
    try {
      response = await this.withRetries(() => this.checkout.PaymentsApi.payments(body, { idempotencyKey: `deposit-${request.paymentId}` }));
    } catch (error) {
      // Adyen refused the request itself (validation, method not enabled): nothing was created.
      if (isAdyenRefusal(error)) return { status: 'DECLINED', providerReference: null, code: 'DECLINED', reason: error.apiError?.message ?? error.message };
      throw error;
    }
    return this.depositOutcome(response);
  }

  private depositOutcome(response: Types.checkout.PaymentResponse): DepositOutcome {
    const reference = response.pspReference ?? '';
    const action = response.action as unknown as { url?: string; method?: string } | null | undefined;
    const resultCode = String(response.resultCode ?? '');
    switch (resultCode) {
      case 'Authorised':
        return { status: 'SUCCESS', providerReference: reference };
      case 'Refused':
      case 'Cancelled':
      case 'Error': {
        const code: DeclineCode = response.refusalReasonCode === NOT_ENOUGH_BALANCE ? 'INSUFFICIENT_FUNDS' : 'DECLINED';
        return {
          status: 'DECLINED',
          providerReference: reference || null,
          code,
          reason: response.refusalReason ?? `The payment was ${resultCode.toLowerCase()}`,
        };
      }
      default:
        // RedirectShopper: the wallet's page. A POST redirect cannot be shown as a link: the outcome follows by notification.
        if (action?.url && (action.method ?? 'GET').toUpperCase() === 'GET')
          return { status: 'CONTINUE_TO_PAYMENT_SITE', providerReference: reference, continueUrl: action.url };
        return { status: 'PENDING', providerReference: reference };
    }
  }

  /**
   * The player is back from the wallet's page with a redirectResult: `/payments/details` tells
   * the outcome over the authenticated API. Answers it as a fact to store with the
   * notifications (the cashier settles from the stored set), or null when it tells nothing final.
   */
  async returnDetails(redirectResult: string): Promise<PaymentNotification | null> {
    const response = await this.withRetries(() => this.checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } }));
    const resultCode = String(response.resultCode ?? '');
    const type: NotificationType | null =
      resultCode === 'Authorised'
        ? 'PAYMENT_SUCCEEDED'
        : resultCode === 'Refused' || resultCode === 'Error'
          ? 'PAYMENT_DECLINED'
          : resultCode === 'Cancelled'
            ? 'PAYMENT_CANCELLED'
            : null;
    if (!type || !response.pspReference || !response.merchantReference) return null;
    const additional = response.additionalData ?? {};
    return {
      eventId: `${response.pspReference}:details:${resultCode}`,
      type,
      paymentId: response.merchantReference,
      providerReference: response.pspReference,
      customerReference: additional['metadata.customer_reference'] ?? '',
      methodCode: additional['metadata.method_code'] ?? '',
      amount: response.amount ? BigInt(response.amount.value) : null,
      currency: response.amount?.currency ?? null,
      reason: response.refusalReason ?? null,
      card: null,
      cryptoSource: null,
      payload: {
        source: 'paymentsDetails',
        pspReference: response.pspReference,
        merchantReference: response.merchantReference,
        resultCode,
        refusalReason: response.refusalReason ?? null,
        amount: response.amount ?? null,
        additionalData: additional,
      },
    };
  }

  async quote(): Promise<QuoteResult> {
    throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'Adyen takes the e-wallets only here', [
      { field: 'paymentMethod', error: 'Adyen takes only the e-wallets it is configured for' },
    ]);
  }

  async addStoredCard(): Promise<{ providerReference: string; continueUrl: string }> {
    throw new AppError('PAYMENT_METHOD_NOT_AVAILABLE', 'Cards are not served by Adyen here', [
      { field: 'paymentMethod', error: 'Cards are not served by Adyen here' },
    ]);
  }

  async deleteStoredCard(): Promise<void> {
    // No card is vaulted at Adyen by this adapter.
  }

  /**
   * A withdrawal to the e-wallet account the player deposited from: a third-party payout under
   * the Idempotency-Key `payout-<payment id>`. Submitted: PENDING until PAYOUT_THIRDPARTY (or
   * PAYOUT_DECLINE, PAYOUT_EXPIRE). Refused by Adyen at once: DECLINED, the money returns to the
   * balance. No answer: thrown, and the withdrawal waits for the reconciler.
   */
  async payout(request: PayoutRequest): Promise<PayoutOutcome> {
    const wallet = wallets[request.methodCode];
    if (!wallet || !request.email) return { status: 'DECLINED', providerReference: null, reason: 'Adyen pays out only to the e-wallet account deposited from' };
    const payee = await this.options.payee(request.customerReference);
    if (!payee) return { status: 'DECLINED', providerReference: null, reason: 'The payout needs the player’s name, date of birth and country' };
    const body: Types.payout.StoreDetailAndSubmitRequest = {
      amount: { currency: request.currency, value: Number(request.amount) },
      merchantAccount: this.options.merchantAccount,
      reference: request.paymentId,
      selectedBrand: wallet.brand,
      additionalData: wallet.payoutData(request.email),
      recurring: { contract: 'PAYOUT' as unknown as Types.payout.Recurring.ContractEnum },
      shopperEmail: request.email,
      shopperReference: request.customerReference,
      shopperName: { firstName: payee.firstName, lastName: payee.lastName },
      dateOfBirth: payee.birthDate,
      nationality: payee.country,
      entityType: 'NaturalPerson' as unknown as Types.payout.StoreDetailAndSubmitRequest.EntityTypeEnum,
    };
    let response: Types.payout.StoreDetailAndSubmitResponse;
    try {
      response = await this.withRetries(() =>
        this.payouts.InitializationApi.storeDetailAndSubmitThirdParty(body, { idempotencyKey: `payout-${request.paymentId}` }),
      );
    } catch (error) {
      if (isAdyenRefusal(error)) return { status: 'DECLINED', providerReference: null, reason: error.apiError?.message ?? error.message };
      throw error;
    }
    if (response.resultCode !== PAYOUT_SUBMITTED)
      return {
        status: 'DECLINED',
        providerReference: response.pspReference ?? null,
        reason: response.refusalReason ?? `Adyen answered ${response.resultCode}`,
      };
    return { status: 'PENDING', providerReference: response.pspReference, continueUrl: null };
  }

  /**
   * The payment's state from what Adyen has told us (the verified notifications and details
   * answers stored for it), read as a set so the order they came in does not matter: a
   * cancellation or refund wins over an authorisation, an authorisation over a refusal. Nothing
   * heard: OPEN when Adyen answered the create (its reference is known), else NOT_FOUND — a
   * deposit whose answer was lost cannot be paid (only the answer carried the wallet's page), and
   * a payout is asked again under its Idempotency-Key, which Adyen answers with the first answer.
   */
  async paymentStatus(request: PaymentStatusRequest): Promise<ProviderPaymentStatus> {
    const facts = (await this.options.storedNotifications(request.paymentId)).map(factOf).filter((fact): fact is Fact => fact !== null);
    const seen = (fact: Fact) => ({
      providerReference: fact.pspReference,
      customerReference: fact.customerReference,
      amount: fact.amount,
      currency: fact.currency,
    });
    const find = (codes: string[], success?: boolean) =>
      facts.find((fact) => codes.includes(fact.eventCode) && (success === undefined || fact.success === success));
    if (request.kind === 'PAYOUT') {
      const failed = find(['PAYOUT_DECLINE', 'PAYOUT_EXPIRE']) ?? find(['PAYOUT_THIRDPARTY'], false);
      if (failed) return { state: 'FAILED', ...seen(failed), outcome: 'FAILED', reason: failed.reason ?? `Adyen reported ${failed.eventCode}` };
      const paid = find(['PAYOUT_THIRDPARTY'], true);
      if (paid) return { state: 'SUCCEEDED', ...seen(paid), card: null, cryptoSource: null };
    } else {
      const authorised = find(['AUTHORISATION'], true);
      const cancelled = find(['CANCELLATION', 'CANCEL_OR_REFUND', 'REFUND'], true);
      // A cancellation or refund names the payment by its originalReference; the amounts and customer come from the authorisation.
      if (cancelled)
        return {
          state: 'FAILED',
          ...seen(
            authorised
              ? { ...cancelled, customerReference: authorised.customerReference, amount: authorised.amount, currency: authorised.currency }
              : cancelled,
          ),
          outcome: 'CANCELLED',
          reason: cancelled.reason ?? `Adyen reported ${cancelled.eventCode}`,
        };
      if (authorised) return { state: 'SUCCEEDED', ...seen(authorised), card: null, cryptoSource: null, fundingSource: null };
      const refused = find(['AUTHORISATION'], false);
      if (refused) return { state: 'FAILED', ...seen(refused), outcome: 'DECLINED', reason: refused.reason ?? 'Refused' };
      const closed = find(['OFFER_CLOSED'], true);
      if (closed) return { state: 'FAILED', ...seen(closed), outcome: 'CANCELLED', reason: 'The wallet payment expired before the player completed it' };
    }
    return request.providerReference ? { state: 'OPEN', providerReference: request.providerReference } : { state: 'NOT_FOUND' };
  }

  /**
   * A deposit the cashier refused after Adyen authorised it: refunded whole, once
   * (Idempotency-Key `void-<payment id>`); the REFUND notification follows.
   */
  async voidDeposit(request: { paymentId: string; reason: string }): Promise<boolean> {
    const facts = (await this.options.storedNotifications(request.paymentId)).map(factOf).filter((fact): fact is Fact => fact !== null);
    const authorised = facts.find((fact) => fact.eventCode === 'AUTHORISATION' && fact.success);
    if (!authorised) return false;
    await this.withRetries(() =>
      this.checkout.ModificationsApi.refundCapturedPayment(
        authorised.pspReference,
        {
          amount: { currency: authorised.currency, value: Number(authorised.amount) },
          merchantAccount: this.options.merchantAccount,
          reference: `void-${request.paymentId}`,
        },
        { idempotencyKey: `void-${request.paymentId}` },
      ),
    );
    return true;
  }

  /** A single notification: Adyen always sends a batch (`parseWebhookBatch`); the route uses that. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification {
    const [first] = this.parseWebhookBatch(rawBody, headers);
    if (!first) throw new WebhookFormatError('No notification item the cashier acts on');
    return first;
  }

  /**
   * Reads Adyen's standard notification (`notificationItems[].NotificationRequestItem`) and
   * verifies every item's `additionalData.hmacSignature` — HMAC-SHA256 over pspReference,
   * originalReference, merchantAccountCode, merchantReference, value, currency, eventCode and
   * success joined by `:`, under the hex-decoded key, compared in constant time — under each
   * accepted key. One item that fails refuses the whole request (nothing is stored). Items of
   * another merchant account, or of events the cashier does not act on, are left out.
   */
  parseWebhookBatch(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification[] {
    void headers;
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookFormatError('The body is not JSON');
    }
    const wrapped = (json as { notificationItems?: unknown } | null)?.notificationItems;
    if (!Array.isArray(wrapped) || wrapped.length === 0) throw new WebhookFormatError('notificationItems: expected a non-empty array');
    const items = wrapped.map((entry, index) => {
      const item = (entry as { NotificationRequestItem?: unknown } | null)?.NotificationRequestItem as RawItem | undefined;
      const amount = item?.amount;
      if (
        !item ||
        typeof item.pspReference !== 'string' ||
        typeof item.eventCode !== 'string' ||
        typeof item.merchantReference !== 'string' ||
        (item.success !== 'true' && item.success !== 'false') ||
        typeof amount?.value !== 'number' ||
        !Number.isSafeInteger(amount.value) ||
        typeof amount.currency !== 'string'
      ) {
        throw new WebhookFormatError(
          `notificationItems.${index}.NotificationRequestItem: needs pspReference, eventCode, merchantReference, success and amount`,
        );
      }
      return item as RawItem & {
        pspReference: string;
        eventCode: string;
        merchantReference: string;
        success: 'true' | 'false';
        amount: { value: number; currency: string };
      };
    });
    for (const item of items) {
      if (!this.options.hmacKeys.some((key) => this.signatureValid(item, key)))
        throw new WebhookSignatureError('An Adyen notification item has a missing or wrong hmacSignature, or one made with a retired key');
    }
    return items.flatMap((item): PaymentNotification[] => {
      const type = notificationType(item.eventCode, item.success === 'true');
      if (!type || item.merchantAccountCode !== this.options.merchantAccount) return [];
      const additional = item.additionalData ?? {};
      return [
        {
          // Adyen's duplicate key is pspReference with eventCode; success is part of it because an AUTHORISATION false may be followed by a true for the same pspReference.
          eventId: `${item.pspReference}:${item.eventCode}:${item.success}`,
          type,
          paymentId: item.merchantReference,
          providerReference: item.originalReference || item.pspReference,
          customerReference: additional['metadata.customer_reference'] ?? additional.shopperReference ?? '',
          methodCode: additional['metadata.method_code'] ?? '',
          amount: BigInt(item.amount.value),
          currency: item.amount.currency,
          reason: item.reason || null,
          card: null,
          cryptoSource: null,
          payload: item as Record<string, unknown>,
        },
      ];
    });
  }

  private signatureValid(item: RawItem, key: string): boolean {
    try {
      // The SDK's check: the eight fields joined by ':', HMAC-SHA256 under the hex-decoded key, compared in constant time.
      return this.hmac.validateHMAC(item as unknown as NotificationItem, key);
    } catch {
      // validateHMAC throws when the item carries no hmacSignature.
      return false;
    }
  }
}
