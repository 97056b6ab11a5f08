import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payment, player, sandboxPspCard, sandboxPspPayment, storedCard } from '../../db/schema';
import { sha256Hex } from '../../http/digest';
import { creditDeposit, reserveWithdrawal, settleWithdrawalPayout } from '../../platform/wallet/index';
import { sandboxCardFingerprint } from '../../sandbox/payments';

/**
 * The demo player's wallet on first start: a Visa •••• 4242 stored with the sandbox PSP, two
 * deposits earlier this month (50.00 by card, 20.00 by NETELLER) and a paid withdrawal of 15.00,
 * moved through the ledger like real ones, so the wallet shows 55.00 and a history.
 */
export const DEMO_CASHIER_PLAYER = 'demo.player';
const PROVIDER = 'sandbox';

/** A time `daysAgo` before now, kept inside the current month (UTC) and in order. */
function earlierThisMonth(now: Date, daysAgo: number, order: number): Date {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return new Date(Math.min(now.getTime() - (3 - order) * 1_000, Math.max(now.getTime() - daysAgo * 86_400_000, monthStart + order * 60_000)));
}

export async function seedDemoCashier(db: Db): Promise<void> {
  const [owner] = await db
    .select({ id: player.id, firstName: player.firstName, lastName: player.lastName, email: player.email })
    .from(player)
    .where(eq(player.username, DEMO_CASHIER_PLAYER));
  if (!owner) return;
  const now = new Date();
  const nameOnCard = `${owner.firstName ?? 'Aoife'} ${owner.lastName ?? 'Byrne'}`.toUpperCase();
  const expiryYear = now.getUTCFullYear() + 3;

  const token = `tok_${randomBytes(18).toString('base64url')}`;
  // The sandbox's fingerprint of the test card, so that paying with 4242 again on the card page is the same card (issue 26 defect 8).
  const fingerprint = await sandboxCardFingerprint(db, '4242424242424242');
  await db
    .insert(sandboxPspCard)
    .values({ token, customerReference: owner.id, brand: 'Visa', lastFour: '4242', nameOnCard, expiryMonth: 12, expiryYear, scenario: 'success', fingerprint });
  const [card] = await db
    .insert(storedCard)
    .values({
      playerId: owner.id,
      methodCode: 'WPCGHOSTED_CARD',
      provider: PROVIDER,
      providerToken: token,
      brand: 'Visa',
      lastFour: '4242',
      nameOnCard,
      expiryMonth: 12,
      expiryYear,
      fingerprint,
    })
    .returning({ id: storedCard.id });

  const entries = [
    {
      type: 'DEPOSIT' as const,
      methodCode: 'WPCGHOSTED_CARD',
      amount: 5_000n,
      at: earlierThisMonth(now, 6, 0),
      storedCardId: card?.id ?? null,
      payFromEmail: null,
      details: {},
    },
    {
      type: 'DEPOSIT' as const,
      methodCode: 'NETELLER',
      amount: 2_000n,
      at: earlierThisMonth(now, 4, 1),
      storedCardId: null,
      payFromEmail: owner.email,
      details: {},
    },
    {
      type: 'WITHDRAWAL' as const,
      methodCode: 'WPCGHOSTED_CARD',
      amount: 1_500n,
      at: earlierThisMonth(now, 2, 2),
      storedCardId: card?.id ?? null,
      payFromEmail: null,
      details: { destination: 'Visa •••• 4242' },
    },
  ];
  for (const [index, entry] of entries.entries()) {
    const [row] = await db
      .insert(payment)
      .values({
        playerId: owner.id,
        requestId: `demo-seed-${index + 1}`,
        requestHash: sha256Hex(`demo-seed-${index + 1}`),
        type: entry.type,
        methodCode: entry.methodCode,
        provider: PROVIDER,
        currency: 'EUR',
        amount: entry.amount,
        status: 'SUCCESS',
        storedCardId: entry.storedCardId,
        payFromEmail: entry.payFromEmail,
        details: entry.details,
        createdAt: entry.at,
        updatedAt: entry.at,
        completedAt: entry.at,
      })
      .returning();
    if (!row) continue;
    const [psp] = await db
      .insert(sandboxPspPayment)
      .values({
        merchantReference: row.id,
        methodCode: entry.methodCode,
        direction: entry.type === 'DEPOSIT' ? 'DEPOSIT' : 'PAYOUT',
        currency: 'EUR',
        amount: entry.amount,
        status: entry.type === 'DEPOSIT' ? 'AUTHORISED' : 'PAID_OUT',
        scenario: 'success',
        cardToken: entry.methodCode === 'WPCGHOSTED_CARD' ? token : null,
        details: { customerReference: owner.id, ...(entry.payFromEmail ? { payFromEmail: entry.payFromEmail } : {}) },
        webhookDueAt: entry.at,
        webhookSentAt: entry.at,
        createdAt: entry.at,
        updatedAt: entry.at,
      })
      .returning({ id: sandboxPspPayment.id });
    const movement = { paymentId: row.id, playerId: owner.id, currency: 'EUR', amount: entry.amount, metadata: { method: entry.methodCode } };
    if (entry.type === 'DEPOSIT') {
      const credit = await creditDeposit(db, movement);
      await db
        .update(payment)
        .set({ ledgerTransactionId: credit.transactionId, providerReference: psp?.id ?? null })
        .where(eq(payment.id, row.id));
    } else {
      const reserve = await reserveWithdrawal(db, movement);
      const payout = await settleWithdrawalPayout(db, movement);
      await db
        .update(payment)
        .set({ ledgerTransactionId: reserve.transactionId, settlementTransactionId: payout.transactionId, providerReference: psp?.id ?? null })
        .where(eq(payment.id, row.id));
    }
  }
}
