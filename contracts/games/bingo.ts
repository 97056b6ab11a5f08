import { z } from 'zod';
import { currencySchema } from '../money';

/**
 * Bingo at the game server (/gs/bingo; issue 16): the rooms' configuration, the lobby's rooms, ticket
 * purchases, a game's state and events, and the verification of its ball order. Money on the wire is
 * major units (ARCHITECTURE §6); configuration counts minor units.
 */

// ---------------------------------------------------------------------------------------------
// Room configuration (BINGO_ROOMS, a JSON array; defaults in server/games/kinds/bingo/rooms.ts)
// ---------------------------------------------------------------------------------------------

/** The most a ticket may cost in any room, minor units (1.00): tickets cost from 1 minor unit up to a room's price. */
export const BINGO_MAX_TICKET_PRICE = 100;

export const bingoPrizeNameSchema = z.enum(['ONE_LINE', 'TWO_LINES', 'FULL_HOUSE', 'LINE', 'JACKPOT']);
export type BingoPrizeName = z.infer<typeof bingoPrizeNameSchema>;

/** A prize's pool: a fixed amount (minor units) or a share of the game's sales (basis points). */
export const bingoPrizeRuleSchema = z.union([
  z.object({ prize: bingoPrizeNameSchema.exclude(['JACKPOT']), fixed: z.number().int().min(1).max(100_000_000) }).strict(),
  z.object({ prize: bingoPrizeNameSchema.exclude(['JACKPOT']), shareBps: z.number().int().min(1).max(10_000) }).strict(),
]);
export type BingoPrizeRule = z.infer<typeof bingoPrizeRuleSchema>;

/** The room's jackpot: a full house within `calls` calls wins it; each game adds `contributionBps` of its sales. */
export const bingoJackpotRuleSchema = z.object({ calls: z.number().int().min(1).max(90), contributionBps: z.number().int().min(1).max(10_000) }).strict();

const PRIZES_BY_BALLS = { 90: ['ONE_LINE', 'TWO_LINES', 'FULL_HOUSE'], 75: ['LINE', 'FULL_HOUSE'] } as const;

export const bingoRoomConfigSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/, { message: 'must be 1 to 40 lower-case letters, digits or dashes' }),
    name: z.string().min(1).max(60),
    balls: z.union([z.literal(75), z.literal(90)]),
    currency: currencySchema,
    /** Minor units, 1 up to BINGO_MAX_TICKET_PRICE. */
    ticketPrice: z.number().int().min(1).max(BINGO_MAX_TICKET_PRICE),
    maxTicketsPerPlayer: z.number().int().min(1).max(144),
    /** A game starts every this many minutes (on the clock: 0, 5, 10, … for 5). */
    everyMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    /** Fewer distinct players, or fewer tickets, when sales close: the game is cancelled and refunded. */
    minPlayers: z.number().int().min(1).max(10_000),
    minTickets: z.number().int().min(1).max(1_000_000),
    callIntervalMs: z.number().int().min(200).max(60_000),
    prizes: z.array(bingoPrizeRuleSchema).min(1),
    jackpot: bingoJackpotRuleSchema.optional(),
    /** The room's chat: a CHAT channel of this number, created with the room's name when missing. */
    chatChannelId: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .strict()
  .superRefine((room, context) => {
    const allowed: readonly string[] = PRIZES_BY_BALLS[room.balls];
    const names = room.prizes.map((rule) => rule.prize);
    const inOrder = names.every((name, index) => allowed.includes(name) && (index === 0 || allowed.indexOf(name) > allowed.indexOf(names[index - 1]!)));
    if (!inOrder || names.at(-1) !== 'FULL_HOUSE') {
      context.addIssue({ code: 'custom', path: ['prizes'], message: `must be some of ${allowed.join(', ')} in that order, ending with FULL_HOUSE` });
    }
    const shares = room.prizes.reduce((sum, rule) => sum + ('shareBps' in rule ? rule.shareBps : 0), 0) + (room.jackpot?.contributionBps ?? 0);
    if (shares > 10_000)
      context.addIssue({ code: 'custom', path: ['prizes'], message: 'the prizes’ and the jackpot’s shares must add up to at most 100% of sales' });
    if (room.jackpot && room.jackpot.calls > room.balls)
      context.addIssue({ code: 'custom', path: ['jackpot', 'calls'], message: 'must be at most the number of balls' });
  });
