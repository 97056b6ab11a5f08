import type { PaymentMethodCode } from '../../contracts/platform/cashier/payment-methods';

/**
 * A payment service provider (ARCHITECTURE §2): everything the cashier asks of one. The cashier
 * keeps its own record of each payment (the `payment` table) and moves money only in the ledger;
 * the provider takes and pays out the money and reports back by signed webhooks. Amounts are
 * minor units of the player's currency; crypto amounts are thousandths of a coin (a crypto
 * payout's, priced finer, hundred-millionths).
 *
 * A real PSP is one more implementation of this interface; the sandbox provider
 * (`sandbox-payment-provider.ts`) implements all of it against the sandbox PSP.
 */
export interface PaymentProvider {
  readonly id: string;
  /**
   * Starts a deposit; with a stored card token, a quote or a bank confirmation it may finish at
   * once. Idempotent by paymentId: the same paymentId again answers the first deposit.
   */
  startDeposit(request: DepositRequest): Promise<DepositOutcome>;
  /** Crypto: prices the fiat amount in each coin the provider accepts (DEP-41, DEP-42). */
  quote(request: QuoteRequest): Promise<QuoteResult>;
  /** Adds a card: the address of the provider's page where the player enters it (DEP-49). */
  addStoredCard(request: CardSetupRequest): Promise<{ providerReference: string; continueUrl: string }>;
  /** Removes a card from the provider's vault (DEP-50). */
  deleteStoredCard(request: { customerReference: string; token: string }): Promise<void>;
  /**
   * Pays a withdrawal out, idempotently by paymentId (a retry after a lost answer never pays
   * twice); the result arrives by webhook (PAYOUT_PAID or PAYOUT_FAILED) or the status call.
   * Crypto (`cryptoAddress`): the provider prices the fiat amount in the coin at its rate of the
   * moment and sends it to the address; the cashier uses it only to send a deposit's money back
   * where its coins came from (a self-exclusion's payback, issue 26).
   */
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
  /**
   * What the provider's books say about a payment (a deposit) or payout the cashier started,
   * found by the cashier's payment id, so that a payment whose answer or webhook was lost (a
   * crash, a network cut) can still be settled: the reconciler's question.
   */
  paymentStatus(request: PaymentStatusRequest): Promise<ProviderPaymentStatus>;
  /**
   * Voids a deposit the provider authorised but the cashier refuses (credit funding where the
   * player's rules forbid it): nothing is captured from the player. Idempotent by paymentId;
   * answers false when the provider has no authorised deposit under it to void.
   */
  voidDeposit(request: { paymentId: string; reason: string }): Promise<boolean>;
  /**
   * Checks a webhook's signature over the raw body and reads it. Throws
   * WebhookSignatureError for a missing or wrong signature, WebhookFormatError for a body that is
   * not one of the provider's notifications.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification;
  /**
   * A provider that sends several notifications in one request (Adyen's notificationItems):
   * checks every one and reads those the cashier acts on. Throws WebhookSignatureError when any
   * item's signature is missing or wrong, so a request is taken whole or not at all. Present: the
   * route uses it instead of parseWebhook (and the provider acknowledges first).
   */
  parseWebhookBatch?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification[];
  /**
   * The player is back from the provider's page with its result token (Adyen's redirectResult):
   * the provider's API tells the outcome, answered as a notification for the cashier to store
   * and settle from; null when it tells nothing final yet.
   */
  returnDetails?(redirectResult: string): Promise<PaymentNotification | null>;
  /** The body the provider expects in the 2xx answer to a webhook (Adyen: `[accepted]`); absent: the cashier's JSON answer. */
  readonly webhookAcknowledgement?: string;
  /**
   * True for a provider whose events arrive late, twice and in any order and whose API is the
   * truth (Stripe): the cashier stores the verified event, answers at once, and then settles the
   * payment the event names from `paymentStatus` — as the reconciler does — instead of from the
   * event's contents. Absent: the notification is applied as it is read.
   */
  readonly acknowledgesFirst?: boolean;
  /**
   * A provider that acknowledges first and reports a card saved without a payment (Stripe's
   * SetupIntent) by an event naming only its id: the card as the provider keeps it now, read
   * when the stored CARD_STORED event is settled; null when the setup did not succeed.
   */
  storedCardOf?(payload: Record<string, unknown>): Promise<{ customerReference: string; methodCode: string; card: VaultedCard } | null>;
}

/**
 * The payment providers running on this node (issue 31): the default PAYMENT_PROVIDER, every
 * provider PAYMENT_ROUTING names for a method, and every provider whose keys are configured. A
 * payment keeps the provider it started with (the `payment.provider` column), and its webhooks,
 * status look-ups, voids and payouts go to that provider whatever the routing says now: moving a
 * method to another provider only changes where new payments start.
 */
