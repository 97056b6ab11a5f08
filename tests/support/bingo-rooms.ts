import type { BingoRoomConfig } from '../../contracts/games/bingo';

/**
 * A bingo room for a test: 90 balls, EUR, a ticket of 0.10, at most 12 tickets a player, a game a
 * day (so sales stay open until the coming midnight UTC while a test drives the room with
 * `tick(now)`), one player and one ticket enough, a call a second, fixed prizes of 0.05, 0.10 and
 * 0.20; `overrides` says what the test is about.
 */
export const testBingoRoom = (id: string, overrides: Partial<BingoRoomConfig> = {}): BingoRoomConfig => ({
  id,
  name: id,
  balls: 90,
  currency: 'EUR',
  ticketPrice: 10,
  maxTicketsPerPlayer: 12,
  everyMinutes: 1440,
  minPlayers: 1,
  minTickets: 1,
  callIntervalMs: 1_000,
  prizes: [
    { prize: 'ONE_LINE', fixed: 5 },
    { prize: 'TWO_LINES', fixed: 10 },
    { prize: 'FULL_HOUSE', fixed: 20 },
  ],
  ...overrides,
});