export type BingoRoomConfig = z.infer<typeof bingoRoomConfigSchema>;

export const bingoRoomsConfigSchema = z
  .array(bingoRoomConfigSchema)
  .min(1)
  .refine((rooms) => new Set(rooms.map((room) => room.id)).size === rooms.length, { message: 'room ids must be unique' });

// ---------------------------------------------------------------------------------------------
// The lobby
// ---------------------------------------------------------------------------------------------

export const bingoGameStatusSchema = z.enum(['SELLING', 'PLAYING', 'ENDED', 'CANCELLED']);

/** Why the driver cancelled a game when sales closed (and refunded every ticket): too few players, or too few tickets. */
export const bingoCancelReasonSchema = z.enum(['TOO_FEW_PLAYERS', 'TOO_FEW_TICKETS']);
export type BingoCancelReason = z.infer<typeof bingoCancelReasonSchema>;

export const bingoPrizeViewSchema = z.object({
  prize: bingoPrizeNameSchema.exclude(['JACKPOT']),
  /** How the pool is set: a fixed amount (major units) or a share of sales (percent). */
  fixed: z.number().optional(),
  sharePercent: z.number().optional(),
});

export const bingoGameSummarySchema = z.object({
  gameId: z.string(),
  status: bingoGameStatusSchema,
  startsAt: z.string(),
  /** sha256 of the server seed that fixes the ball order: published before sales close. */
  serverSeedHash: z.string(),
  ticketsSold: z.number().int(),
  players: z.number().int(),
  callsMade: z.number().int(),
});

export const bingoRoomSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  /** The room's chat channel (read and posted through /ps/channels/:channelId/messages), or null. */
  chatChannelId: z.number().int().nullable(),
  balls: z.union([z.literal(75), z.literal(90)]),
  currency: currencySchema,
  /** Major units. */
  ticketPrice: z.number(),
  maxTicketsPerPlayer: z.number().int(),
  everyMinutes: z.number().int(),
  minPlayers: z.number().int(),
  minTickets: z.number().int(),
  callIntervalSeconds: z.number(),
  prizes: z.array(bingoPrizeViewSchema),
  /** The jackpot, its funding and its rule. */
  jackpot: z
    .object({
      /** Major units in the pot now. */
      amount: z.number(),
      calls: z.number().int(),
      contributionPercent: z.number(),
      rule: z.string(),
    })
    .nullable(),
  /** The game on sale (null until the driver schedules it). */
  nextGame: bingoGameSummarySchema.nullable(),
  /** The game being called, if any. */
  playingGame: bingoGameSummarySchema.nullable(),
});

export const bingoRoomsResponseSchema = z.object({ status: z.literal('SUCCESS'), rooms: z.array(bingoRoomSchema) });

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

export const bingoGameIdSchema = z.uuid({ message: 'must be a game id' });
export const bingoGameParamsSchema = z.object({ gameId: bingoGameIdSchema });

export const bingoBuyRequestSchema = z.object({
  gameId: bingoGameIdSchema,
  /** How many tickets (90-ball: cut from strips of six). */
  tickets: z.number().int({ message: 'must be a whole number' }).min(1, { message: 'must be at least 1' }).max(144, { message: 'must be at most 144' }),
  /** The player's key of this purchase: a retry with the same key buys nothing more. */
  clientRequestId: z.string().trim().min(1).max(100),
});

export const bingoTicketSchema = z.object({
  ticketId: z.string(),
  /** The strip of six the ticket was cut from (within its purchase), 90-ball. */
  strip: z.number().int(),
  /** Rows of numbers; 0 is a blank (90-ball) or the free centre (75-ball). */
  grid: z.array(z.array(z.number().int())),
  /** Numbers of this ticket called so far (auto-daub). */
  marked: z.array(z.number().int()),
  /** Numbers still to come for the prize now being played for (0 once the game is over). */
  toGo: z.number().int(),
  /** Prizes this ticket won, with the amount (major units). */
  won: z.array(z.object({ prize: bingoPrizeNameSchema, amount: z.number(), callSeq: z.number().int() })),
});

