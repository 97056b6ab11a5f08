import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

/** The last sequence number given out per topic; its row lock orders a topic's publishers. */
export const realtimeTopic = pgTable('realtime_topic', {
  topic: text('topic').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull(),
});

/** Every published event, by topic and sequence number: what a reconnecting client replays. */
export const realtimeEvent = pgTable(
  'realtime_event',
  {
    topic: text('topic').notNull(),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ name: 'realtime_event_pkey', columns: [table.topic, table.seq] }), index('realtime_event_created_at_idx').on(table.createdAt)],
);
