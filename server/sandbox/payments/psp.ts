import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, lte, or } from 'drizzle-orm';
import {
  isCardMethod,
  isCashierWidgetMethod,
  isEmailWalletMethod,
  paymentMethodDescriptor,
  type PaymentMethodCode,
  type PaymentMethodKind,
} from '../../../contracts/platform/cashier/payment-methods';
import type { Db } from '../../db/database';
import { sandboxPspCard, sandboxPspKey, sandboxPspPayment } from '../../db/schema';
import {
  coinAmount,
  coinRate,
  isCoinAddress,
  isSandboxCoin,
  paymentUri,
  payoutCoinAmount,
  sandboxAddress,
  sandboxCoins,
  sandboxWalletAddress,
  type SandboxCoin,
} from './crypto-rates';
import {
  cardBrand,
  cardScenario,
  checkCardForm,
  DECLINED_SECURE_ID,
  emailFundingSource,
  emailScenario,
  FAILING_PAYOUT_ACCOUNT_SUFFIX,
  THREE_D_SECURE_CODE,
  type CardFormInput,
  type CardScenario,
  type FundingSource,
} from './test-inputs';
import type { SandboxEvent, SandboxEventType } from './webhook-protocol';

/**
 * The sandbox payment service provider: "another company" with its own books (sandbox_psp_*),
 * its own pages (payments.plugin.ts) and a merchant API (the methods below, called by the
 * cashier's sandbox adapter). It tells the merchant what happened only by signed webhooks
 * (webhook-delivery.ts). Card numbers and security codes are checked and dropped: only brand,
 * last four digits, expiry, holder name, a token and a fingerprint (a keyed hash of the number)
 * are kept.
 */
export const SANDBOX_PAYMENTS_PATH = '/sandbox/payments';

export type SandboxRow = typeof sandboxPspPayment.$inferSelect;
export type SandboxMethod = PaymentMethodCode | (string & {});

/** What the sandbox does with a method's payment follows from its kind (the contract's descriptor); other WPCGHOSTED_ codes are cards. */
const sandboxKind = (code: string): PaymentMethodKind | undefined => paymentMethodDescriptor(code)?.kind ?? (isCardMethod(code) ? 'card' : undefined);

export interface SandboxTiming {
  /** How long a "delayed webhook" scenario waits. */
  webhookDelayMs: number;
  /** How long an ordinary payout takes. */
  payoutDelayMs: number;
  /** How long a widget payout waits for the player to choose a destination before paying to the default. */
  widgetPayoutWindowMs: number;
  /** How long a payment page stays open; an unfinished one is then cancelled. */
  pageWindowMs: number;
  /** How long a crypto address waits for the coins; then the payment fails as expired. */
  cryptoWindowMs: number;
  /**
   * How long a claimed webhook is held by the node sending it. A webhook is marked sent only
   * once the merchant acknowledged it; a node that dies mid-delivery leaves it to be sent again
   * when the claim lapses.
   */
  deliveryLeaseMs: number;
}

export function sandboxTiming(webhookDelayMs: number): SandboxTiming {
  return {
    webhookDelayMs,
    payoutDelayMs: Math.min(2_000, webhookDelayMs),
    widgetPayoutWindowMs: 15 * 60_000,
    pageWindowMs: 30 * 60_000,
    cryptoWindowMs: 60 * 60_000,
    deliveryLeaseMs: Math.max(2_000, Math.min(30_000, webhookDelayMs * 3)),
  };
}

interface StoredQuote {
  id: string;
  coin: SandboxCoin;
  rate: string;
  amount: string;
  expiresAt: string;
}

interface PendingCard {
  brand: string;
  lastFour: string;
  nameOnCard: string;
  expiryMonth: number;
  expiryYear: number;
  scenario: CardScenario;
  /** HMAC-SHA256 of the number under the sandbox's key (null on rows from before fingerprints). */
  fingerprint: string | null;
  save: boolean;
}

/**
 * A card in the vault as the merchant is told of it (webhook `card`, status call). Every card an
 * authorised payment was made with is vaulted, as acquirers do; `reusable` only when the customer
 * asked to save it (or stored it by itself). Rows from before fingerprints lack the last two.
 */
export interface SandboxVaultedCard {
  token: string;
  brand: string;
  lastFour: string;
  nameOnCard: string;
  expiryMonth: number;
  expiryYear: number;
  fingerprint?: string | null;
  reusable?: boolean;
}

/** What the sandbox keeps about a payment besides its columns. */
export type SandboxDetails = {
  customerReference: string;
  language?: string;
  payFromEmail?: string;
  /**
   * E-wallets: what the customer paid from, chosen on the wallet's page and reported with the
   * authorisation (webhook `fundingSource`, status call), as real e-wallets report it.
   */
  fundingSource?: FundingSource;
  /** The merchant voided the authorisation (it refused the payment after it was authorised): nothing is captured. */
  voidedByMerchant?: string;
  quotes?: StoredQuote[];
  chosenQuote?: StoredQuote & { address: string; paymentUri: string };
  /**
   * Crypto: the address the coins came from (the transaction's input), reported to the merchant
   * with the outcome so that money can be sent back there.
   */
  senderAddress?: string;
  /** A crypto payout: the coin, the address paid to, the rate used and the coins sent (hundred-millionths). */
  cryptoPayout?: SandboxCryptoPayout;
  accountLastFour?: string;
  reason?: string;
  card?: PendingCard;
  /** The card an authorised card payment was made with (vaulted, saved or not), or the card a setup stored. */
  savedCard?: SandboxVaultedCard;
  destination?: string;
  innerMethod?: string;
  webhookAttempts?: number;
  lastWebhookError?: string;
};

