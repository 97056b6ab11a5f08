import { and, asc, desc, eq, like, lt, or, isNull, sql } from 'drizzle-orm';
import { fromMinorUnits, toMinorUnits } from '../../../contracts/money';
import type { LockCashPayback } from '../../../contracts/platform/limits/limits';
import type { Db } from '../../db/database';
import { exclusionPayback, exclusionPaybackTask, payment } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { inTransaction } from '../../db/transaction';
import { getPlayerBalances } from '../wallet/index';
import { paybackRange } from './cashier-rules';
import type { PaymentMethod } from './payment-methods';
import { isUuid, withdrawalCards, type PaymentDetails } from './payments.repository';
import { leavePaybackToStaff } from './exclusion-payback-tasks';
import { processCryptoPayback, processWithdrawal } from './withdrawal.service';
import type { Language } from '../../../contracts/content/translations';
import { messageLanguage, paybackMessage, sendPlayerMessage, type MessageText } from '../messages';
import { formatMinorMoney } from '../../../contracts/format';

/**
 * A self-excluded player's remaining cash goes back to them without asking (issue 12; issue 26
 * items 4 and 9; UKGC LCCP 3.5.3). Durable: `recordPaybackDue` writes the "payback due" record in
 * the lock's own transaction, so a crash after the lock commits cannot lose it; the after-lock
 * steps (`server/platform/after-lock.ts`) then process it, and a record still DUE is taken again
 * by the retry timer there.
 *
 * Rules, per currency: the whole cash balance goes back, closed loop, to an instrument the player
 * deposited with — the most recent successful deposit's instrument first, then older ones: a card
 * paid with (saved or not: the provider vaults every card paid with, migration 0033), the e-wallet
 * account, the bank account, the address a crypto deposit's coins came from (as the provider
 * reported it with the deposit; players cannot withdraw by crypto, so only this payback sends
 * coins, `processCryptoPayback`). An amount above the method's maximum is split into equal parts
 * within its range; one below every candidate's minimum, a method that cannot pay out to a known
 * instrument (a crypto deposit from before sending addresses were recorded; the widget, where the
 * player picks the destination) or a provider refusal become a staff task in the back office's
 * payments queue. Request ids are `exclusion:<lock>:<currency>:<part>`, numbered after
 * the parts already made, so a rerun pays only what is still in the account, never twice. Bonus
 * money is not cash and is not paid.
 */
export interface ExclusionPayout {
  currency: string;
  /** Major units. */
  amount: number;
  paymentMethod: string | null;
  destination: string | null;
  outcome: 'PAID' | 'PENDING' | 'LEFT_FOR_STAFF';
  reason?: string;
}

/** What one payback did: its payouts and what it left for staff, and whether it has run. */
export interface ExclusionPaybackOutcome {
  paybackId: string;
  status: 'DUE' | 'DONE';
  payouts: ExclusionPayout[];
}

export type PaybackRow = typeof exclusionPayback.$inferSelect;
export type PaybackTaskRow = typeof exclusionPaybackTask.$inferSelect;

/** How long a node that took a payback holds it before another may take it again. */
export const PAYBACK_LEASE_MS = 5 * 60_000;

/**
 * Writes the "payback due" record for a self-exclusion, in the lock's transaction (`tx`): if the
 * lock commits, so does the record. Held by the node that took the lock for PAYBACK_LEASE_MS (it
 * processes the record as soon as the lock commits); after that the retry timer may take it.
 */
export async function recordPaybackDue(tx: Db, playerId: string, lockId: string, now = new Date()): Promise<void> {
  await tx
    .insert(exclusionPayback)
    .values({ playerId, lockId, claimedUntil: new Date(now.getTime() + PAYBACK_LEASE_MS), createdAt: now })
    .onConflictDoNothing({ target: exclusionPayback.lockId });
}

/**
 * Takes up to `limit` paybacks still DUE whose lease has run out (a crash, a failure, a node that
 * stopped), holding each for PAYBACK_LEASE_MS: safe with several nodes.
 */
