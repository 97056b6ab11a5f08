import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/**
 * The back office (server/back-office; issue 15). Staff are their own accounts, never player rows:
 * their own credentials, roles (named sets of permissions, contracts/back-office/permissions.ts),
 * a TOTP authenticator every member must have, and their own sessions.
 */
export const staffMember = pgTable('staff_member', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  /**
   * The name players see on the member's channel and support messages, chosen by the member (null:
   * the team's label). Not `displayName`, which colleagues set and may be the member's real name.
   */
  publicName: text('public_name'),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull(),
  /** The confirmed authenticator's base32 secret; null until the member has enrolled. */
  totpSecret: text('totp_secret'),
  /** A secret offered at enrolment, kept until a code from it confirms it. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last accepted code's time step: a code is accepted once (replay). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  active: boolean('active').notNull().default(true),
  /** A time-boxed account (the auditor's): every back-office operation is refused from this instant on. */
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A staff session: SHA-256 of the cookie's token; `twoFactorAt` is null until the TOTP code is accepted. */
export const staffSession = pgTable(
  'staff_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMember.id, { onDelete: 'cascade' }),
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('staff_session_staff_idx').on(table.staffId)],
);

/** A staff member's note on a player, for colleagues; never shown to the player. */
export const staffNote = pgTable(
  'staff_note',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMember.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('staff_note_player_idx').on(table.playerId, table.createdAt)],
);

/**
 * The audit log: append-only (a trigger refuses UPDATE and DELETE) and hash-chained. `hash` is
 * SHA-256 over the row's content and `prev_hash`; rows are numbered without gaps by `seq`.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: uuid('staff_id'),
    staffUsername: text('staff_username').notNull(),
    action: text('action').notNull(),
    permission: text('permission'),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('staff_audit_at_idx').on(table.at),
    index('staff_audit_subject_idx').on(table.subjectId),
    check('staff_audit_hash', sql`length(${table.hash}) = 64 and length(${table.prevHash}) = 64`),
  ],
);

/**
 * The chain's head: one row whose lock serialises appends (each append reads the last hash and
 * writes the next under it) and which remembers the last row, so that removing the newest rows shows.
 */
export const staffAuditHead = pgTable(
  'staff_audit_head',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (table) => [check('staff_audit_head_single', sql`${table.id} = 1`)],
);

/**
 * A player the platform flags for a customer interaction (issue 15): a jurisdiction mismatch, or a
 * responsible-gaming limit reached. `sourceKey` makes a repeat of the same thing one flag (the
 * mismatch row's id, or the limit and its UTC day).
 */
export const playerFlag = pgTable(
  'player_flag',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** JURISDICTION_MISMATCH, LIMIT_REACHED or REALITY_CHECK_PATTERN. */
    reason: text('reason').notNull(),
    sourceKey: text('source_key').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the interaction that closes the flag. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    unique('player_flag_source_unique').on(table.playerId, table.reason, table.sourceKey),
    index('player_flag_open_idx')
      .on(table.raisedAt)
      .where(sql`${table.closedAt} IS NULL`),
  ],
);

/** A customer-interaction record on a flag: who, when, what was discussed and the outcome. */
export const playerFlagInteraction = pgTable(
  'player_flag_interaction',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flagId: uuid('flag_id')
      .notNull()
      .references(() => playerFlag.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMember.id),
    staffUsername: text('staff_username').notNull(),
    discussed: text('discussed').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('player_flag_interaction_flag_idx').on(table.flagId, table.createdAt)],
);