/** A crypto payout as priced and sent: amounts as strings (rate in minor units per coin, coins in hundred-millionths). */
export interface SandboxCryptoPayout {
  coin: SandboxCoin;
  address: string;
  rate: string;
  amount: string;
}

export const QUOTE_TTL_MS = 15 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SandboxDepositAnswer =
  | { status: 'SUCCESS' | 'PENDING'; reference: string }
  | { status: 'CONTINUE'; reference: string; continueUrl: string }
  | { status: 'AWAITING_PAYMENT'; reference: string; address: string; amount: bigint; coin: string; rate: bigint; paymentUri: string }
  | { status: 'DECLINED'; reference: string | null; code: 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'QUOTE_EXPIRED'; reason: string };

export interface SandboxDepositRequest {
  merchantReference: string;
  customerReference: string;
  methodCode: SandboxMethod;
  currency: string;
  amount: bigint;
  language: string;
  cardToken?: string | undefined;
  payFromEmail?: string | undefined;
  quote?: { reference: string; quoteId: string } | undefined;
  bankAccount?: { accountId: string; secureId: string } | undefined;
}

export interface SandboxPayoutRequest {
  merchantReference: string;
  customerReference: string;
  methodCode: SandboxMethod;
  currency: string;
  amount: bigint;
  cardToken?: string | undefined;
  email?: string | undefined;
  bankAccountId?: string | undefined;
  /** Crypto: the coin and the address to send it to (where a deposit's coins came from). */
  cryptoAddress?: { coin: string; address: string } | undefined;
}

export type SandboxPayoutAnswer =
  | { status: 'PENDING'; reference: string; continueUrl: string | null; crypto?: SandboxCryptoPayout }
  | { status: 'DECLINED'; reference: string | null; reason: string };

export const pageUrl = (kind: 'card' | 'ewallet' | 'widget' | 'crypto', id: string, suffix = '') => `${SANDBOX_PAYMENTS_PATH}/${kind}/${id}${suffix}`;

const details = (row: SandboxRow) => row.details as unknown as SandboxDetails;
const newToken = () => `tok_${randomBytes(18).toString('base64url')}`;
const FINGERPRINT_KEY = 'card-fingerprint';

/**
 * The key of the sandbox's card fingerprints: random, made by the first node that needs it (the
 * others read the same row) and kept only in the sandbox's books, so that a fingerprint the
 * merchant stores cannot be turned back into a card number by trying the few numbers that fit a
 * brand and last four digits.
 */
