import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { player } from './platform';

/**
 * Identity checks run by an outside provider whose decision arrives later by webhook (issue 31;
 * server/platform/kyc; docs/onfido-adapter.md). One row per check the provider made, written when
 * it was created; it keeps the provider it started with, so changing KYC_PROVIDER strands none.
 * A decision is taken once: PENDING → VERIFIED, REFER or REJECTED in one conditional update, and a
 * REFER waits in the staff review queue until `reviewedAt`.
 */
export const kycCheck = pgTable(
  'kyc_check',
  {
    provider: text('provider').notNull(),
    checkId: text('check_id').notNull(),
    applicantId: text('applicant_id').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** PENDING, VERIFIED, REFER (staff review) or REJECTED. */
    status: text('status').notNull().default('PENDING'),
    /** The provider's own words: Onfido's check result (clear, consider) and the reports' sub-results. */
    result: text('result'),
    subResult: text('sub_result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A REFER decided by staff: who and when. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.checkId] }),
    index('kyc_check_player_idx').on(table.playerId),
    index('kyc_check_review_idx')
      .on(table.decidedAt)
      .where(sql`${table.status} = 'REFER' and ${table.reviewedAt} is null`),
  ],
);

/**
 * The identity provider's webhook inbox: each verified event stored once under the provider's id
 * for it (Onfido: the action and the resource's id), acknowledged, then processed from this row;
 * `processedAt` NULL until then, so an event whose processing was cut off is taken up again.
 */
export const kycEvent = pgTable(
  'kyc_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    checkId: text('check_id'),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('kyc_event_unprocessed_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} is null`),
  ],
);
