import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/**
 * A document a player submitted for identity review (spec 001 §2 Documents page, §3 User document):
 * the type and its data, and where staff review has got to. Files are rows of user_document_file.
 */
export const userDocument = pgTable(
  'user_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    documentNumber: text('document_number'),
    /** NOT_REVIEWED until staff decide; then APPROVED or REJECTED. */
    status: text('status').notNull().default('NOT_REVIEWED').$type<'NOT_REVIEWED' | 'APPROVED' | 'REJECTED'>(),
    /** The identification flow's answers for the reviewer (birth names, birthplace, public figure). */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Who decided: a staff member's name, or the command that recorded it. */
    reviewedBy: text('reviewed_by'),
    reviewReason: text('review_reason'),
  },
  (table) => [
    check('user_document_status', sql`${table.status} in ('NOT_REVIEWED', 'APPROVED', 'REJECTED')`),
    index('user_document_player_idx').on(table.playerId, table.uploadedAt),
  ],
);

/** One stored file of a document. `storageKey` is the name the server made; the player's name is only shown. */
export const userDocumentFile = pgTable(
  'user_document_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => userDocument.id, { onDelete: 'cascade' }),
    side: text('side').notNull().$type<'FRONT' | 'BACK' | 'CONTENT'>(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().$type<'image/png' | 'image/jpeg' | 'application/pdf'>(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the stored bytes, to tell a file was not changed in storage. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [
    check('user_document_file_side', sql`${table.side} in ('FRONT', 'BACK', 'CONTENT')`),
    index('user_document_file_document_idx').on(table.documentId),
  ],
);

/**
 * Staff asking the player to upload a document again (issue 15, back office): the kind wanted and
 * the reason the player is shown. Open until an upload of that kind satisfies it.
 */
export const documentUploadRequest = pgTable(
  'document_upload_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    reason: text('reason').notNull(),
    /** The staff member who asked (username, as reviewedBy keeps it). */
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
    satisfiedAt: timestamp('satisfied_at', { withTimezone: true }),
    satisfiedByDocumentId: uuid('satisfied_by_document_id').references(() => userDocument.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('document_upload_request_player_idx').on(table.playerId, table.createdAt),
    index('document_upload_request_open_idx')
      .on(table.playerId, table.documentType)
      .where(sql`${table.satisfiedAt} IS NULL`),
  ],
);