export async function claimDuePaybacks(db: Db, limit = 20, now = new Date()): Promise<{ playerId: string; lockId: string }[]> {
  const rows = await db
    .update(exclusionPayback)
    .set({ claimedUntil: new Date(now.getTime() + PAYBACK_LEASE_MS) })
    .where(
      sql`${exclusionPayback.id} IN (SELECT "id" FROM "exclusion_payback" WHERE "status" = 'DUE' AND ("claimed_until" IS NULL OR "claimed_until" < ${now.toISOString()}::timestamptz) ORDER BY "created_at" LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
    )
    .returning({ playerId: exclusionPayback.playerId, lockId: exclusionPayback.lockId });
  return rows;
}

/** Notes that processing a payback failed: it stays DUE and the retry timer takes it after `retryInMs`. */
export async function paybackFailed(db: Db, lockId: string, error: unknown, retryInMs = 60_000): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(exclusionPayback)
    .set({ lastError: message.slice(0, 500), claimedUntil: new Date(Date.now() + retryInMs) })
    .where(and(eq(exclusionPayback.lockId, lockId), eq(exclusionPayback.status, 'DUE')));
}

async function paybackOfLock(db: Db, lockId: string): Promise<PaybackRow | undefined> {
  const [row] = await db.select().from(exclusionPayback).where(eq(exclusionPayback.lockId, lockId));
  return row;
}

/** The payback of a lock as it stands, or undefined when the lock has none (a time-out). */
export async function paybackOutcome(db: Db, lockId: string): Promise<ExclusionPaybackOutcome | undefined> {
  const row = await paybackOfLock(db, lockId);
  return row ? { paybackId: row.id, status: row.status, payouts: (row.outcome as ExclusionPayout[] | null) ?? [] } : undefined;
}

/**
 * An instrument the money may go back to: the method and the withdrawal fields naming it, or for
 * crypto the deposit whose coins' sending address it is.
 */
interface Instrument {
  key: string;
  method: PaymentMethod;
  fields: { storedCardId?: string; payFromEmail?: string };
  cryptoDepositId?: string;
}

const withdrawalMethodOf = (context: ServiceContext, code: string): PaymentMethod | string => {
  const method = context.paymentMethods.find(code);
  if (!method) return `${code} is not offered any more`;
  if (method.kind === 'widget') return `${code} pays out only where the player picks in the provider's page`;
  if (!method.withdrawal && !method.payback) return `${code} cannot pay out`;
  return method;
};

/**
 * The instruments of the player's successful deposits in the currency, the most recent first, each
 * once; and why the others cannot be paid to.
 */
async function depositInstrumentsNewestFirst(
  context: ServiceContext,
  playerId: string,
  currency: string,
): Promise<{ instruments: Instrument[]; refusals: string[] }> {
  const { db } = context.database;
  const deposits = await db
    .select({
      id: payment.id,
      methodCode: payment.methodCode,
      storedCardId: payment.storedCardId,
      payFromEmail: payment.payFromEmail,
      details: payment.details,
      createdAt: payment.createdAt,
    })
    .from(payment)
    .where(and(eq(payment.playerId, playerId), eq(payment.currency, currency), eq(payment.type, 'DEPOSIT'), eq(payment.status, 'SUCCESS')))
    .orderBy(desc(payment.createdAt), desc(payment.id))
    .limit(200);
  const instruments = new Map<string, Instrument>();
  const refusals = new Set<string>();
  for (const deposit of deposits) {
    const method = withdrawalMethodOf(context, deposit.methodCode);
    if (typeof method === 'string') {
      refusals.add(method);
      continue;
    }
    if (method.kind === 'card') {
      // The card the deposit was paid with, saved or not (the provider vaults every card paid
      // with); a deposit that names none goes to the newest card the player deposited from.
      const storedCardId = deposit.storedCardId ?? (await withdrawalCards(db, playerId, method.code))[0]?.id;
      if (!storedCardId) {
        refusals.add(`${method.code}: no card the player deposited from is known`);
        continue;
      }
      const key = `card:${storedCardId}`;
      if (!instruments.has(key)) instruments.set(key, { key, method, fields: { storedCardId } });
    } else if (method.kind === 'e-wallet') {
      if (!deposit.payFromEmail) {
        refusals.add(`${method.code}: the e-wallet account deposited from is not known`);
        continue;
      }
      const key = `e-wallet:${method.code}:${deposit.payFromEmail.toLowerCase()}`;
      if (!instruments.has(key)) instruments.set(key, { key, method, fields: { payFromEmail: deposit.payFromEmail } });
    } else if (method.kind === 'crypto') {
      // Coins go back to the address they came from, as the provider reported it with the
      // deposit; the newest deposit's address first, each address once.
      const source = (deposit.details as PaymentDetails).cryptoSource;
      if (!source) {
        refusals.add(
          `${method.code} (crypto): the deposit of ${deposit.createdAt.toISOString().slice(0, 10)} has no recorded address its coins came from (made before the provider reported one), so they cannot be sent back automatically`,
        );
        continue;
      }
      const key = `crypto:${method.code}:${source.coin}:${source.address}`;
      if (!instruments.has(key)) instruments.set(key, { key, method, fields: {}, cryptoDepositId: deposit.id });
    } else {
      // A bank transfer goes to the account of the latest successful bank deposit (the withdrawal finds it).
      const key = `bank:${method.code}`;
      if (!instruments.has(key)) instruments.set(key, { key, method, fields: {} });
    }
  }
  return { instruments: [...instruments.values()], refusals: [...refusals] };
}

/** The amount in `parts` equal parts (the first ones a cent larger where it does not divide). */
function split(amount: bigint, parts: bigint): bigint[] {
  const base = amount / parts;
  const rest = amount % parts;
  return Array.from({ length: Number(parts) }, (_, index) => base + (BigInt(index) < rest ? 1n : 0n));
}

/** How many parts of this lock and currency were already requested: the next one is numbered after them. */
async function partsMade(db: Db, playerId: string, lockId: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payment)
    .where(and(eq(payment.playerId, playerId), eq(payment.type, 'WITHDRAWAL'), like(payment.requestId, `exclusion:${lockId}:${currency}:%`)));
  return Number(row?.count ?? 0);
}

