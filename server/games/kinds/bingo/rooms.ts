import { bingoRoomsConfigSchema, type BingoRoomConfig } from '../../../../contracts/games/bingo';
import { ConfigurationError } from '../../../config/env';

/**
 * The bingo rooms: BINGO_ROOMS (a JSON array of rooms, `bingoRoomConfigSchema`) replaces these
 * defaults. Spec 000's vendor bingo platform becomes our own rooms (spec/README.md): several 90-ball
 * rooms and one 75-ball room, games every few minutes on the clock, a call every few seconds.
 *
 * The shares of sales a room's prizes and jackpot do not take are the house's.
 */
export const DEFAULT_BINGO_ROOMS: readonly BingoRoomConfig[] = [
  {
    id: 'penny-lane',
    chatChannelId: 30,
    name: 'Penny Lane',
    balls: 90,
    currency: 'EUR',
    ticketPrice: 1,
    maxTicketsPerPlayer: 48,
    everyMinutes: 3,
    minPlayers: 2,
    minTickets: 6,
    callIntervalMs: 3_000,
    prizes: [
      { prize: 'ONE_LINE', fixed: 10 },
      { prize: 'TWO_LINES', fixed: 20 },
      { prize: 'FULL_HOUSE', fixed: 50 },
    ],
  },
  {
    id: 'clover',
    chatChannelId: 31,
    name: 'Clover',
    balls: 90,
    currency: 'EUR',
    ticketPrice: 5,
    maxTicketsPerPlayer: 36,
    everyMinutes: 5,
    minPlayers: 2,
    minTickets: 6,
    callIntervalMs: 3_000,
    prizes: [
      { prize: 'ONE_LINE', shareBps: 1_500 },
      { prize: 'TWO_LINES', shareBps: 2_500 },
      { prize: 'FULL_HOUSE', shareBps: 4_500 },
    ],
    jackpot: { calls: 45, contributionBps: 500 },
  },
  {
    id: 'shamrock',
    chatChannelId: 32,
    name: 'Shamrock',
    balls: 90,
    currency: 'EUR',
    ticketPrice: 10,
    maxTicketsPerPlayer: 24,
    everyMinutes: 10,
    minPlayers: 3,
    minTickets: 12,
    callIntervalMs: 4_000,
    prizes: [
      { prize: 'ONE_LINE', shareBps: 1_500 },
      { prize: 'TWO_LINES', shareBps: 2_500 },
      { prize: 'FULL_HOUSE', shareBps: 5_000 },
    ],
    jackpot: { calls: 50, contributionBps: 300 },
  },
  {
    id: 'stars-75',
    chatChannelId: 33,
    name: 'Stars 75',
    balls: 75,
    currency: 'EUR',
    ticketPrice: 2,
    maxTicketsPerPlayer: 24,
    everyMinutes: 5,
    minPlayers: 2,
    minTickets: 4,
    callIntervalMs: 3_000,
    prizes: [
      { prize: 'LINE', shareBps: 3_000 },
      { prize: 'FULL_HOUSE', shareBps: 5_500 },
    ],
    jackpot: { calls: 40, contributionBps: 500 },
  },
];

/** The configured rooms: BINGO_ROOMS when set, else the defaults; a bad value stops the start naming BINGO_ROOMS. */
export function bingoRooms(config: { BINGO_ROOMS?: string | undefined }): readonly BingoRoomConfig[] {
  if (!config.BINGO_ROOMS) return DEFAULT_BINGO_ROOMS;
  let raw: unknown;
  try {
    raw = JSON.parse(config.BINGO_ROOMS);
  } catch {
    throw new ConfigurationError(['BINGO_ROOMS must be a JSON array of rooms']);
  }
  const parsed = bingoRoomsConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigurationError(parsed.error.issues.map((issue) => `BINGO_ROOMS ${issue.path.join('.') || '(rooms)'} ${issue.message}`));
  }
  return parsed.data;
}
