import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/** A live table and the lease of the node that drives it (server/games/kinds/live-roulette). */
export const liveTable = pgTable('live_table', {
  id: text('id').primaryKey(),
  gameId: text('game_id').notNull(),
  leaseHolder: text('lease_holder'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One shared round of a table; the server seed is secret until SETTLED, its hash shown from the start. */
export const liveRound = pgTable(
  'live_round',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tableId: text('table_id')
      .notNull()
      .references(() => liveTable.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** BETTING, CLOSED (no more bets) or SETTLED. */
    status: text('status').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    result: integer('result'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('live_round_table_number_key').on(table.tableId, table.number),
    check('live_round_status', sql`${table.status} IN ('BETTING', 'CLOSED', 'SETTLED')`),
    check('live_round_result', sql`${table.result} IS NULL OR (${table.result} >= 0 AND ${table.result} <= 36)`),
  ],
);

/** A player's bets on one round: one wallet debit when accepted, one credit when settled. */
export const liveBet = pgTable(
  'live_bet',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => liveRound.id, { onDelete: 'restrict' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'restrict' }),
    gameSessionHash: text('game_session_hash').notNull(),
    currency: text('currency').notNull(),
    bets: jsonb('bets').notNull(),
    stake: minorUnits('stake').notNull(),
    win: minorUnits('win'),
    outcome: jsonb('outcome'),
    clientRequestId: text('client_request_id').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('live_bet_player_request_key').on(table.playerId, table.clientRequestId),
    index('live_bet_round_unsettled_idx')
      .on(table.roundId)
      .where(sql`${table.settledAt} IS NULL`),
    check('live_bet_stake_positive', sql`${table.stake} > 0`),
  ],
);
