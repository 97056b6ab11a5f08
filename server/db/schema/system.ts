import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, such as when demo content was loaded. */
export const systemMeta = pgTable('system_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