/** Pays one currency's cash back; answers each payout and, when something is left, why. */
async function payBackCurrency(context: ServiceContext, playerId: string, lockId: string, currency: string, cash: bigint): Promise<ExclusionPayout[]> {
  const { db } = context.database;
  const { instruments, refusals } = await depositInstrumentsNewestFirst(context, playerId, currency);
  const left = (amount: bigint, reason: string, paymentMethod: string | null = null): ExclusionPayout => ({
    currency,
    amount: fromMinorUnits(amount),
    paymentMethod,
    destination: null,
    outcome: 'LEFT_FOR_STAFF',
    reason,
  });
  const usable = instruments.flatMap((instrument) => {
    const range = paybackRange(instrument.method, currency);
    return range && cash >= range.min ? [{ instrument, range }] : [];
  });
  if (instruments.length === 0) return [left(cash, refusals[0] ?? 'no successful deposit to pay back to')];
  const chosen = usable[0];
  if (!chosen) {
    const first = instruments[0]!;
    const range = paybackRange(first.method, currency);
    return [
      left(
        cash,
        range
          ? `${formatMinorMoney(cash, currency, 'en')} is below ${first.method.code}'s minimum payout of ${formatMinorMoney(range.min, currency, 'en')}`
          : `${first.method.code} does not pay out in ${currency}`,
        first.method.code,
      ),
    ];
  }
  const { instrument, range } = chosen;
  const parts = split(cash, (cash + range.max - 1n) / range.max);
  const first = await partsMade(db, playerId, lockId, currency);
  const results: ExclusionPayout[] = [];
  let remaining = cash;
  for (const [index, amount] of parts.entries()) {
    try {
      const customer = { partyId: playerId, currency, language: 'en' };
      const request = {
        requestId: `exclusion:${lockId}:${currency}:${first + index + 1}`,
        paymentMethod: instrument.method.code,
        amount: fromMinorUnits(amount),
      };
      const answer = instrument.cryptoDepositId
        ? await processCryptoPayback(context, customer, { ...request, depositId: instrument.cryptoDepositId })
        : await processWithdrawal(context, customer, { ...request, ...instrument.fields });
      const [row] = await db.select({ details: payment.details }).from(payment).where(eq(payment.id, answer.paymentId));
      const destination = typeof row?.details.destination === 'string' ? row.details.destination : null;
      results.push({
        currency,
        amount: fromMinorUnits(amount),
        paymentMethod: instrument.method.code,
        destination,
        outcome: answer.paymentStatus === 'SUCCESS' ? 'PAID' : 'PENDING',
      });
      remaining -= amount;
    } catch (error) {
      const reason =
        error instanceof AppError ? `${instrument.method.code}: ${error.errors?.[0]?.error ?? error.message}` : `${instrument.method.code}: ${String(error)}`;
      results.push(left(remaining, reason, instrument.method.code));
      return results;
    }
  }
  return results;
}