export interface PaymentProviders {
  readonly all: readonly PaymentProvider[];
  /** The provider with this id (a payment row's, a stored card's), or undefined when it is not running here. */
  get(id: string): PaymentProvider | undefined;
}

/** A payment names a provider this node does not run (its keys were removed while it was open). */
export class PaymentProviderNotRunningError extends Error {
  constructor(readonly provider: string) {
    super(`The payment provider ${provider} is not configured on this node`);
    this.name = 'PaymentProviderNotRunningError';
  }
}

/** The registry of the given providers, by id. */
export function paymentProviders(...providers: PaymentProvider[]): PaymentProviders {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  return { all: [...byId.values()], get: (id) => byId.get(id) };
}

/** The provider with this id; throws PaymentProviderNotRunningError when it is not running here. */
export function requireProvider(providers: PaymentProviders, id: string): PaymentProvider {
  const provider = providers.get(id);
  if (!provider) throw new PaymentProviderNotRunningError(id);
  return provider;
}

export interface DepositRequest {
  /** The cashier's payment id: the provider's merchant reference. */
  paymentId: string;
  /** The player's partyId: the provider's customer reference. */
  customerReference: string;
  methodCode: PaymentMethodCode;
  currency: string;
  /** Minor units. */
  amount: bigint;
  language: string;
  /** Card methods: charge this stored card directly. */
  cardToken?: string | undefined;
  /** E-wallet methods (NS-19). */
  payFromEmail?: string | undefined;
  /** Crypto: the quote the player chose (from `quote`). */
  quote?: { providerReference: string; quoteId: string } | undefined;
  /** Bank confirm step (DEP-40). */
  bankAccount?: { accountId: string; secureId: string } | undefined;
}

export interface CryptoPaymentInstructions {
  address: string;
  /** Thousandths of a coin (3 decimals, DEP-45). */
  amount: bigint;
  currency: string;
  /** Minor units of the fiat currency per one coin. */
  rate: bigint;
  /** A payment URI for the QR code. */
  paymentUri: string;
}

/** Why a provider refused a payment: the cashier maps QUOTE_EXPIRED to its own error. */
export type DeclineCode = 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'QUOTE_EXPIRED';

export type DepositOutcome =
  /** Money taken: credit now. */
  | { status: 'SUCCESS'; providerReference: string }
  /** The player continues on the provider's page (shown in a frame). */
  | { status: 'CONTINUE_TO_PAYMENT_SITE'; providerReference: string; continueUrl: string }
  /** Crypto: the player sends coins to the address. */
  | { status: 'AWAITING_PAYMENT'; providerReference: string; crypto: CryptoPaymentInstructions }
  /** Accepted; the outcome follows by webhook. */
  | { status: 'PENDING'; providerReference: string }
  | { status: 'DECLINED'; providerReference: string | null; code: DeclineCode; reason: string };

export interface QuoteRequest {
  paymentId: string;
  customerReference: string;
  currency: string;
  amount: bigint;
}

export interface ProviderQuote {
  id: string;
  /** The coin. */
  currency: string;
  /** Minor units of the fiat currency per one coin. */
  rate: bigint;
  /** Thousandths of a coin. */
  amount: bigint;
  expiresAt: Date;
}

export interface QuoteResult {
  providerReference: string;
  quotes: ProviderQuote[];
}

export interface CardSetupRequest {
  customerReference: string;
  methodCode: PaymentMethodCode;
  currency: string;
  language: string;
}

export interface PaymentStatusRequest {
  /** The cashier's payment id (the provider's merchant reference). */
  paymentId: string;
  kind: 'DEPOSIT' | 'PAYOUT';
  /** The provider's reference when the cashier heard it; null when the answer was lost. */
  providerReference: string | null;
}

/**
 * The provider's view of one payment. SUCCEEDED is money taken (a deposit) or paid out (a
 * payout); FAILED carries how it ended. OPEN: the provider is still waiting (on the player's
 * page, for coins, for the payout window). NOT_FOUND: the request never reached the provider.
 */
export type ProviderPaymentStatus =
  | { state: 'NOT_FOUND' }
  | { state: 'OPEN'; providerReference: string }
  | {
      state: 'SUCCEEDED';
      providerReference: string;
      customerReference: string;
      amount: bigint;
      currency: string;
      card: VaultedCard | null;
      cryptoSource: CryptoSource | null;
      fundingSource?: FundingSource | null;
    }
  | {
      state: 'FAILED';
      providerReference: string;
      customerReference: string;
      amount: bigint;
      currency: string;
      outcome: 'DECLINED' | 'FAILED' | 'CANCELLED';
      reason: string | null;
    };

