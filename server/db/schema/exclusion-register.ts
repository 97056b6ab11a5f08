import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { player } from './platform';

/**
 * Every answer a national self-exclusion register gave about a player (GAMSTOP, NGER), at sign-up
 * and at each login: what was asked, when, and the answer. The last definite answer (CLEAR or
 * REGISTERED) decides a login while the register is UNAVAILABLE. A refused sign-up creates no
 * player and so no row; only a log line without personal data.
 */
export const exclusionRegisterCheck = pgTable(
  'exclusion_register_check',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** GAMSTOP or NGER. */
    register: text('register').notNull(),
    /** CLEAR, REGISTERED or UNAVAILABLE. */
    answer: text('answer').notNull(),
    /** SIGNUP or LOGIN. */
    place: text('place').notNull(),
    /** The provider that answered (EXCLUSION_REGISTER_PROVIDER). */
    provider: text('provider').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('exclusion_register_check_player_idx').on(table.playerId, table.register, table.checkedAt),
    check('exclusion_register_check_register', sql`${table.register} IN ('GAMSTOP', 'NGER')`),
    check('exclusion_register_check_answer', sql`${table.answer} IN ('CLEAR', 'REGISTERED', 'UNAVAILABLE')`),
    check('exclusion_register_check_place', sql`${table.place} IN ('SIGNUP', 'LOGIN')`),
  ],
);
