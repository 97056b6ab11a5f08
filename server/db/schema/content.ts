import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

/**
 * One table for every WordPress-style content type (configuration, translations, game, bonus, …).
 * Type-specific fields live in `acf`, as a WordPress site with Advanced Custom Fields would have
 * them, so the REST shapes of spec 000 §3 map one to one.
 */
export const contentPost = pgTable(
  'content_post',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull().default('en'),
    status: text('status').notNull().default('publish'),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    priority: integer('priority').notNull().default(0),
    acf: jsonb('acf')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('content_post_type_slug_lang_key').on(table.type, table.slug, table.lang),
    index('content_post_type_priority_idx').on(table.type, table.priority),
  ],
);
