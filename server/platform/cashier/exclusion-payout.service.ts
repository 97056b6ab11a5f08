import { and, desc, eq } from 'drizzle-orm';
import { fromMinorUnits } from '../../../contracts/money';
import { payment } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { getPlayerBalances } from '../wallet/index';
import { methodRange } from './cashier-rules';
import { processWithdrawal } from './withdrawal.service';

/**
 * A self-excluded player's remaining cash goes back to them (issue 12; UKGC LCCP 3.5.3: the
 * balance is returned when a self-exclusion starts): per currency, the whole cash balance is paid
 * out as a withdrawal to the instrument of their latest successful deposit in it — the same
 * closed-loop rules as any withdrawal, so it goes only where money came from. Bonus money is not
 * cash and is not paid. The request id is fixed per lock and currency, so running it again pays
 * nothing twice. What cannot be paid (no instrument the provider pays out to, an amount outside
 * the method's range, a provider refusal) stays in the account and is logged for staff.
 */
export interface ExclusionPayout {
  currency: string;
  amount: number;
  paymentMethod: string | null;
  outcome: 'PAID' | 'PENDING' | 'LEFT_FOR_STAFF';
  reason?: string;
}

export async function returnCashAfterExclusion(context: ServiceContext, playerId: string, lockId: string): Promise<ExclusionPayout[]> {
  const { db } = context.database;
  const results: ExclusionPayout[] = [];
  for (const balance of await getPlayerBalances(db, playerId)) {
    if (balance.cash <= 0n) continue;
    const amount = fromMinorUnits(balance.cash);
    const left = (reason: string, paymentMethod: string | null = null): ExclusionPayout => ({ currency: balance.currency, amount, paymentMethod, outcome: 'LEFT_FOR_STAFF', reason });
    const [last] = await db
      .select()
      .from(payment)
      .where(and(eq(payment.playerId, playerId), eq(payment.currency, balance.currency), eq(payment.type, 'DEPOSIT'), eq(payment.status, 'SUCCESS')))
      .orderBy(desc(payment.createdAt))
      .limit(1);
    const method = last ? context.paymentMethods.find(last.methodCode) : undefined;
    const range = method ? methodRange(method, balance.currency, 'withdrawal') : undefined;
    if (!last || !method || !method.withdrawal || method.kind === 'widget' || method.kind === 'crypto') {
      results.push(left(last ? `${last.methodCode} does not pay out to a known instrument` : 'no successful deposit to pay back to', last?.methodCode ?? null));
      continue;
    }
    if (!range || balance.cash < range.min || balance.cash > range.max) {
      results.push(left(`the amount is outside ${method.code}'s withdrawal range`, method.code));
      continue;
    }
    try {
      const answer = await processWithdrawal(
        context,
        { partyId: playerId, currency: balance.currency, language: 'en' },
        {
          requestId: `exclusion:${lockId}:${balance.currency}`,
          paymentMethod: method.code,
          amount,
          ...(method.kind === 'card' ? { storedCardId: last.storedCardId } : {}),
          ...(method.kind === 'e-wallet' ? { payFromEmail: last.payFromEmail } : {}),
        },
      );
      results.push({ currency: balance.currency, amount, paymentMethod: method.code, outcome: answer.paymentStatus === 'SUCCESS' ? 'PAID' : 'PENDING' });
    } catch (error) {
      results.push(left(error instanceof AppError ? `${error.status}: ${error.message}` : String(error), method.code));
    }
  }
  for (const result of results) {
    if (result.outcome === 'LEFT_FOR_STAFF') context.logger.warn({ partyId: playerId, currency: result.currency, reason: result.reason }, 'self-exclusion: cash left in the account for staff to return');
  }
  return results;
}
