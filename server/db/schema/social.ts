import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/**
 * A provider account linked to a player (SESS-32, SESS-33). `provider` identifies the identity
 * provider itself (for OpenID Connect its issuer URL), because a `sub` is unique only within one
 * issuer. A player links at most one account per provider. Links are made only by a signed-in
 * player, never by matching e-mail addresses.
 */
export const socialAccount = pgTable(
  'social_account',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** The address the provider reported when the account was linked; informative only. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), uniqueIndex('social_account_player_provider_key').on(table.playerId, table.provider)],
);

/**
 * A social login or account binding under way, between the redirect to the provider and its
 * callback. Kept in the database so any node can finish what another began; only the SHA-256 of
 * the state is stored, and a row is deleted when its callback arrives (single use).
 */
export const socialLoginState = pgTable(
  'social_login_state',
  {
    stateHash: text('state_hash').primaryKey(),
    /** The configured provider the flow runs against, by its socialType (e.g. OIDC). */
    socialType: text('social_type').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    mode: text('mode', { enum: ['login', 'bind'] }).notNull(),
    /** The signed-in player who asked to bind; null when signing in. */
    playerId: uuid('player_id').references(() => player.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('social_login_state_expires_idx').on(table.expiresAt),
    check(
      'social_login_state_mode_check',
      sql`(${table.mode} = 'login' AND ${table.playerId} IS NULL) OR (${table.mode} = 'bind' AND ${table.playerId} IS NOT NULL)`,
    ),
  ],
);