/** Pays out once per paymentId: asking again with the same paymentId answers the first payout. */
export interface PayoutRequest {
  paymentId: string;
  customerReference: string;
  methodCode: PaymentMethodCode;
  currency: string;
  amount: bigint;
  cardToken?: string | undefined;
  email?: string | undefined;
  bankAccountId?: string | undefined;
  /** Crypto: the coin and the address to send it to. */
  cryptoAddress?: CryptoSource | undefined;
}

/** A crypto payout as the provider priced and sent it. */
export interface CryptoPayout {
  coin: string;
  address: string;
  /** Minor units of the fiat currency per one coin. */
  rate: bigint;
  /** Hundred-millionths of a coin (8 decimals). */
  amount: bigint;
}

export type PayoutOutcome =
  /** Accepted; PAYOUT_PAID or PAYOUT_FAILED follows. continueUrl: the provider's page for a step the player takes there. */
  | { status: 'PENDING'; providerReference: string; continueUrl: string | null; crypto?: CryptoPayout | undefined }
  | { status: 'DECLINED'; providerReference: string | null; reason: string };

/**
 * The card instrument a card payment was made with, or a card the player stored, as the provider
 * keeps it: never the number or the security code. The provider reports it for every successful
 * card deposit, saved or not (as acquirers give every charge a payment method), so that the
 * money can go back to the card it came from (closed loop, issue 26 defect 8).
 */
export interface VaultedCard {
  /** The provider's reference to the instrument: payouts to the card use it, and charges when `reusable`. */
  token: string;
  brand: string;
  lastFour: string;
  nameOnCard: string;
  expiryMonth: number;
  expiryYear: number;
  /**
   * The same card number gives the same fingerprint at this provider (another token each time it
   * is entered), never reversible to the number. Null only for a card vaulted before the
   * provider reported one.
   */
  fingerprint: string | null;
  /** True when the player asked to keep the card for later payments (or stored it by itself). */
  reusable: boolean;
}

/**
 * Where a crypto deposit's coins came from, as the provider reports it with the success (the
 * transaction's input address, or the refund address the sender gave): the only place the
 * money can go back to (closed loop, issue 26).
 */
export interface CryptoSource {
  /** The coin sent (BTC, ETH, USDT): an address receives only its own network's coins. */
  coin: string;
  address: string;
}

/**
 * What a payment was paid from, as the provider reports it with the authorisation (e-wallets
 * report it as their own balance, a linked bank account or card, or their pay-later credit).
 * CREDIT_CARD and PAY_LATER are credit: refused where the player's rules forbid gambling on
 * credit (docs/compliance.md "Credit funding").
 */
export type FundingSource = 'BALANCE' | 'BANK_ACCOUNT' | 'DEBIT_CARD' | 'CREDIT_CARD' | 'PAY_LATER';

export type NotificationType =
  | 'PAYMENT_SUCCEEDED'
  | 'PAYMENT_DECLINED'
  | 'PAYMENT_FAILED'
  | 'PAYMENT_CANCELLED'
  | 'PAYOUT_PAID'
  | 'PAYOUT_FAILED'
  | 'CARD_STORED';

/** A provider webhook, read and verified. */
export interface PaymentNotification {
  /** Unique per event at the provider: a replay carries the same id. */
  eventId: string;
  type: NotificationType;
  /** The cashier's payment id (null for CARD_STORED). */
  paymentId: string | null;
  providerReference: string;
  customerReference: string;
  /** The method the payment or card belongs to. */
  methodCode: string;
  /** Minor units (null for CARD_STORED). */
  amount: bigint | null;
  currency: string | null;
  reason: string | null;
  /** The card stored (CARD_STORED) or paid with (PAYMENT_SUCCEEDED of a card deposit, saved or not). */
  card: VaultedCard | null;
  /** A successful crypto deposit: where its coins came from (null for other payments and when the provider did not say). */
  cryptoSource: CryptoSource | null;
  /** A successful payment: what it was paid from, when the provider says (e-wallets); null otherwise. */
  fundingSource?: FundingSource | null;
  /** The parsed body, kept in payment_event. */
  payload: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is missing or wrong') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A verified event the cashier does not act on (another of the provider's event types, another integration's object): answered 2xx so it is not sent again. */
export class WebhookIgnoredError extends Error {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
  ) {
    super(`The event ${eventId} (${eventType}) is not one the cashier acts on`);
    this.name = 'WebhookIgnoredError';
  }
}

export class WebhookFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookFormatError';
  }
}
