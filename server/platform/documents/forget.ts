import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userDocument, userDocumentFile } from '../../db/schema';

/**
 * The account-holder register's removal of a player's documents (issue 29 item 9), in the caller's
 * transaction: each document keeps its type, status and review (what was checked, by whom, when),
 * but loses its number, dates and the identification answers, and its files' rows go. Answers the
 * storage keys, for the caller to delete the files once the transaction has committed (a file
 * deleted by a transaction that then rolls back could not be brought back).
 */
export async function forgetPlayerDocuments(tx: Db, playerId: string): Promise<string[]> {
  const documents = await tx
    .update(userDocument)
    .set({ documentNumber: null, issueDate: null, expiryDate: null, details: {} })
    .where(eq(userDocument.playerId, playerId))
    .returning({ id: userDocument.id });
  if (documents.length === 0) return [];
  const files = await tx
    .delete(userDocumentFile)
    .where(
      inArray(
        userDocumentFile.documentId,
        documents.map((document) => document.id),
      ),
    )
    .returning({ storageKey: userDocumentFile.storageKey });
  return files.map((file) => file.storageKey);
}
