import type { PaymentMethodCode } from '../../../../contracts/platform/cashier/payment-methods';

/**
 * A payment service provider (ARCHITECTURE §2): everything the cashier asks of one. The cashier
 * keeps its own record of each payment (the `payment` table) and moves money only in the ledger;
 * the provider takes and pays out the money and reports back by signed webhooks. Amounts are
 * minor units of the player's currency; crypto amounts are thousandths of a coin.
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
   */
  payout(request: PayoutRequest): Promise<PayoutOutcome>;
  /**
   * What the provider's books say about a payment (a deposit) or payout the cashier started,
   * found by the cashier's payment id, so that a payment whose answer or webhook was lost (a
   * crash, a network cut) can still be settled: the reconciler's question.
   */
  paymentStatus(request: PaymentStatusRequest): Promise<ProviderPaymentStatus>;
  /**
   * Checks a webhook's signature over the raw body and reads it. Throws
   * WebhookSignatureError for a missing or wrong signature, WebhookFormatError for a body that is
   * not one of the provider's notifications.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotification;
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
  | { state: 'SUCCEEDED'; providerReference: string; customerReference: string; amount: bigint; currency: string; card: VaultedCard | null }
  | { state: 'FAILED'; providerReference: string; customerReference: string; amount: bigint; currency: string; outcome: 'DECLINED' | 'FAILED' | 'CANCELLED'; reason: string | null };

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
}

export type PayoutOutcome =
  /** Accepted; PAYOUT_PAID or PAYOUT_FAILED follows. continueUrl: the provider's page for a step the player takes there. */
  | { status: 'PENDING'; providerReference: string; continueUrl: string | null }
  | { status: 'DECLINED'; providerReference: string | null; reason: string };

/** What a card looks like once the provider has vaulted it: never the number or the security code. */
export interface VaultedCard {
  token: string;
  brand: string;
  lastFour: string;
  nameOnCard: string;
  expiryMonth: number;
  expiryYear: number;
}

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
  /** A card the player chose to keep (CARD_STORED, or a card deposit with "save this card"). */
  card: VaultedCard | null;
  /** The parsed body, kept in payment_event. */
  payload: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is missing or wrong') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export class WebhookFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookFormatError';
  }
}
