import { sql } from 'drizzle-orm';
import { bigint, check, index, type AnyPgColumn, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * The owner of a game row (launch token, session, seed, round): a player or, for a visitor's free
 * play, the visitor's anonymous game identity (held only behind the game server's HttpOnly session
 * cookie). Exactly one of the two is set; real-money rows always have a player.
 */
const gameOwner = (onDelete: 'cascade' | 'restrict') => ({
  playerId: uuid('player_id').references(() => player.id, { onDelete }),
  /** A visitor's anonymous game identity (free play only); null for a player's rows. */
  visitorId: uuid('visitor_id'),
});

const ownerCheck = (name: string, table: { playerId: AnyPgColumn; visitorId: AnyPgColumn }) =>
  check(`${name}_owner`, sql`(${table.playerId} IS NULL) <> (${table.visitorId} IS NULL)`);

const realPlayerCheck = (name: string, table: { playerId: AnyPgColumn; mode: AnyPgColumn }) =>
  check(`${name}_real_player`, sql`${table.mode} <> 'REAL' OR ${table.playerId} IS NOT NULL`);

/**
 * Provably fair seeds (ARCHITECTURE §4): the server seed stays secret until the player rotates it;
 * its sha256 is shown before the first round. One active (unrevealed) seed per owner. The owner is
 * a player or, for a visitor's free play, the visitor's anonymous game identity (`visitorId`, held
 * only behind the game server's HttpOnly session cookie); exactly one of the two is set.
 */
export const gameSeed = pgTable(
  'game_seed',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...gameOwner('cascade'),
    /** 64 hex characters; secret until revealedAt. */
    serverSeed: text('server_seed').notNull(),
    /** sha256(serverSeed bytes), the commitment. */
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: createdAt(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_seed_active_key')
      .on(table.playerId)
      .where(sql`${table.revealedAt} IS NULL`),
    uniqueIndex('game_seed_visitor_active_key')
      .on(table.visitorId)
      .where(sql`${table.revealedAt} IS NULL`),
    ownerCheck('game_seed', table),
  ],
);

/**
 * A single-use launch token (DEF-06): the launch address carries it instead of the session key.
 * Only its sha256 is kept. Exchanged once for a game session.
 */
export const gameLaunchToken = pgTable(
  'game_launch_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    ...gameOwner('cascade'),
    gameId: text('game_id').notNull(),
    /** REAL or FREE. */
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The token hash of the portal session that asked for the launch; null for a visitor. */
    portalSessionHash: text('portal_session_hash'),
  },
  (table) => [
    check('game_launch_token_mode', sql`${table.mode} IN ('REAL', 'FREE')`),
    ownerCheck('game_launch_token', table),
    realPlayerCheck('game_launch_token', table),
  ],
);

/** A game session: the HttpOnly cookie of the launch container; only its sha256 is kept. */
export const gameSession = pgTable(
  'game_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    ...gameOwner('cascade'),
    gameId: text('game_id').notNull(),
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    /** Free play only: the virtual balance, minor units. */
    freeBalance: minorUnits('free_balance')
      .notNull()
      .default(sql`0`),
    /**
     * The session's net position (wins − stakes of its rounds, minor units), kept as a running total
     * by every write of a round's stake or win in this session, so reading it does not grow with
     * the session.
     */
    netPosition: bigint('net_position', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The portal session that launched it (its token hash): its logout ends this session too. Null for a visitor. */
    portalSessionHash: text('portal_session_hash'),
  },
  (table) => [
    index('game_session_player_idx').on(table.playerId),
    index('game_session_portal_session_idx')
      .on(table.portalSessionHash)
      .where(sql`${table.portalSessionHash} IS NOT NULL`),
    index('game_session_visitor_idx').on(table.visitorId),
    check('game_session_mode', sql`${table.mode} IN ('REAL', 'FREE')`),
    ownerCheck('game_session', table),
    realPlayerCheck('game_session', table),
  ],
);

/** One round: what was staked, the outcome (replayable from the seed and nonce) and what it paid. */
export const gameRound = pgTable(
  'game_round',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...gameOwner('restrict'),
    gameId: text('game_id').notNull(),
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    stake: minorUnits('stake').notNull(),
    win: minorUnits('win')
      .notNull()
      .default(sql`0`),
    /** OPEN, SETTLED or ROLLED_BACK. */
    status: text('status').notNull(),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => gameSeed.id, { onDelete: 'restrict' }),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    /** The engine's outcome, written before any win is paid. */
    outcome: jsonb('outcome').$type<unknown>().notNull(),
    /** The client's id of the request; a retry with it answers the same round. */
    clientRequestId: text('client_request_id').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_round_request_key').on(table.playerId, table.clientRequestId),
    uniqueIndex('game_round_visitor_request_key').on(table.visitorId, table.clientRequestId),
    uniqueIndex('game_round_seed_nonce_key').on(table.seedId, table.nonce),
    index('game_round_player_created_idx').on(table.playerId, table.createdAt),
    index('game_round_visitor_created_idx').on(table.visitorId, table.createdAt),
    index('game_round_game_created_idx').on(table.gameId, table.createdAt),
    index('game_round_open_idx')
      .on(table.playerId)
      .where(sql`${table.status} = 'OPEN'`),
    // One round in play (mines, blackjack) per owner and game and mode: the database holds it under any concurrency (issue 11, defect 5).
    uniqueIndex('game_round_player_in_play_key')
      .on(table.playerId, table.gameId, table.mode)
      .where(sql`${table.status} = 'OPEN' AND ${table.playerId} IS NOT NULL AND (${table.outcome}->>'inPlay') = 'true'`),
    uniqueIndex('game_round_visitor_in_play_key')
      .on(table.visitorId, table.gameId, table.mode)
      .where(sql`${table.status} = 'OPEN' AND ${table.visitorId} IS NOT NULL AND (${table.outcome}->>'inPlay') = 'true'`),
    check('game_round_status', sql`${table.status} IN ('OPEN', 'SETTLED', 'ROLLED_BACK')`),
    check('game_round_mode', sql`${table.mode} IN ('REAL', 'FREE')`),
    check('game_round_amounts', sql`${table.stake} > 0 AND ${table.win} >= 0`),
    ownerCheck('game_round', table),
    realPlayerCheck('game_round', table),
  ],
);

/** A player's favourite game (PLAY-10, PLAY-11, PLAY-30): gameId + platform. */
export const gameFavourite = pgTable(
  'game_favourite',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    gameId: text('game_id').notNull(),
    platform: text('platform').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.gameId] }), index('game_favourite_player_created_idx').on(table.playerId, table.createdAt)],
);
