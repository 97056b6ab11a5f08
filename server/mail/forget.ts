import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';

/**
 * The account-holder register's removal (issue 29 item 9), in the caller's transaction: the outbox
 * keeps that mails were sent (template, subject, times) but no longer to whom or what they said.
 */
export async function forgetRecipient(tx: Db, address: string, replacement: string): Promise<void> {
  await tx.update(mailOutbox).set({ recipient: replacement, text: '', html: '' }).where(eq(mailOutbox.recipient, address));
}