export const bingoBuyResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  purchaseId: z.string(),
  gameId: z.string(),
  /** Major units debited (once per clientRequestId). */
  amount: z.number(),
  /** True when this clientRequestId had already bought: nothing was debited this time. */
  replayed: z.boolean(),
  tickets: z.array(bingoTicketSchema),
  /** Major units: cash + bonus after the purchase. */
  balance: z.number(),
});

export const bingoMyTicketsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  gameId: z.string(),
  gameStatus: bingoGameStatusSchema,
  /** Sorted by toGo, fewest first. */
  tickets: z.array(bingoTicketSchema),
});

// ---------------------------------------------------------------------------------------------
// A game's state, its events and verification
// ---------------------------------------------------------------------------------------------

export const bingoEventTypeSchema = z.enum(['SALES_CLOSED', 'CALL', 'PRIZE', 'END', 'CANCEL']);
export type BingoEventType = z.infer<typeof bingoEventTypeSchema>;

export const bingoEventSchema = z.object({
  gameId: z.string(),
  roomId: z.string(),
  /** 1, 2, 3, … within the game, without gaps. */
  seq: z.number().int(),
  type: bingoEventTypeSchema,
  at: z.string(),
  /** SALES_CLOSED: commitment, tickets, players, pools; CALL: callSeq, number; PRIZE: prize, callSeq, ticketIds, amountEach, names (the winners' chat nicknames, null without one); END: serverSeed; CANCEL: reason, reasonCode (TOO_FEW_PLAYERS or TOO_FEW_TICKETS), players, tickets, minPlayers, minTickets, refunds. Amounts in minor units. */
  payload: z.record(z.string(), z.unknown()),
});
export type BingoEvent = z.infer<typeof bingoEventSchema>;

export const bingoEventsQuerySchema = z.object({
  afterSeq: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 or more' })
    .max(2_147_483_647, { message: 'must be at most 2147483647' })
    .default(0),
});

export const bingoEventsResponseSchema = z.object({ status: z.literal('SUCCESS'), gameId: z.string(), events: z.array(bingoEventSchema) });

export const bingoGameStateResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  gameId: z.string(),
  roomId: z.string(),
  balls: z.number().int(),
  gameStatus: bingoGameStatusSchema,
  startsAt: z.string(),
  serverSeedHash: z.string(),
  /** Revealed once the game has ended or was cancelled. */
  serverSeed: z.string().nullable(),
  calls: z.array(z.number().int()),
  /** The prize the next call plays for; null when none is left. */
  playingFor: bingoPrizeNameSchema.nullable(),
  /** Major units, set when sales close. */
  pools: z.array(z.object({ prize: bingoPrizeNameSchema, amount: z.number() })),
  winners: z.array(
    z.object({
      prize: bingoPrizeNameSchema,
      callSeq: z.number().int(),
      tickets: z.number().int(),
      amountEach: z.array(z.number()),
      /** The winning players by chat nickname, once each (null: a player without one), never by sign-in name. */
      names: z.array(z.string().nullable()),
    }),
  ),
  /** The last event's seq: ask for events after it. */
  lastSeq: z.number().int(),
  /** The game is played only with at least this many players and tickets when sales close; else it is cancelled and refunded. */
  minPlayers: z.number().int(),
  minTickets: z.number().int(),
  /** Players and tickets in the game so far (refunded purchases left out). */
  players: z.number().int(),
  ticketsSold: z.number().int(),
  /** Why the game was cancelled (null unless CANCELLED), with the counts and minimums at the close. */
  cancelled: z
    .object({
      reason: bingoCancelReasonSchema,
      players: z.number().int(),
      tickets: z.number().int(),
      minPlayers: z.number().int(),
      minTickets: z.number().int(),
    })
    .nullable(),
});

export const bingoVerifyResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  gameId: z.string(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  /** The fair stream's client seed (the game's id) and nonce (0). */
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The order recomputed from the revealed seed. */
  ballOrder: z.array(z.number().int()),
  calls: z.array(z.number().int()),
  /** The seed matches its hash and every call is the recomputed order's ball at that position. */
  verified: z.boolean(),
});
