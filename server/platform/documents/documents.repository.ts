import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documentUploadRequest, userDocument, userDocumentFile } from '../../db/schema';

export type UserDocumentRow = typeof userDocument.$inferSelect;
export type UserDocumentFileRow = typeof userDocumentFile.$inferSelect;
export type NewDocumentFile = Omit<typeof userDocumentFile.$inferInsert, 'documentId'>;
export type UploadRequestRow = typeof documentUploadRequest.$inferSelect;

/**
 * A document and its files in one transaction: a document never shows without its files. Staff's
 * open requests for a document of this kind are satisfied in the same transaction, so a request
 * never stays open beside the upload that answered it.
 *
 * Nothing is stored (undefined) when the player already has `awaitingReviewCap` documents
 * awaiting review. The count is made under a lock on the player's uploads (a transaction-scoped
 * advisory lock, which every node's PostgreSQL honours), so uploads sent together are counted one
 * after another and never pass the cap together.
 */
export async function insertDocument(
  db: Db,
  document: typeof userDocument.$inferInsert,
  files: NewDocumentFile[],
  awaitingReviewCap: number,
): Promise<UserDocumentRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`user-document:${document.playerId}`}))`);
    if ((await countAwaitingReview(tx, document.playerId)) >= awaitingReviewCap) return undefined;
    const [row] = await tx.insert(userDocument).values(document).returning();
    if (!row) throw new Error('document not stored');
    await tx.insert(userDocumentFile).values(files.map((file) => ({ ...file, documentId: row.id })));
    await tx
      .update(documentUploadRequest)
      .set({ satisfiedAt: row.uploadedAt, satisfiedByDocumentId: row.id })
      .where(
        and(
          eq(documentUploadRequest.playerId, row.playerId),
          eq(documentUploadRequest.documentType, row.documentType),
          isNull(documentUploadRequest.satisfiedAt),
        ),
      );
    return row;
  });
}

export async function insertUploadRequest(db: Db, request: typeof documentUploadRequest.$inferInsert): Promise<UploadRequestRow> {
  const [row] = await db.insert(documentUploadRequest).values(request).returning();
  if (!row) throw new Error('upload request not stored');
  return row;
}

/** The player's upload requests, newest first; only the open ones with `open`. */
export function uploadRequestsOf(db: Db, playerId: string, open: boolean): Promise<UploadRequestRow[]> {
  return db
    .select()
    .from(documentUploadRequest)
    .where(open ? and(eq(documentUploadRequest.playerId, playerId), isNull(documentUploadRequest.satisfiedAt)) : eq(documentUploadRequest.playerId, playerId))
    .orderBy(desc(documentUploadRequest.createdAt), desc(documentUploadRequest.id))
    .limit(100);
}

export async function documentsOf(db: Db, playerId: string): Promise<{ document: UserDocumentRow; files: UserDocumentFileRow[] }[]> {
  const documents = await db
    .select()
    .from(userDocument)
    .where(eq(userDocument.playerId, playerId))
    .orderBy(desc(userDocument.uploadedAt), desc(userDocument.id));
  if (documents.length === 0) return [];
  const files = await db
    .select()
    .from(userDocumentFile)
    .where(
      inArray(
        userDocumentFile.documentId,
        documents.map((document) => document.id),
      ),
    )
    .orderBy(userDocumentFile.createdAt, userDocumentFile.side);
  return documents.map((document) => ({ document, files: files.filter((file) => file.documentId === document.id) }));
}

export async function countAwaitingReview(db: Db, playerId: string): Promise<number> {
  const [row] = await db
    .select({ waiting: count() })
    .from(userDocument)
    .where(and(eq(userDocument.playerId, playerId), eq(userDocument.status, 'NOT_REVIEWED')));
  return Number(row?.waiting ?? 0);
}

/** One of the player's own documents; nothing for anyone else's (the caller answers 404). */
export async function ownedDocument(db: Db, playerId: string, documentId: string): Promise<UserDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(userDocument)
    .where(and(eq(userDocument.id, documentId), eq(userDocument.playerId, playerId)));
  return row;
}

/** A file of the player's own documents; nothing for anyone else's (the caller answers 404). */
export async function ownedFile(db: Db, playerId: string, fileId: string): Promise<UserDocumentFileRow | undefined> {
  const [row] = await db
    .select({ file: userDocumentFile })
    .from(userDocumentFile)
    .innerJoin(userDocument, eq(userDocument.id, userDocumentFile.documentId))
    .where(and(eq(userDocumentFile.id, fileId), eq(userDocument.playerId, playerId)));
  return row?.file;
}

/** Records staff's decision on every document still awaiting review; answers the documents decided. */
export async function decideAwaitingDocuments(
  db: Db,
  playerId: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reviewedBy: string; reason: string | null },
): Promise<UserDocumentRow[]> {
  return db
    .update(userDocument)
    .set({ status: decision.status, reviewedAt: new Date(), reviewedBy: decision.reviewedBy, reviewReason: decision.reason })
    .where(and(eq(userDocument.playerId, playerId), eq(userDocument.status, 'NOT_REVIEWED')))
    .returning();
}

/** The staff review queue: each player with documents awaiting review, the longest waiting first. */
export async function playersAwaitingReview(db: Db, limit = 200): Promise<{ playerId: string; documents: number; oldestUploadAt: Date }[]> {
  const rows = await db
    .select({
      playerId: userDocument.playerId,
      documents: count(),
      oldestUploadAt: sql<Date>`min(${userDocument.uploadedAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(userDocument)
    .where(eq(userDocument.status, 'NOT_REVIEWED'))
    .groupBy(userDocument.playerId)
    .orderBy(sql`min(${userDocument.uploadedAt})`)
    .limit(limit);
  return rows.map((row) => ({ ...row, documents: Number(row.documents) }));
}
