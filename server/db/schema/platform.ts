import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { KycStatus } from '../../../contracts/platform/accounts/identity-gate';
import { createdAt } from '../columns';

export const player = pgTable(
  'player',
  {
    /** The spec's partyId. */
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    /** argon2id (PHC string); null for players who only sign in through a social provider. */
    passwordHash: text('password_hash'),
    /** Server-held authorities (DEF-01): ROLE_USER for staff, ROLE_ADMIN for operators. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    registrationStatus: text('registration_status').notNull().default('QUICK_REG').$type<'QUICK_REG' | 'PLAYER'>(),
    /** One of KYC_STATUSES (contracts/platform/accounts/identity-gate.ts). */
    kycStatus: text('kyc_status').notNull().default('N/A').$type<KycStatus>(),
    vipStatus: text('vip_status').notNull().default('BRONZE'),
    language: text('language').notNull().default('en'),
    birthDate: date('birth_date', { mode: 'string' }),
    receiveEmail: boolean('receive_email').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    profession: text('profession'),
    unit: text('unit'),
    building: text('building'),
    address: text('address'),
    municipality: text('municipality'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    mobile: text('mobile'),
    referralId: text('referral_id'),
    affiliateClickId: text('affiliate_click_id'),
    affiliateId: text('affiliate_id'),
    registrationIp: text('registration_ip'),
    /** The country of the address the player signed up from (offline IP database); null for loopback or unknown. */
    registrationIpCountry: text('registration_ip_country'),
    /** The country of the address the player last launched a game from; null until then or when unknown. */
    playIpCountry: text('play_ip_country'),
    /**
     * The country whose game rules the player plays under: the strictest of the declared country and
     * every address country seen at sign-up and play (jurisdiction-rules.ts orders them). Never
     * relaxed by a later, laxer address. The game server's session check reads only this column.
     */
    jurisdiction: text('jurisdiction'),
    /**
     * The identity document the player was verified with (issue 27): kept when staff approve the
     * documents or an ID check passes, shown on the account page and to staff. Null until then.
     */
    identityDocumentType: text('identity_document_type'),
    identityDocumentNumber: text('identity_document_number'),
    identityDocumentCountry: text('identity_document_country'),
    identityDocumentExpiry: date('identity_document_expiry', { mode: 'string' }),
    /** When the player followed the sign-up confirmation link (SIGNUP-52). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * When the account-holder register removed the player (issue 29 item 9): the personal fields
     * were replaced in place, so the ledger, payments and audit rows keep their player. Set once, by a
     * conditional write (accounts' anonymisePlayer); such a player never signs in again.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Sign-in names and e-mail addresses are unique whatever their letter case.
  (table) => [uniqueIndex('player_username_lower_key').on(sql`lower(${table.username})`), uniqueIndex('player_email_lower_key').on(sql`lower(${table.email})`)],
);

/**
 * Declared country and address country disagree (defect 3): one row per player, place (SIGNUP or
 * PLAY) and address country, for staff review; seen again, it counts up instead of adding rows.
 */
export const jurisdictionMismatch = pgTable(
  'jurisdiction_mismatch',
  {
    id: serial('id').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** SIGNUP (sign-up and its completion) or PLAY (game launch). */
    seenAt: text('seen_at').notNull(),
    declaredCountry: text('declared_country'),
    addressCountry: text('address_country').notNull(),
    /** The client address last seen with this country. */
    ipAddress: text('ip_address').notNull(),
    /** The country whose rules the player plays under after this was seen. */
    jurisdiction: text('jurisdiction'),
    timesSeen: integer('times_seen').notNull().default(1),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a member of staff has reviewed it. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jurisdiction_mismatch_player_place_country').on(table.playerId, table.seenAt, table.addressCountry),
    index('jurisdiction_mismatch_unreviewed')
      .on(table.createdAt)
      .where(sql`${table.reviewedAt} IS NULL`),
  ],
);

/** The currencies a player holds (spec "associate accounts"); exactly one is primary. */
export const playerCurrencyAccount = pgTable(
  'player_currency_account',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.currency] }),
    uniqueIndex('player_currency_account_one_primary')
      .on(table.playerId)
      .where(sql`${table.isPrimary}`),
  ],
);

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
    /** The active currency of this session (SESS-23…25); null means the primary. */
    currency: text('currency'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** A restricted session (issue 26 defect 4): the end of the time-out it was made in; null for a full session. */
    restrictedUntil: timestamp('restricted_until', { withTimezone: true }),
  },
  (table) => [index('player_session_player_idx').on(table.playerId)],
);

export const consentVersion = pgTable('consent_version', {
  id: serial('id').primaryKey(),
  key: text('key').notNull(),
  name: text('name').notNull(),
  parentKey: text('parent_key').notNull(),
  isMandatory: boolean('is_mandatory').notNull(),
  version: integer('version').notNull().default(1),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const playerConsent = pgTable(
  'player_consent',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    consentVersionId: integer('consent_version_id')
      .notNull()
      .references(() => consentVersion.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.consentVersionId] })],
);

/**
 * Marketing consent per product and channel (UKGC SR 5.1.12; migration 0048): one row per box a
 * player, a staff member or the migration ever set; a box without a row is unticked. The row keeps
 * the latest change (when, by whom); staff changes are also in the audit log.
 */
export const marketingConsent = pgTable(
  'marketing_consent',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    channel: text('channel').notNull(),
    granted: boolean('granted').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** PLAYER, STAFF or MIGRATION. */
    changedByKind: text('changed_by_kind').notNull(),
    /** The player's or staff member's id; null for the migration. */
    changedById: text('changed_by_id'),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.product, table.channel] })],
);

/**
 * A table of single-use, expiring keys e-mailed to a player: only a hash of each key is kept, so
 * a copy of the table opens nothing.
 */
function singleUseKeyTable(name: string, keyColumn: string) {
  return pgTable(
    name,
    {
      keyHash: text(keyColumn).primaryKey(),
      playerId: uuid('player_id')
        .notNull()
        .references(() => player.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
    },
    (table) => [index(`${name}_player_idx`).on(table.playerId)],
  );
}

/** Password-reset keys (SESS-28). */
export const passwordReset = singleUseKeyTable('password_reset', 'key_hash');

/** Sign-up confirmation codes (SIGNUP-52). */
export const emailConfirmation = singleUseKeyTable('email_confirmation', 'code_hash');

/**
 * Counters for throttling sign-in and password reset, per account and per client address. Kept in
 * the database so every node sees the same counts.
 */
export const throttleBucket = pgTable('throttle_bucket', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
