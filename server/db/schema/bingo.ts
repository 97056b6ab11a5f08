import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * Bingo (server/games/kinds/bingo; issue 16, migration 0026). Money is minor units of the game's
 * currency and moves only through the wallet; these rows say what was sold, called and won.
 */

export const bingoGame = pgTable(
  'bingo_game',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: text('room_id').notNull(),
    balls: smallint('balls').notNull(),
    currency: text('currency').notNull(),
    ticketPrice: minorUnits('ticket_price').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'SELLING' | 'PLAYING' | 'ENDED' | 'CANCELLED'>().notNull().default('SELLING'),
    /** Secret until revealedAt. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    rules: jsonb('rules').notNull(),
    pools: jsonb('pools'),
    callsMade: integer('calls_made').notNull().default(0),
    stage: integer('stage').notNull().default(0),
    nextCallAt: timestamp('next_call_at', { withTimezone: true }),
    eventSeq: integer('event_seq').notNull().default(0),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [unique('bingo_game_room_start_key').on(table.roomId, table.startsAt)],
);

export const bingoPurchase = pgTable(
  'bingo_purchase',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => bingoGame.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    requestKey: text('request_key').notNull(),
    tickets: integer('tickets').notNull(),
    amount: minorUnits('amount').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [unique('bingo_purchase_request_key').on(table.playerId, table.requestKey)],
);

export const bingoTicket = pgTable('bingo_ticket', {
  id: uuid('id').primaryKey().defaultRandom(),
  serial: bigserial('serial', { mode: 'bigint' }).notNull().unique(),
  gameId: uuid('game_id')
    .notNull()
    .references(() => bingoGame.id, { onDelete: 'cascade' }),
  purchaseId: uuid('purchase_id')
    .notNull()
    .references(() => bingoPurchase.id, { onDelete: 'cascade' }),
  playerId: uuid('player_id')
    .notNull()
    .references(() => player.id, { onDelete: 'cascade' }),
  strip: integer('strip').notNull(),
  /** Rows of numbers, 0 for a blank (90-ball) or the free centre (75-ball). */
  grid: jsonb('grid').$type<number[][]>().notNull(),
});

export const bingoCall = pgTable(
  'bingo_call',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => bingoGame.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    number: integer('number').notNull(),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] }), unique('bingo_call_number_key').on(table.gameId, table.number)],
);

export const bingoWin = pgTable(
  'bingo_win',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => bingoGame.id, { onDelete: 'cascade' }),
    prize: text('prize').notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => bingoTicket.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    amount: minorUnits('amount').notNull(),
    callSeq: integer('call_seq').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.prize, table.ticketId] })],
);

export const bingoEvent = pgTable(
  'bingo_event',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => bingoGame.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] })],
);

export const bingoJackpot = pgTable(
  'bingo_jackpot',
  {
    roomId: text('room_id').notNull(),
    currency: text('currency').notNull(),
    amount: minorUnits('amount').notNull().default(0n),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.currency] })],
);

export const bingoRoomLease = pgTable('bingo_room_lease', {
  roomId: text('room_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  generation: bigint('generation', { mode: 'bigint' }).notNull().default(1n),
});