async function fingerprintKey(db: Db): Promise<string> {
  await db
    .insert(sandboxPspKey)
    .values({ name: FINGERPRINT_KEY, secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [key] = await db.select({ secret: sandboxPspKey.secret }).from(sandboxPspKey).where(eq(sandboxPspKey.name, FINGERPRINT_KEY));
  if (!key) throw new Error('sandbox fingerprint key not stored');
  return key.secret;
}

const fingerprintOf = (key: string, digits: string) => createHmac('sha256', key).update(digits).digest('hex');

/**
 * The sandbox's fingerprint of a card number: the same digits give the same fingerprint, for
 * every customer, as an acquirer's card fingerprint does. For the demo seed, which vaults a card
 * without the page.
 */
export async function sandboxCardFingerprint(db: Db, digits: string): Promise<string> {
  return fingerprintOf(await fingerprintKey(db), digits);
}

/** Where a crypto payment's coins came from, as the merchant is told of it (null for other payments, or before coins arrived). */
export function reportedCryptoSender(info: SandboxDetails): { coin: string; senderAddress: string } | null {
  const coin = info.chosenQuote?.coin;
  return coin && info.senderAddress ? { coin, senderAddress: info.senderAddress } : null;
}

/** The card of a payment as the merchant is told of it; a card vaulted before fingerprints was a saved one. */
export function reportedCard(info: SandboxDetails): (Required<Omit<SandboxVaultedCard, 'fingerprint'>> & { fingerprint: string | null }) | null {
  const card = info.savedCard;
  if (!card) return null;
  const { token, brand, lastFour, nameOnCard, expiryMonth, expiryYear } = card;
  return { token, brand, lastFour, nameOnCard, expiryMonth, expiryYear, fingerprint: card.fingerprint ?? null, reusable: card.reusable ?? true };
}

/** What an authorised e-wallet payment was paid from, as the merchant is told of it (null for other methods). */
export function reportedFundingSource(info: SandboxDetails): FundingSource | null {
  return info.fundingSource ?? null;
}

export class SandboxPsp {
  private fingerprintKey: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    readonly timing: SandboxTiming,
  ) {}

  /** The number's fingerprint (sandboxCardFingerprint), the key read once per instance. */
  private async cardFingerprint(digits: string): Promise<string> {
    this.fingerprintKey ??= fingerprintKey(this.db).catch((error: unknown) => {
      this.fingerprintKey = undefined;
      throw error;
    });
    return fingerprintOf(await this.fingerprintKey, digits);
  }

  private later(ms: number): Date {
    return new Date(Date.now() + ms);
  }

  /** An open page is looked at again when it expires (expireUnfinished). */
  private pageExpiry(): Date {
    return this.later(this.timing.pageWindowMs);
  }

  private async insert(values: typeof sandboxPspPayment.$inferInsert): Promise<SandboxRow> {
    const [row] = await this.db.insert(sandboxPspPayment).values(values).returning();
    if (!row) throw new Error('sandbox payment not stored');
    return row;
  }

  /** Moves a payment from one of `from` to `status`; false when it had already moved on (a second click). */
  private async transition(id: string, from: string[], set: Partial<typeof sandboxPspPayment.$inferInsert>): Promise<SandboxRow | undefined> {
    const [row] = await this.db
      .update(sandboxPspPayment)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(sandboxPspPayment.id, id), or(...from.map((status) => eq(sandboxPspPayment.status, status)))))
      .returning();
    return row;
  }

  async find(id: string): Promise<SandboxRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.id, id));
    return row;
  }

  /** A crypto payment by the sandbox's id or the merchant's payment id. */
  async findCrypto(id: string): Promise<SandboxRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db
      .select()
      .from(sandboxPspPayment)
      .where(and(eq(sandboxPspPayment.methodCode, 'NB_NEKBIT'), or(eq(sandboxPspPayment.id, id), eq(sandboxPspPayment.merchantReference, id))))
      .orderBy(desc(sandboxPspPayment.createdAt))
      .limit(1);
    return row;
  }

  recent(limit = 30): Promise<SandboxRow[]> {
    return this.db.select().from(sandboxPspPayment).orderBy(desc(sandboxPspPayment.createdAt)).limit(limit);
  }

  /**
   * The customer's vaulted card, for a charge or a payout. Only a card saved for reuse and not
   * deleted may be charged; a payout may go to any card the customer paid with, deleted or not,
   * as a refund goes back to the card of its charge.
   */
  private async findCard(customerReference: string, token: string, use: 'charge' | 'payout') {
    const [card] = await this.db
      .select()
      .from(sandboxPspCard)
      .where(
        and(
          eq(sandboxPspCard.token, token),
          eq(sandboxPspCard.customerReference, customerReference),
          ...(use === 'charge' ? [isNull(sandboxPspCard.deletedAt), eq(sandboxPspCard.reusable, true)] : []),
        ),
      );
    return card;
  }

  // ── merchant API ────────────────────────────────────────────────────────────────────────────

  /**
   * The PSP's record of a merchant's payment or payout, by the merchant's own payment id (the
   * merchant may never have heard the PSP's reference): the merchant's status call. Crypto
   * quotes are kept on the deposit's row, so a quote never used answers as QUOTED.
   */
  async byMerchantReference(merchantReference: string, direction: 'DEPOSIT' | 'PAYOUT'): Promise<SandboxRow | undefined> {
    if (!merchantReference) return undefined;
    const [row] = await this.db
      .select()
      .from(sandboxPspPayment)
      .where(and(eq(sandboxPspPayment.merchantReference, merchantReference), eq(sandboxPspPayment.direction, direction)))
      .orderBy(asc(sandboxPspPayment.createdAt))
      .limit(1);
    return row;
  }

  /** The answer a deposit already started under this merchant reference gave, given again (an idempotent retry). */
  private depositAnswerOf(row: SandboxRow, request: SandboxDepositRequest): SandboxDepositAnswer {
    const info = details(row);
    if (
      row.amount !== request.amount ||
      row.currency !== request.currency ||
      info.customerReference !== request.customerReference ||
      row.methodCode !== request.methodCode
    ) {
      return { status: 'DECLINED', reference: null, code: 'DECLINED', reason: 'Another payment already uses this merchant reference' };
    }
    const kind = isCashierWidgetMethod(row.methodCode) ? 'widget' : isEmailWalletMethod(row.methodCode) ? 'ewallet' : 'card';
    switch (row.status) {
      case 'CREATED':
        return { status: 'CONTINUE', reference: row.id, continueUrl: pageUrl(kind, row.id) };
      case 'CHALLENGE':
        return { status: 'CONTINUE', reference: row.id, continueUrl: pageUrl('card', row.id, '/3ds') };
      case 'AUTHORISED':
        return { status: row.scenario === 'delayed' && row.webhookSentAt === null ? 'PENDING' : 'SUCCESS', reference: row.id };
      default:
        return {
          status: 'DECLINED',
          reference: row.id,
          code: row.scenario === 'insufficient' ? 'INSUFFICIENT_FUNDS' : 'DECLINED',
          reason: info.reason ?? 'Declined',
        };
    }
  }

  async createDeposit(request: SandboxDepositRequest): Promise<SandboxDepositAnswer> {
    // Idempotent by the merchant's payment id: a merchant that lost the answer may ask again.
    if (request.methodCode !== 'NB_NEKBIT') {
      const existing = await this.byMerchantReference(request.merchantReference, 'DEPOSIT');
      if (existing) return this.depositAnswerOf(existing, request);
    }
    const base = {
      merchantReference: request.merchantReference,
      methodCode: request.methodCode,
      direction: 'DEPOSIT' as const,
      currency: request.currency,
      amount: request.amount,
    };
    const info: SandboxDetails = { customerReference: request.customerReference, language: request.language };
    switch (sandboxKind(request.methodCode)) {
      case 'crypto':
        return this.startCryptoPayment(request);
      case 'bank-confirm': {
        const account = request.bankAccount;
        if (!account) return { status: 'DECLINED', reference: null, code: 'DECLINED', reason: 'A bank account and confirmation code are required' };
        const refused = account.secureId === DECLINED_SECURE_ID;
        const reason = 'The bank did not confirm the payment: wrong secure code';
        const row = await this.insert({
          ...base,
          status: refused ? 'DECLINED' : 'AUTHORISED',
          scenario: refused ? 'declined' : 'success',
          details: { ...info, accountLastFour: account.accountId.slice(-4), ...(refused ? { reason } : {}) },
          webhookDueAt: new Date(),
        });
        return refused ? { status: 'DECLINED', reference: row.id, code: 'DECLINED', reason } : { status: 'SUCCESS', reference: row.id };
      }
      case 'e-wallet': {
        if (!request.payFromEmail) return { status: 'DECLINED', reference: null, code: 'DECLINED', reason: 'An e-wallet e-mail address is required' };
        const row = await this.insert({
          ...base,
          status: 'CREATED',
          scenario: emailScenario(request.payFromEmail),
          details: { ...info, payFromEmail: request.payFromEmail },
          webhookDueAt: this.pageExpiry(),
        });
        return { status: 'CONTINUE', reference: row.id, continueUrl: pageUrl('ewallet', row.id) };
      }
      case 'widget': {
        const row = await this.insert({ ...base, status: 'CREATED', details: info, webhookDueAt: this.pageExpiry() });
        return { status: 'CONTINUE', reference: row.id, continueUrl: pageUrl('widget', row.id) };
      }
      default: {
        if (!request.methodCode.startsWith('WPCGHOSTED_'))
          return { status: 'DECLINED', reference: null, code: 'DECLINED', reason: 'This method is not offered by the sandbox' };
        if (!request.cardToken) {
          const row = await this.insert({ ...base, status: 'CREATED', details: info, webhookDueAt: this.pageExpiry() });
          return { status: 'CONTINUE', reference: row.id, continueUrl: pageUrl('card', row.id) };
        }
        const card = await this.findCard(request.customerReference, request.cardToken, 'charge');
        if (!card) return { status: 'DECLINED', reference: null, code: 'DECLINED', reason: 'The card is not known to the provider' };
        const scenario = card.scenario as CardScenario;
        const outcome = this.cardOutcome(scenario);
        const { token, brand, lastFour, nameOnCard, expiryMonth, expiryYear, fingerprint, reusable } = card;
        const savedCard: SandboxVaultedCard = { token, brand, lastFour, nameOnCard, expiryMonth, expiryYear, fingerprint, reusable };
        const row = await this.insert({
          ...base,
          cardToken: card.token,
          scenario,
          status: outcome.status,
          // The card charged is reported with the payment, as for a card entered on the page.
          details: { ...info, savedCard, ...(outcome.reason ? { reason: outcome.reason } : {}) },
          webhookDueAt: outcome.webhookDueAt,
        });
        if (outcome.status === 'CHALLENGE') return { status: 'CONTINUE', reference: row.id, continueUrl: pageUrl('card', row.id, '/3ds') };
        if (outcome.status === 'DECLINED')
          return {
            status: 'DECLINED',
            reference: row.id,
            code: scenario === 'insufficient' ? 'INSUFFICIENT_FUNDS' : 'DECLINED',
            reason: outcome.reason ?? 'Declined',
          };
        return { status: scenario === 'delayed' ? 'PENDING' : 'SUCCESS', reference: row.id };
      }
    }
  }

  /** How a card with this scenario answers a charge once entered (or charged from the vault). */
  private cardOutcome(scenario: CardScenario): { status: string; reason?: string; webhookDueAt: Date | null } {
    switch (scenario) {
      case 'declined':
        return { status: 'DECLINED', reason: 'The card was declined', webhookDueAt: new Date() };
      case 'insufficient':
        return { status: 'DECLINED', reason: 'Insufficient funds on the card', webhookDueAt: new Date() };
      case 'challenge':
        return { status: 'CHALLENGE', webhookDueAt: this.pageExpiry() };
      case 'delayed':
        return { status: 'AUTHORISED', webhookDueAt: this.later(this.timing.webhookDelayMs) };
      case 'success':
        return { status: 'AUTHORISED', webhookDueAt: new Date() };
    }
  }

  async createQuote(request: {
    merchantReference: string;
    customerReference: string;
    currency: string;
    amount: bigint;
  }): Promise<{ reference: string; quotes: StoredQuote[] }> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS).toISOString();
    const quotes: StoredQuote[] = [];
    for (const coin of sandboxCoins) {
      const rate = coinRate(coin, request.currency, now);
      if (rate === undefined) continue;
      quotes.push({
        id: `qt_${coin.toLowerCase()}_${randomUUID()}`,
        coin,
        rate: rate.toString(),
        amount: coinAmount(request.amount, rate).toString(),
        expiresAt,
      });
    }
    const row = await this.insert({
      merchantReference: request.merchantReference,
      methodCode: 'NB_NEKBIT',
      direction: 'DEPOSIT',
      currency: request.currency,
      amount: request.amount,
      status: 'QUOTED',
      details: { customerReference: request.customerReference, quotes },
    });
    return { reference: row.id, quotes };
  }

  private async startCryptoPayment(request: SandboxDepositRequest): Promise<SandboxDepositAnswer> {
    const chosen = request.quote;
    const row = chosen ? await this.find(chosen.reference) : undefined;
    if (
      !chosen ||
      !row ||
      row.merchantReference !== request.merchantReference ||
      row.direction !== 'DEPOSIT' ||
      details(row).customerReference !== request.customerReference
    ) {
      return { status: 'DECLINED', reference: null, code: 'DECLINED', reason: 'Unknown quote' };
    }
    const quote = details(row).quotes?.find((candidate) => candidate.id === chosen.quoteId);
    if (!quote) return { status: 'DECLINED', reference: row.id, code: 'DECLINED', reason: 'Unknown quote' };
    if (row.amount !== request.amount || row.currency !== request.currency)
      return { status: 'DECLINED', reference: row.id, code: 'DECLINED', reason: 'The amount differs from the quote' };
    const awaiting = (shown: NonNullable<SandboxDetails['chosenQuote']>): SandboxDepositAnswer => ({
      status: 'AWAITING_PAYMENT',
      reference: row.id,
      address: shown.address,
      amount: BigInt(shown.amount),
      coin: shown.coin,
      rate: BigInt(shown.rate),
      paymentUri: shown.paymentUri,
    });
    // Asked again for the quote already chosen (the merchant lost the answer): the same address,
    // whatever has arrived there since; the outcome follows by webhook or status call.
    const already = details(row).chosenQuote;
    if (already)
      return already.id === quote.id ? awaiting(already) : { status: 'DECLINED', reference: row.id, code: 'DECLINED', reason: 'This quote was already used' };
    if (Date.parse(quote.expiresAt) <= Date.now()) {
      await this.transition(row.id, ['QUOTED'], { status: 'EXPIRED' });
      return { status: 'DECLINED', reference: row.id, code: 'QUOTE_EXPIRED', reason: 'The quote has expired' };
    }
    const address = sandboxAddress(quote.coin, row.id);
    const chosenQuote = { ...quote, address, paymentUri: paymentUri(quote.coin, address, BigInt(quote.amount)) };
    const updated = await this.transition(row.id, ['QUOTED'], {
      status: 'AWAITING_PAYMENT',
      details: { ...details(row), chosenQuote },
      webhookDueAt: this.later(this.timing.cryptoWindowMs),
    });
    const current = updated ?? row;
    const shown = details(current).chosenQuote;
    // Two requests at once: the one that chose first decides.
    if (!shown || shown.id !== quote.id) return { status: 'DECLINED', reference: row.id, code: 'DECLINED', reason: 'This quote was already used' };
    return awaiting(shown);
  }

  async createCardSetup(request: {
    customerReference: string;
    methodCode: SandboxMethod;
    currency: string;
    language: string;
  }): Promise<{ reference: string; continueUrl: string }> {
    const row = await this.insert({
      merchantReference: '',
      methodCode: request.methodCode,
      direction: 'CARD_SETUP',
      currency: request.currency,
      amount: 0n,
      status: 'CREATED',
      details: { customerReference: request.customerReference, language: request.language },
      webhookDueAt: this.pageExpiry(),
    });
    return { reference: row.id, continueUrl: pageUrl('card', row.id) };
  }

  /** The merchant deletes a card: it cannot be charged any more; payouts back to it still go (findCard). */
  async deleteCard(customerReference: string, token: string): Promise<void> {
    await this.db
      .update(sandboxPspCard)
      .set({ deletedAt: new Date() })
      .where(and(eq(sandboxPspCard.token, token), eq(sandboxPspCard.customerReference, customerReference), isNull(sandboxPspCard.deletedAt)));
  }

  async createPayout(request: SandboxPayoutRequest): Promise<SandboxPayoutAnswer> {
    // Idempotent by the merchant's payment id: a payout asked for twice is paid once.
    const existing = await this.byMerchantReference(request.merchantReference, 'PAYOUT');
    if (existing) {
      if (existing.amount !== request.amount || existing.currency !== request.currency || details(existing).customerReference !== request.customerReference) {
        return { status: 'DECLINED', reference: null, reason: 'Another payout already uses this merchant reference' };
      }
      const crypto = details(existing).cryptoPayout;
      return {
        status: 'PENDING',
        reference: existing.id,
        continueUrl: existing.methodCode === 'PAYMENTIQ_ALL' ? pageUrl('widget', existing.id) : null,
        ...(crypto ? { crypto } : {}),
      };
    }
    const base = {
      merchantReference: request.merchantReference,
      methodCode: request.methodCode,
      direction: 'PAYOUT' as const,
      currency: request.currency,
      amount: request.amount,
    };
    const info: SandboxDetails = { customerReference: request.customerReference };
    const soon = this.later(this.timing.payoutDelayMs);
    const delayed = this.later(this.timing.webhookDelayMs);
    const fail = (reason: string) => ({ status: 'FAILED', details: { ...info, reason } });
    switch (sandboxKind(request.methodCode)) {
      case 'crypto': {
        // Coins go to an address of the coin's own network (a deposit's sending address): the
        // fiat amount priced at the rate of the moment, as the processor converts it.
        const target = request.cryptoAddress;
        if (!target) return { status: 'DECLINED', reference: null, reason: 'A crypto address is required' };
        if (!isSandboxCoin(target.coin)) return { status: 'DECLINED', reference: null, reason: `${target.coin} is not paid out by the sandbox` };
        if (!isCoinAddress(target.coin, target.address)) return { status: 'DECLINED', reference: null, reason: `The address is not a ${target.coin} address` };
        const rate = coinRate(target.coin, request.currency, new Date());
        if (rate === undefined) return { status: 'DECLINED', reference: null, reason: `${target.coin} is not priced in ${request.currency}` };
        const crypto: SandboxCryptoPayout = {
          coin: target.coin,
          address: target.address,
          rate: rate.toString(),
          amount: payoutCoinAmount(request.amount, rate).toString(),
        };
        const row = await this.insert({ ...base, scenario: 'success', status: 'PAID_OUT', details: { ...info, cryptoPayout: crypto }, webhookDueAt: soon });
        return { status: 'PENDING', reference: row.id, continueUrl: null, crypto };
      }
      case 'e-wallet': {
        if (!request.email) return { status: 'DECLINED', reference: null, reason: 'An e-wallet e-mail address is required' };
        const scenario = emailScenario(request.email);
        const row = await this.insert({
          ...base,
          scenario,
          ...(scenario === 'payout-fails'
            ? fail('The e-wallet account cannot receive payouts')
            : { status: 'PAID_OUT', details: { ...info, payFromEmail: request.email } }),
          webhookDueAt: scenario === 'delayed' ? delayed : soon,
        });
        return { status: 'PENDING', reference: row.id, continueUrl: null };
      }
      case 'bank-confirm': {
        if (!request.bankAccountId) return { status: 'DECLINED', reference: null, reason: 'A bank account is required' };
        const failing = request.bankAccountId.endsWith(FAILING_PAYOUT_ACCOUNT_SUFFIX);
        const row = await this.insert({
          ...base,
          scenario: failing ? 'payout-fails' : 'success',
          ...(failing
            ? fail('The bank returned the transfer')
            : { status: 'PAID_OUT', details: { ...info, accountLastFour: request.bankAccountId.slice(-4) } }),
          webhookDueAt: soon,
        });
        return { status: 'PENDING', reference: row.id, continueUrl: null };
      }
      case 'widget': {
        // The player picks where to receive the money in the widget; without a choice it goes to
        // the default destination when the window closes. Either way the request stands.
        const row = await this.insert({
          ...base,
          status: 'PAID_OUT',
          scenario: 'widget',
          details: { ...info, destination: 'default' },
          webhookDueAt: this.later(this.timing.widgetPayoutWindowMs),
        });
        return { status: 'PENDING', reference: row.id, continueUrl: pageUrl('widget', row.id) };
      }
      default: {
        if (!request.methodCode.startsWith('WPCGHOSTED_') || !request.cardToken)
          return { status: 'DECLINED', reference: null, reason: 'A stored card is required' };
        const card = await this.findCard(request.customerReference, request.cardToken, 'payout');
        if (!card) return { status: 'DECLINED', reference: null, reason: 'The card is not known to the provider' };
        const scenario = card.scenario as CardScenario;
        const row = await this.insert({
          ...base,
          cardToken: card.token,
          scenario,
          ...(scenario === 'declined' ? fail('The card issuer refused the payout') : { status: 'PAID_OUT', details: info }),
          webhookDueAt: scenario === 'delayed' ? delayed : soon,
        });
        return { status: 'PENDING', reference: row.id, continueUrl: null };
      }
    }
  }

  // ── page actions ────────────────────────────────────────────────────────────────────────────

  /**
   * The hosted card form was submitted. The card number and security code live only in this
   * call: the row keeps brand, last four digits, expiry, name and the number's fingerprint, and
   * the vault token once authorised.
   */
  async submitCard(
    row: SandboxRow,
    form: CardFormInput & { saveCard?: string | undefined },
  ): Promise<{ errors: { field: string; error: string }[] } | { next: 'challenge' | 'result' }> {
    const checked = checkCardForm(form);
    if (!checked.card) return { errors: checked.errors };
    const { digits, nameOnCard, expiryMonth, expiryYear } = checked.card;
    const scenario = cardScenario(digits);
    const card: PendingCard = {
      brand: cardBrand(digits),
      lastFour: digits.slice(-4),
      nameOnCard,
      expiryMonth,
      expiryYear,
      scenario,
      fingerprint: await this.cardFingerprint(digits),
      save: row.direction === 'CARD_SETUP' || form.saveCard === 'on' || form.saveCard === 'true',
    };
    const outcome = this.cardOutcome(scenario);
    await this.settleCard(row, card, outcome);
    return { next: outcome.status === 'CHALLENGE' ? 'challenge' : 'result' };
  }

  private async settleCard(row: SandboxRow, card: PendingCard, outcome: { status: string; reason?: string; webhookDueAt: Date | null }): Promise<void> {
    const current = details(row);
    const info: SandboxDetails = { ...current, card, ...(outcome.reason ? { reason: outcome.reason } : {}) };
    // Every authorised card is vaulted, saved or not, so that payouts can go back to it (the
    // merchant's closed loop); only a saved one may be charged again.
    if (outcome.status === 'AUTHORISED') {
      const { brand, lastFour, nameOnCard, expiryMonth, expiryYear } = card;
      info.savedCard = { token: newToken(), brand, lastFour, nameOnCard, expiryMonth, expiryYear, fingerprint: card.fingerprint ?? null, reusable: card.save };
    }
    const setup = row.direction === 'CARD_SETUP';
    const status = setup && outcome.status === 'AUTHORISED' ? 'STORED' : outcome.status;
    // A card setup tells the merchant only about a stored card.
    const webhookDueAt = setup ? (status === 'STORED' ? new Date() : status === 'CHALLENGE' ? outcome.webhookDueAt : null) : outcome.webhookDueAt;
    const moved = await this.transition(row.id, ['CREATED', 'CHALLENGE'], {
      status,
      scenario: card.scenario,
      details: info,
      webhookDueAt,
      ...(info.savedCard ? { cardToken: info.savedCard.token } : {}),
    });
    if (moved && info.savedCard) {
      await this.db.insert(sandboxPspCard).values({ ...info.savedCard, customerReference: current.customerReference, scenario: card.scenario });
    }
  }

  /** The 3-D Secure page: the code 1234 passes, anything else declines. */
  async submitChallenge(row: SandboxRow, code: string | undefined): Promise<void> {
    const passed = (code ?? '').trim() === THREE_D_SECURE_CODE;
    const info = details(row);
    const pending = info.card;
    const outcome = passed
      ? { status: 'AUTHORISED', webhookDueAt: new Date() }
      : { status: 'DECLINED', reason: 'The 3-D Secure check failed', webhookDueAt: new Date() };
    if (pending) {
      await this.settleCard(row, pending, outcome);
      return;
    }
    // A stored card charged directly that asked for a challenge.
    await this.transition(row.id, ['CHALLENGE'], {
      status: outcome.status,
      details: { ...info, ...(outcome.reason ? { reason: outcome.reason } : {}) },
      webhookDueAt: outcome.webhookDueAt,
    });
  }

  async cancel(row: SandboxRow): Promise<void> {
    const setup = row.direction === 'CARD_SETUP';
    await this.transition(row.id, ['CREATED', 'CHALLENGE'], {
      status: 'CANCELLED',
      details: { ...details(row), reason: 'Cancelled by the customer' },
      webhookDueAt: setup ? null : new Date(),
    });
  }

  /**
   * The e-wallet's sign-in page: any password; the e-mail address decides the outcome. The
   * customer pays from `fundingSource` (the page's choice; without one, what the e-mail names,
   * else the balance), reported to the merchant with the authorisation.
   */
  async approveEwallet(row: SandboxRow, fundingSource?: FundingSource): Promise<void> {
    const scenario = (row.scenario ?? 'success') as ReturnType<typeof emailScenario>;
    const reason =
      scenario === 'declined' ? 'The e-wallet declined the payment' : scenario === 'insufficient' ? 'Insufficient funds in the e-wallet' : undefined;
    const funding = fundingSource ?? this.defaultFunding(row);
    await this.transition(row.id, ['CREATED'], {
      status: reason ? 'DECLINED' : 'AUTHORISED',
      details: { ...details(row), ...(reason ? { reason } : { fundingSource: funding }) },
      webhookDueAt: scenario === 'delayed' ? this.later(this.timing.webhookDelayMs) : new Date(),
    });
  }

  /** The funding the e-wallet page preselects: what the e-mail names (a test input), else the balance. */
  defaultFunding(row: SandboxRow): FundingSource {
    return emailFundingSource(details(row).payFromEmail ?? '');
  }

  /**
   * The merchant voids an authorised deposit it will not accept (its own rules, e.g. credit
   * funding refused in the customer's jurisdiction): nothing is captured, and the payment ends
   * declined with the merchant's reason. Idempotent; answers false when there is no authorised
   * or voided deposit under the reference.
   */
  async voidDeposit(merchantReference: string, reason: string): Promise<boolean> {
    const row = await this.byMerchantReference(merchantReference, 'DEPOSIT');
    if (!row) return false;
    if (row.status === 'VOIDED') return true;
    // The event the merchant refused needs no redelivery: VOIDED tells nothing more (eventFor).
    const voided = await this.transition(row.id, ['AUTHORISED'], {
      status: 'VOIDED',
      details: { ...details(row), reason, voidedByMerchant: reason },
      webhookDueAt: null,
    });
    return voided !== undefined;
  }

  /** The widget's Pay button with the inner method chosen; the "decline" test method declines. */
  async payWidget(row: SandboxRow, innerMethod: string): Promise<void> {
    const declined = innerMethod === 'decline';
    await this.transition(row.id, ['CREATED'], {
      status: declined ? 'DECLINED' : 'AUTHORISED',
      scenario: declined ? 'declined' : 'success',
      details: { ...details(row), innerMethod, ...(declined ? { reason: 'The payment method in the widget declined' } : {}) },
      webhookDueAt: new Date(),
    });
  }

  /** The widget in payout mode: the chosen destination; the payout is sent now. */
  async confirmWidgetPayout(row: SandboxRow, destination: string): Promise<boolean> {
    const info = details(row);
    if (row.webhookSentAt || info.destination !== 'default') return false;
    const updated = await this.transition(row.id, ['PAID_OUT'], { details: { ...info, destination }, webhookDueAt: new Date() });
    return updated !== undefined;
  }

  /**
   * The blockchain simulator: the exact amount confirms, too little fails as underpaid. The coins
   * come from `fromAddress` (the customer's wallet for the coin unless the page names another),
   * which the payment records and reports as a processor reports the transaction's input.
   */
  async sendCrypto(row: SandboxRow, exact: boolean, fromAddress?: string): Promise<void> {
    const info = details(row);
    const quote = info.chosenQuote;
    if (!quote) return;
    const senderAddress = fromAddress ?? sandboxWalletAddress(quote.coin, info.customerReference);
    if (!isCoinAddress(quote.coin, senderAddress)) throw new RangeError(`not a ${quote.coin} address`);
    const sent = exact ? BigInt(quote.amount) : (BigInt(quote.amount) * 9n) / 10n;
    const reason = exact ? undefined : `Underpaid: received ${formatThousandths(sent)} of ${formatThousandths(BigInt(quote.amount))} ${quote.coin}`;
    await this.transition(row.id, ['AWAITING_PAYMENT'], {
      status: exact ? 'PAID' : 'UNDERPAID',
      details: { ...info, senderAddress, ...(reason ? { reason } : {}) },
      webhookDueAt: new Date(),
    });
  }

  // ── webhooks ────────────────────────────────────────────────────────────────────────────────

  /**
   * A payment whose time ran out unfinished: an open page is cancelled, a crypto address that
   * received nothing fails as expired. Called on a claimed row when its due time comes.
   */
  async expireUnfinished(row: SandboxRow): Promise<SandboxRow> {
    if (row.direction === 'PAYOUT') return row;
    if (row.status === 'AWAITING_PAYMENT') {
      return (
        (await this.transition(row.id, ['AWAITING_PAYMENT'], { status: 'EXPIRED', details: { ...details(row), reason: 'No coins arrived in time' } })) ?? row
      );
    }
    if (row.status === 'CREATED' || row.status === 'CHALLENGE') {
      return (
        (await this.transition(row.id, ['CREATED', 'CHALLENGE'], { status: 'CANCELLED', details: { ...details(row), reason: 'The payment page expired' } })) ??
        row
      );
    }
    return row;
  }

  /** The event a payment's current state tells the merchant, or null when there is nothing to tell. */
  eventFor(row: SandboxRow): SandboxEvent | null {
    const type = eventType(row);
    if (!type) return null;
    const info = details(row);
    return {
      id: `evt_${row.id}_${row.status.toLowerCase()}`,
      type,
      created: new Date().toISOString(),
      data: {
        reference: row.id,
        method: row.methodCode,
        merchantReference: row.direction === 'CARD_SETUP' ? null : row.merchantReference,
        customerReference: info.customerReference,
        amount: row.direction === 'CARD_SETUP' ? null : row.amount.toString(),
        currency: row.direction === 'CARD_SETUP' ? null : row.currency,
        reason: info.reason ?? null,
        card: reportedCard(info),
        crypto: row.direction === 'DEPOSIT' ? reportedCryptoSender(info) : null,
        fundingSource: row.direction === 'DEPOSIT' ? reportedFundingSource(info) : null,
      },
    };
  }

  /**
   * Takes one due, unsent webhook for sending: its due time moves a lease ahead, so two nodes
   * never send it together, and a node that dies while sending leaves it due again once the
   * lease lapses. It is marked sent only by `delivered`, after the merchant acknowledged it.
   */
  async claim(id: string): Promise<SandboxRow | undefined> {
    const now = new Date();
    const [row] = await this.db
      .update(sandboxPspPayment)
      .set({ webhookDueAt: this.later(this.timing.deliveryLeaseMs) })
      .where(and(eq(sandboxPspPayment.id, id), isNull(sandboxPspPayment.webhookSentAt), lte(sandboxPspPayment.webhookDueAt, now)))
      .returning();
    return row;
  }

  /**
   * The merchant acknowledged the event of `row` (2xx). Unless the payment moved on meanwhile
   * (another status, or a page set a new due time), nothing more is owed to the merchant.
   */
  async delivered(row: SandboxRow): Promise<void> {
    if (!row.webhookDueAt) return;
    await this.db
      .update(sandboxPspPayment)
      .set({ webhookSentAt: new Date() })
      .where(
        and(
          eq(sandboxPspPayment.id, row.id),
          eq(sandboxPspPayment.status, row.status),
          eq(sandboxPspPayment.webhookDueAt, row.webhookDueAt),
          isNull(sandboxPspPayment.webhookSentAt),
        ),
      );
  }

  /** Ids of webhooks due now, oldest first. */
  async dueIds(limit = 20): Promise<string[]> {
    const rows = await this.db
      .select({ id: sandboxPspPayment.id })
      .from(sandboxPspPayment)
      .where(and(isNull(sandboxPspPayment.webhookSentAt), lte(sandboxPspPayment.webhookDueAt, new Date())))
      .orderBy(asc(sandboxPspPayment.webhookDueAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** A delivery failed: try again later, backing off up to a minute (the due time is in the row, so it survives a restart). */
  async retryLater(row: SandboxRow, error: string): Promise<void> {
    const info = details(row);
    const attempts = (info.webhookAttempts ?? 0) + 1;
    const waitMs = Math.min(60_000, 500 * 2 ** attempts);
    await this.db
      .update(sandboxPspPayment)
      .set({ webhookSentAt: null, webhookDueAt: this.later(waitMs), details: { ...info, webhookAttempts: attempts, lastWebhookError: error.slice(0, 200) } })
      .where(and(eq(sandboxPspPayment.id, row.id), isNull(sandboxPspPayment.webhookSentAt)));
  }

  /** Nothing to tell for this row: it is not looked at again. */
  async drop(row: SandboxRow): Promise<void> {
    await this.db.update(sandboxPspPayment).set({ webhookDueAt: null, webhookSentAt: null }).where(eq(sandboxPspPayment.id, row.id));
  }
}

export const formatThousandths = (amount: bigint) => `${amount / 1000n}.${(amount % 1000n).toString().padStart(3, '0')}`;

function eventType(row: SandboxRow): SandboxEventType | null {
  if (row.direction === 'CARD_SETUP') return row.status === 'STORED' ? 'card.stored' : null;
  if (row.direction === 'PAYOUT') return row.status === 'PAID_OUT' ? 'payout.paid' : row.status === 'FAILED' ? 'payout.failed' : null;
  switch (row.status) {
    case 'AUTHORISED':
    case 'PAID':
      return 'payment.succeeded';
    case 'DECLINED':
      return 'payment.declined';
    case 'UNDERPAID':
    case 'EXPIRED':
      return 'payment.failed';
    case 'CANCELLED':
      return 'payment.cancelled';
    default:
      return null;
  }
}

/** What a finished page tells the portal frame (see docs/sandbox-payments.md). */
export function pageOutcome(
  row: SandboxRow,
): { kind: 'deposit' | 'card-stored' | 'withdrawal'; outcome: 'completed' | 'declined' | 'cancelled'; paymentId: string } | null {
  if (row.direction === 'PAYOUT') return { kind: 'withdrawal', outcome: 'completed', paymentId: row.merchantReference };
  const kind = row.direction === 'CARD_SETUP' ? 'card-stored' : 'deposit';
  const paymentId = row.direction === 'CARD_SETUP' ? row.id : row.merchantReference;
  switch (row.status) {
    case 'AUTHORISED':
    case 'STORED':
    case 'PAID':
      return { kind, outcome: 'completed', paymentId };
    case 'DECLINED':
    case 'UNDERPAID':
    case 'EXPIRED':
    case 'VOIDED':
      return { kind, outcome: 'declined', paymentId };
    case 'CANCELLED':
      return { kind, outcome: 'cancelled', paymentId };
    default:
      return null;
  }
}
