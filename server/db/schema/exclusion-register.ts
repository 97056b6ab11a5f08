import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
    /** SIGNUP, LOGIN or RECHECK (the daily batch re-check). */
    place: text('place').notNull(),
    /** The provider that answered (EXCLUSION_REGISTER_PROVIDER). */
    provider: text('provider').notNull(),
    /** GAMSTOP's P: the person was excluded once and the exclusion has ended (answer CLEAR); shown to staff. */
    previouslyRegistered: boolean('previously_registered').notNull().default(false),
    /** The register's own id of this check (GAMSTOP's X-Unique-Id), for a query to the register about it. */
    reference: text('reference'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('exclusion_register_check_player_idx').on(table.playerId, table.register, table.checkedAt),
    check('exclusion_register_check_register', sql`${table.register} IN ('GAMSTOP', 'NGER')`),
    check('exclusion_register_check_answer', sql`${table.answer} IN ('CLEAR', 'REGISTERED', 'UNAVAILABLE')`),
    check('exclusion_register_check_place', sql`${table.place} IN ('SIGNUP', 'LOGIN', 'RECHECK')`),
  ],
);

/**
 * One daily batch re-check of a register's active players (issue 29 item 6). The unique day makes
 * one node run it: the insert that loses the race writes nothing. INCOMPLETE is the staff alert:
 * the register did not answer for `unanswered` players, who were left as they were.
 */
export const exclusionRegisterRecheck = pgTable(
  'exclusion_register_recheck',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    register: text('register').notNull(),
    /** The UTC day (YYYY-MM-DD) the re-check is for. */
    day: text('day').notNull(),
    /** RUNNING, COMPLETE or INCOMPLETE. */
    status: text('status').notNull().default('RUNNING'),
    provider: text('provider').notNull(),
    asked: integer('asked').notNull().default(0),
    registered: integer('registered').notNull().default(0),
    previouslyRegistered: integer('previously_registered').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    /** Why the register did not answer (no personal data, never the key). */
    problem: text('problem'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    unique('exclusion_register_recheck_day_key').on(table.register, table.day),
    check('exclusion_register_recheck_status', sql`${table.status} IN ('RUNNING', 'COMPLETE', 'INCOMPLETE')`),
  ],
);
