import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { creditFundingRefused, type CreditFundingJurisdiction } from '../../config/credit-funding';
import type { Db } from '../../db/database';
import { payment } from '../../db/schema';
import { rulesFor } from '../../jurisdiction';
import type { ServiceContext } from '../../service-context';
import { playerRulesCountry } from '../accounts';
import { inTransaction } from '../../db/transaction';
import { lockPayment, paymentDetails, updatePayment, type PaymentRow } from './payments.repository';
import type { FundingSource, PaymentProvider } from '../../providers/payment-provider';

/**
 * No gambling on credit (issue 29 item 8; docs/compliance.md "Credit funding"): a deposit the
 * provider reports as funded by credit — a credit card behind an e-wallet, or the e-wallet's pay
 * later — is refused for players of the jurisdictions in CREDIT_FUNDING_REFUSED (IE, Gambling
 * Regulation Act 2024 s. 165, and GB by default). The decision is taken where the deposit would
 * be credited (`creditSuccessfulDeposit`, on the locked payment row, inside the credit's
 * transaction), so a webhook, its replay and the reconciler cannot credit it past the rule; the
 * provider is then asked to void the authorisation, outside any transaction.
 */

export const CREDIT_FUNDING_NOT_ALLOWED = 'CREDIT_FUNDING_NOT_ALLOWED';

/** The funding sources that are credit. */
export const CREDIT_FUNDING: readonly FundingSource[] = ['CREDIT_CARD', 'PAY_LATER'];

/** What the rule reads of the server's configuration: CREDIT_FUNDING_REFUSED, the jurisdictions it refuses credit in. */
export type CreditFundingConfig = Pick<ServiceContext['config'], 'CREDIT_FUNDING_REFUSED'>;

const LEGAL_BASIS: Partial<Record<CreditFundingJurisdiction, string>> = {
  IE: 'for players in Ireland (Gambling Regulation Act 2024, s. 165)',
  GB: 'for players in Great Britain (Gambling Commission credit card ban)',
};

/** The reason the player reads (getPaymentStatus `message`), naming what and why. */
export function creditFundingReason(jurisdiction: CreditFundingJurisdiction): string {
  const where = LEGAL_BASIS[jurisdiction] ?? `under the rules of your jurisdiction (${jurisdiction})`;
  return `Deposits paid by credit card or pay later are not accepted ${where}. Nothing was taken: pay from your e-wallet balance, a bank account or a debit card.`;
}

/**
 * Why this deposit may not be credited, or null: its reported funding source is credit and the
 * player's rule set (the game rules', only ever made stricter) refuses credit. Read with the
 * caller's transaction.
 */
export async function creditFundingRefusal(tx: Db, row: PaymentRow, config: CreditFundingConfig): Promise<string | null> {
  const funding = paymentDetails(row).fundingSource;
  if (!funding || !CREDIT_FUNDING.includes(funding)) return null;
  const jurisdiction = rulesFor(await playerRulesCountry(tx, row.playerId)).jurisdiction as CreditFundingJurisdiction;
  return creditFundingRefused(config.CREDIT_FUNDING_REFUSED).includes(jurisdiction) ? creditFundingReason(jurisdiction) : null;
}

/**
 * A deposit refused for its funding: the provider is asked to void the authorisation, so the
 * player is not charged. Outside any transaction (the provider is never called inside one);
 * idempotent at the provider, and marked done on the payment once it answered. A void that
 * could not be asked stays owed and the reconciler asks again (`voidOwedDeposits`).
 */
export async function voidRefusedDeposit(db: Db, provider: PaymentProvider, paymentId: string, logger: Logger): Promise<void> {
  const [row] = await db.select().from(payment).where(eq(payment.id, paymentId));
  if (!row || row.provider !== provider.id || paymentDetails(row).providerVoid !== 'OWED') return;
  let voided: boolean;
  try {
    voided = await provider.voidDeposit({ paymentId, reason: row.failureReason ?? CREDIT_FUNDING_NOT_ALLOWED });
  } catch (error) {
    logger.error({ err: error, paymentId }, 'cashier: voiding a deposit refused for credit funding failed; asked again by the reconciler');
    return;
  }
  if (!voided) logger.warn({ paymentId }, 'cashier: the provider had no authorised deposit to void (refused for credit funding); marked done');
  await inTransaction(db, async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked || paymentDetails(locked).providerVoid !== 'OWED') return;
    await updatePayment(tx, paymentId, { details: { ...paymentDetails(locked), providerVoid: 'DONE' } });
  });
}

/** Voids still owed (the provider could not be asked at the refusal): the reconciler's sweep. */
export async function voidOwedDeposits(db: Db, provider: PaymentProvider, logger: Logger, limit = 100): Promise<number> {
  const owed = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.type, 'DEPOSIT'), eq(payment.provider, provider.id), sql`${payment.details}->>'providerVoid' = 'OWED'`))
    .limit(limit);
  for (const { id } of owed) await voidRefusedDeposit(db, provider, id, logger);
  return owed.length;
}