/** The player's message, in their language: what was paid back where, and what staff return. */
function paybackText(language: Language, payouts: ExclusionPayout[]): MessageText | undefined {
  if (payouts.length === 0) return undefined;
  return paybackMessage(
    language,
    payouts.map((payout) => ({
      amount: toMinorUnits(payout.amount),
      currency: payout.currency,
      outcome: payout.outcome,
      destination: payout.destination ?? payout.paymentMethod,
    })),
  );
}

/**
 * Processes a self-exclusion's payback (the caller holds it: the node that took the lock, or the
 * retry timer that claimed it). A payback already DONE answers what it did, paying nothing again.
 * Each currency's cash goes back by the rules above; what is left becomes (or updates) an open
 * staff task, and a task whose currency is now paid back closes by itself. The record, the tasks
 * and the player's message commit together. An error thrown here leaves the record DUE.
 */
export async function returnCashAfterExclusion(context: ServiceContext, playerId: string, lockId: string): Promise<ExclusionPaybackOutcome> {
  const { db } = context.database;
  await recordPaybackDue(db, playerId, lockId);
  const record = await paybackOfLock(db, lockId);
  if (!record || record.playerId !== playerId) throw new Error(`payback of lock ${lockId} is not the player's`);
  if (record.status === 'DONE') return { paybackId: record.id, status: 'DONE', payouts: (record.outcome as ExclusionPayout[] | null) ?? [] };
  await db
    .update(exclusionPayback)
    .set({ attempts: sql`${exclusionPayback.attempts} + 1` })
    .where(eq(exclusionPayback.id, record.id));

  const payouts: ExclusionPayout[] = [];
  for (const balance of await getPlayerBalances(db, playerId)) {
    if (balance.cash <= 0n) continue;
    payouts.push(...(await payBackCurrency(context, playerId, lockId, balance.currency, balance.cash)));
  }
  const message = paybackText(await messageLanguage(db, playerId), payouts);
  const done = await inTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(exclusionPayback).where(eq(exclusionPayback.id, record.id)).for('update');
    if (!locked || locked.status === 'DONE') return false;
    const now = new Date();
    const leftBy = new Map(payouts.filter((payout) => payout.outcome === 'LEFT_FOR_STAFF').map((payout) => [payout.currency, payout]));
    for (const payout of leftBy.values()) {
      await leavePaybackToStaff(
        tx,
        {
          paybackId: record.id,
          playerId,
          currency: payout.currency,
          amount: toMinorUnits(payout.amount),
          paymentMethod: payout.paymentMethod,
          reason: payout.reason ?? 'cannot be paid back automatically',
        },
        now,
      );
    }
    // A currency paid back in full now closes its open task (a retry that succeeded).
    const open = await tx
      .select()
      .from(exclusionPaybackTask)
      .where(and(eq(exclusionPaybackTask.paybackId, record.id), eq(exclusionPaybackTask.status, 'OPEN')));
    for (const task of open) {
      if (!leftBy.has(task.currency))
        await tx.update(exclusionPaybackTask).set({ status: 'DONE', doneHow: 'PAID', doneAt: now, updatedAt: now }).where(eq(exclusionPaybackTask.id, task.id));
    }
    await tx
      .update(exclusionPayback)
      .set({ status: 'DONE', outcome: payouts, doneAt: now, claimedUntil: null, lastError: null })
      .where(eq(exclusionPayback.id, record.id));
    if (message) await sendPlayerMessage(tx, { playerId, kind: 'LIMIT_CHANGE', ...message });
    return true;
  });
  for (const payout of payouts) {
    if (payout.outcome === 'LEFT_FOR_STAFF')
      context.logger.warn(
        { module: 'cashier', partyId: playerId, currency: payout.currency, reason: payout.reason },
        'self-exclusion: cash left for staff to return (an open payback task in the payments queue)',
      );
  }
  if (!done) return (await paybackOutcome(db, lockId)) ?? { paybackId: record.id, status: 'DONE', payouts };
  return { paybackId: record.id, status: 'DONE', payouts };
}

