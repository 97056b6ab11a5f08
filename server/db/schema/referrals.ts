import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * Refer a friend (server/platform/referrals; REF-*, spec 001 §2 "Refer a friend"; migration 0019).
 * Money is minor units; the reward itself is a player bonus of the bonuses module.
 */

/**
 * The player's referral code, the `referralId` of their referral link: the first 16 hex digits of
 * SHA-256('emerald-referral:' + player id), so it is the same wherever it is computed and tells
 * nothing of the player; this table resolves it at sign-up.
 */
export const referralCode = pgTable(
  'referral_code',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => player.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('referral_code_code_unique').on(table.code)],
);

/** An address a player invited (REF-12: at most 15 per player in all; each address once per player). */
export const referralInvitation = pgTable(
  'referral_invitation',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** As the player typed it (trimmed); the only data of a friend the referrer sees. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('referral_invitation_address').on(table.referrerId, sql`lower(${table.email})`)],
);

/** A player who signed up through another player's referral link. */
export const referral = pgTable(
  'referral',
  {
    referredId: uuid('referred_id')
      .primaryKey()
      .references(() => player.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** Why this referral earns nothing: EMAIL, BROWSER or PAYMENT_INSTRUMENT shared with the referrer. */
    selfReferral: text('self_referral'),
    /** The friend's first deposit, whatever its amount: only the first one counts. */
    firstDepositAmount: minorUnits('first_deposit_amount'),
    firstDepositCurrency: text('first_deposit_currency'),
    firstDepositPaymentId: uuid('first_deposit_payment_id'),
    firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
    /** The invitation the friend answered (same address), if any. */
    invitationId: bigint('invitation_id', { mode: 'bigint' }),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('referral_referrer_idx').on(table.referrerId),
    check('referral_not_self', sql`${table.referredId} <> ${table.referrerId}`),
    check('referral_self_referral', sql`${table.selfReferral} IS NULL OR ${table.selfReferral} IN ('EMAIL', 'BROWSER', 'PAYMENT_INSTRUMENT')`),
  ],
);

/** The reward of a qualified referral: its primary key is the referral, so it is written once. */
export const referralReward = pgTable(
  'referral_reward',
  {
    referredId: uuid('referred_id')
      .primaryKey()
      .references(() => referral.referredId, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id').notNull(),
    /**
     * GRANTED (a bonus), WITHHELD_LOCKED (the referrer was in a time-out or self-exclusion),
     * WITHHELD_INDUCEMENTS (the referrer's jurisdiction closes refer a friend; migration 0039), NO_PLAN (no reward plan configured).
     */
    outcome: text('outcome').notNull(),
    amount: minorUnits('amount').notNull(),
    currency: text('currency').notNull(),
    playerBonusId: bigint('player_bonus_id', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (table) => [check('referral_reward_outcome', sql`${table.outcome} IN ('GRANTED', 'WITHHELD_LOCKED', 'WITHHELD_INDUCEMENTS', 'NO_PLAN')`)],
);
