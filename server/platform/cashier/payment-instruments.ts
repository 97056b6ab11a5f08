import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payment, storedCard } from '../../db/schema';

/**
 * The payment instruments a player has deposited with (or stored), as comparable fingerprints:
 * a card by brand, last four digits and expiry (the provider's vault token differs per customer,
 * and the card number is never kept), an e-wallet by method and address, a bank account by its
 * number. Refer a friend compares a friend's with the referrer's: a shared instrument is a
 * self-referral. Every deposit counts, whatever its outcome: trying the referrer's card is enough.
 */
export async function depositInstruments(db: Db, playerId: string): Promise<Set<string>> {
  const found = new Set<string>();
  const cards = await db
    .select({ brand: storedCard.brand, lastFour: storedCard.lastFour, expiryMonth: storedCard.expiryMonth, expiryYear: storedCard.expiryYear })
    .from(storedCard)
    .where(eq(storedCard.playerId, playerId));
  for (const card of cards) found.add(`card:${card.brand.toUpperCase()}:${card.lastFour}:${card.expiryMonth}/${card.expiryYear}`);
  const deposits = await db
    .select({ methodCode: payment.methodCode, payFromEmail: payment.payFromEmail, details: payment.details })
    .from(payment)
    .where(and(eq(payment.playerId, playerId), eq(payment.type, 'DEPOSIT')));
  for (const deposit of deposits) {
    if (deposit.payFromEmail) found.add(`e-wallet:${deposit.methodCode}:${deposit.payFromEmail.trim().toLowerCase()}`);
    const account = deposit.details.bankAccountId;
    if (typeof account === 'string' && account) found.add(`bank:${account.replace(/\s+/g, '').toUpperCase()}`);
  }
  return found;
}
