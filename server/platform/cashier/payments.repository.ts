import { and, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { payment, storedCard } from '../../db/schema';
import { sha256Hex } from '../../http/digest';
import type { FundingSource } from '../../providers/payment-provider';

/** The cashier's `payment` rows: lookups, locks and the player's history. */
export type PaymentRow = typeof payment.$inferSelect;
export type NewPaymentRow = typeof payment.$inferInsert;
export type StoredCardRow = typeof storedCard.$inferSelect;

export const TERMINAL_STATUSES: readonly string[] = ['SUCCESS', 'DECLINED', 'FAILED', 'CANCELLED'];
export const isTerminal = (status: string) => TERMINAL_STATUSES.includes(status);

/**
 * HELD: a withdrawal above WITHDRAWAL_REVIEW_THRESHOLD waiting for a back-office approval, its
 * amount reserved. Not open to the reconciler (the provider has not been asked), and shown to the
 * player as PENDING: to them it is a withdrawal on its way.
 */
export const HELD = 'HELD';
export const playerFacingStatus = (status: string) => (status === HELD ? 'PENDING' : status);

/** What the cashier keeps about a payment besides its columns (never card data). */
export type PaymentDetails = {
  /** The status the first answer gave, so that a retried request gets the same answer. */
  answered?: 'SUCCESS' | 'CONTINUE_TO_PAYMENT_SITE' | 'AWAITING_PAYMENT' | 'PENDING';
  continueUrl?: string;
  declineCode?: string;
  /** Crypto: the quotes offered (amounts as strings of minor units / thousandths). */
  quotes?: { id: string; currency: string; rate: string; amount: string; expiresAt: string }[];
  /** Crypto: what the player is to send. */
  crypto?: { quoteId: string; address: string; amount: string; currency: string; rate: string; paymentUri: string };
  /**
   * Crypto deposits: where the coins came from, as the provider reported it with the success
   * (deposits from before it was reported have none). A self-exclusion's payback goes back there.
   */
  cryptoSource?: { coin: string; address: string };
  /**
   * Crypto paybacks: the coin and address paid to, the deposit whose coins came from there, and
   * — once the provider priced it — its rate (minor units per coin) and the coins sent
   * (hundred-millionths), as strings.
   */
  cryptoDestination?: { coin: string; address: string; depositId: string; rate?: string; coinAmount?: string };
  /** OMEGA_BANK: the account deposited from, and withdrawn to. */
  bankAccountId?: string;
  /**
   * Withdrawals: where the money goes, as shown to the player ("Visa •••• 4242", an e-mail).
   * A withdrawal's first answer is marked by `answered` (PENDING); older rows by `destination`.
   */
  destination?: string;
  /**
   * Deposits: what the provider reports it was paid from (e-wallets; the first report stands).
   * Credit is refused where the player's rules forbid it (credit-funding.ts).
   */
  fundingSource?: FundingSource;
  /** A deposit refused after the provider authorised it: the provider's void, OWED until it answered. */
  providerVoid?: 'OWED' | 'DONE';
};

export const paymentDetails = (row: PaymentRow) => row.details as PaymentDetails;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** A stable hash of a request (without its requestId): a retry matches, a different request does not. */
export function requestHash(body: Record<string, unknown>): string {
  const entries = Object.entries(body)
    .filter(([key, value]) => key !== 'requestId' && value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256Hex(JSON.stringify(entries, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
}

export async function findByRequest(db: Db, playerId: string, requestId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.playerId, playerId), eq(payment.requestId, requestId)));
  return row;
}

/**
 * A retry that arrives while the first request is still with the provider waits for its answer
 * (up to `timeoutMs`), so that a double click gets the same answer twice.
 */
export async function settledRequest(db: Db, row: PaymentRow, answered: (row: PaymentRow) => boolean, timeoutMs = 5_000): Promise<PaymentRow> {
  const deadline = Date.now() + timeoutMs;
  let current = row;
  while (!answered(current) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [fresh] = await db.select().from(payment).where(eq(payment.id, row.id));
    if (!fresh) break;
    current = fresh;
  }
  return current;
}

/** One of the player's payments; another player's id finds nothing. */
export async function findPlayerPayment(db: Db, playerId: string, paymentId: string): Promise<PaymentRow | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.id, paymentId), eq(payment.playerId, playerId)));
  return row;
}

/** Locks a payment row for the rest of the transaction. */
export async function lockPayment(tx: Db, paymentId: string): Promise<PaymentRow | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for('update');
  return row;
}

/** Inserts a payment unless the player already used its requestId (then undefined). */
export async function insertPayment(tx: Db, values: NewPaymentRow): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .insert(payment)
    .values(values)
    .onConflictDoNothing({ target: [payment.playerId, payment.requestId] })
    .returning();
  return row;
}

export async function updatePayment(tx: Db, paymentId: string, set: Partial<NewPaymentRow>): Promise<PaymentRow> {
  const [row] = await tx
    .update(payment)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payment.id, paymentId))
    .returning();
  if (!row) throw new Error(`payment ${paymentId} vanished`);
  return row;
}

/** The player's payments created in [from, to), newest or oldest first; quotes never used are left out. */
export function paymentsBetween(db: Db, playerId: string, from: Date, to: Date, order: 'DESC' | 'ASC'): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.playerId, playerId), gte(payment.createdAt, from), lt(payment.createdAt, to), ne(payment.status, 'CREATED')))
    .orderBy(order === 'DESC' ? desc(payment.createdAt) : payment.createdAt, order === 'DESC' ? desc(payment.id) : payment.id);
}