/** What the lock's answer tells the player of their money (LockCashPayback). */
export function cashPaybackAnswer(outcome: ExclusionPaybackOutcome | undefined): LockCashPayback {
  const payouts = outcome?.payouts ?? [];
  return {
    processing: !outcome || outcome.status === 'DUE',
    payouts: payouts.flatMap((payout) =>
      payout.outcome === 'LEFT_FOR_STAFF' || !payout.paymentMethod
        ? []
        : [
            {
              currency: payout.currency,
              amount: payout.amount,
              paymentMethod: payout.paymentMethod,
              destination: payout.destination,
              paymentStatus: payout.outcome === 'PAID' ? ('SUCCESS' as const) : ('PENDING' as const),
            },
          ],
    ),
    staffReturns: payouts.filter((payout) => payout.outcome === 'LEFT_FOR_STAFF').map((payout) => ({ currency: payout.currency, amount: payout.amount })),
  };
}

// ── staff tasks: paybacks that could not be made automatically ──────────────────────────────────

/** The open payback tasks, the longest waiting first. */
export function openPaybackTasks(db: Db, limit = 200): Promise<PaybackTaskRow[]> {
  return db
    .select()
    .from(exclusionPaybackTask)
    .where(eq(exclusionPaybackTask.status, 'OPEN'))
    .orderBy(asc(exclusionPaybackTask.createdAt), asc(exclusionPaybackTask.id))
    .limit(limit);
}

/** One payback task by id (any status), or undefined. */
export async function paybackTask(db: Db, taskId: string): Promise<PaybackTaskRow | undefined> {
  if (!isUuid(taskId)) return undefined;
  const [row] = await db.select().from(exclusionPaybackTask).where(eq(exclusionPaybackTask.id, taskId));
  return row;
}

/** Whether the player has an open payback task. */
export async function hasOpenPaybackTask(db: Db, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exclusionPaybackTask.id })
    .from(exclusionPaybackTask)
    .where(and(eq(exclusionPaybackTask.playerId, playerId), eq(exclusionPaybackTask.status, 'OPEN')))
    .limit(1);
  return row !== undefined;
}

/**
 * Staff mark an open task done (in their audited transaction `tx`): the row is locked and must
 * still be OPEN, else undefined (unknown, or done already).
 */
export async function completePaybackTask(tx: Db, taskId: string, staffId: string, note: string, now = new Date()): Promise<PaybackTaskRow | undefined> {
  if (!isUuid(taskId)) return undefined;
  const [updated] = await tx
    .update(exclusionPaybackTask)
    .set({ status: 'DONE', doneHow: 'STAFF', doneBy: staffId, note, doneAt: now, updatedAt: now })
    .where(and(eq(exclusionPaybackTask.id, taskId), eq(exclusionPaybackTask.status, 'OPEN')))
    .returning();
  return updated;
}

/** Paybacks still DUE (for the operations view and tests): none once every one has run. */
export function duePaybacks(db: Db): Promise<PaybackRow[]> {
  return db
    .select()
    .from(exclusionPayback)
    .where(and(eq(exclusionPayback.status, 'DUE'), or(isNull(exclusionPayback.claimedUntil), lt(exclusionPayback.claimedUntil, new Date()))))
    .orderBy(asc(exclusionPayback.createdAt));
}
