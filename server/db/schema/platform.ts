import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

export const player = pgTable('player', {
  /** The spec's partyId. */
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  /** Server-held authorities (DEF-01): ROLE_USER for staff, ROLE_ADMIN for operators. */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  registrationStatus: text('registration_status').notNull().default('QUICK_REG'),
  kycStatus: text('kyc_status').notNull().default('N/A'),
  createdAt: createdAt(),
});

/**
 * A signed-in session. Only the SHA-256 of the token is stored, so a copy of the table does not
 * let anyone sign in (DEF-05).
 */
export const playerSession = pgTable(
  'player_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('player_session_player_idx').on(table.playerId)],
);