/** The account of the player's latest successful bank deposit: where bank withdrawals go. */
export async function lastBankAccount(db: Db, playerId: string, methodCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ details: payment.details })
    .from(payment)
    .where(
      and(
        eq(payment.playerId, playerId),
        eq(payment.type, 'DEPOSIT'),
        eq(payment.methodCode, methodCode),
        eq(payment.status, 'SUCCESS'),
        sql`${payment.details} ? 'bankAccountId'`,
      ),
    )
    .orderBy(desc(payment.createdAt))
    .limit(1);
  const account = (row?.details as PaymentDetails | undefined)?.bankAccountId;
  return typeof account === 'string' ? account : undefined;
}

// ── closed loop (issue 11, defect 4) ─────────────────────────────────────────────────────────

/** The stored card a deposit was paid with, beside the card a withdrawal would go to. */
const paidWith = alias(storedCard, 'paid_with');

/** The cards the player's successful deposits were paid with (saved or not, deleted or not). */
function cardsDepositedFrom(db: Db, playerId: string) {
  return db
    .selectDistinct({ id: paidWith.id, provider: paidWith.provider, fingerprint: paidWith.fingerprint })
    .from(payment)
    .innerJoin(paidWith, eq(paidWith.id, payment.storedCardId))
    .where(and(eq(payment.playerId, playerId), eq(payment.type, 'DEPOSIT'), eq(payment.status, 'SUCCESS'), eq(paidWith.playerId, playerId)));
}

/** One card however often it was entered: its provider's fingerprint, or the row itself when it has none. */
const cardKey = (card: Pick<StoredCardRow, 'id' | 'provider' | 'fingerprint'>) => (card.fingerprint ? `${card.provider}:${card.fingerprint}` : `id:${card.id}`);

/**
 * Whether a successful deposit of the player was paid with this card: the stored card itself
 * (charged from it, or entered on the provider's page, saved or not), or another of the player's
 * cards with the same fingerprint at the same provider — the same card entered again (issue 26
 * defect 8). A deleted card still counts: deleting stops deposits from a card, while money
 * deposited from it still goes home to it.
 */
export async function depositedFromCard(db: Db, playerId: string, card: StoredCardRow): Promise<boolean> {
  const wanted = cardKey(card);
  return (await cardsDepositedFrom(db, playerId)).some((paid) => paid.id === card.id || cardKey(paid) === wanted);
}

/** Whether the player has a successful deposit from this e-wallet account (the method and its e-mail, in any letter case). */
export async function depositedFromEwallet(db: Db, playerId: string, methodCode: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(
      and(
        eq(payment.playerId, playerId),
        eq(payment.type, 'DEPOSIT'),
        eq(payment.status, 'SUCCESS'),
        eq(payment.methodCode, methodCode),
        sql`lower(${payment.payFromEmail}) = lower(${email})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ── stored cards ──────────────────────────────────────────────────────────────────────────────

/** The cards the player may pay a deposit with: saved for reuse and not deleted (DEP-48). */
export function playerCards(db: Db, playerId: string, methodCode: string): Promise<StoredCardRow[]> {
  return db
    .select()
    .from(storedCard)
    .where(and(eq(storedCard.playerId, playerId), eq(storedCard.methodCode, methodCode), isNull(storedCard.deletedAt), eq(storedCard.reusable, true)))
    .orderBy(desc(storedCard.createdAt));
}

/**
 * The cards a withdrawal may go to (closed loop, WDR-11): every card the player has a successful
 * deposit from, saved or not, and deleted ones too (money deposited from a card goes home to it),
 * once per card however often it was entered (its fingerprint). Of one card's rows the live,
 * reusable, newest one stands for it: the one the player knows from the deposit side.
 */
export async function withdrawalCards(db: Db, playerId: string, methodCode: string): Promise<StoredCardRow[]> {
  const paid = await cardsDepositedFrom(db, playerId);
  const paidIds = new Set(paid.map((card) => card.id));
  const paidKeys = new Set(paid.map(cardKey));
  const cards = await db
    .select()
    .from(storedCard)
    .where(and(eq(storedCard.playerId, playerId), eq(storedCard.methodCode, methodCode)))
    .orderBy(desc(storedCard.createdAt));
  const preference = (card: StoredCardRow) => (card.deletedAt === null ? 2 : 0) + (card.reusable ? 1 : 0);
  const chosen = new Map<string, StoredCardRow>();
  for (const card of cards) {
    if (!paidIds.has(card.id) && !paidKeys.has(cardKey(card))) continue;
    const key = cardKey(card);
    const current = chosen.get(key);
    // Newest first, so an equally preferred older row never replaces a newer one.
    if (!current || preference(card) > preference(current)) chosen.set(key, card);
  }
  return [...chosen.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * The player's card named by a storedToken, a customerCardId or a bare card id: each ends with
 * the card's id (DEF-16). Another player's card is not found; a deleted one only when asked for
 * (a withdrawal may still go to it).
 */
export async function findPlayerCard(
  db: Db,
  playerId: string,
  reference: string,
  options: { includeDeleted?: boolean } = {},
): Promise<StoredCardRow | undefined> {
  const id = reference.split('/').filter(Boolean).pop() ?? '';
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(storedCard)
    .where(and(eq(storedCard.id, id), eq(storedCard.playerId, playerId), options.includeDeleted ? undefined : isNull(storedCard.deletedAt)));
  return row;
}
