import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { BINGO_MAX_TICKET_PRICE } from '../../../../contracts/games/bingo';
import { fromMinorUnits } from '../../../../contracts/money';
import type { SharedGameKind } from '../game-kind';
import { BINGO_KIND, refundTicketsAtLock } from './bingo-service';
import { bingoRoutes } from './bingo.routes';
import { createBingoDriver } from './driver';
import { bingoRooms } from './rooms';
import { moduleLogger } from '../../../logging/module-loggers';

/** How often this node's driver steps its rooms; calls come every few seconds, so a call is at most this late. */
export const BINGO_TICK_MS = 500;

/**
 * Bingo as a kind of the game server (issue 16): 90-ball and 75-ball rooms from the configuration,
 * games on a schedule, tickets through the wallet, calls from a committed fair order, prizes paid
 * by the driver. gameId `bingo` (BINGO_GAME_ID) launches its lobby.
 */
export const bingoKind: SharedGameKind = {
  kind: BINGO_KIND,
  lobbyGameId: (config) => config.BINGO_GAME_ID,
  lobbyTitle: (gameId, currency) => ({
    gameId,
    name: 'Bingo',
    kind: BINGO_KIND,
    currency,
    // A ticket costs from 1 minor unit up to its room's price (at most BINGO_MAX_TICKET_PRICE).
    limits: { min: fromMinorUnits(1n), max: fromMinorUnits(BigInt(BINGO_MAX_TICKET_PRICE)), steps: [fromMinorUnits(1n)] },
  }),
  routes: bingoRoutes,
  startDriver(context) {
    const enabled = context.config.BINGO_DRIVER ?? context.config.NODE_ENV !== 'test';
    if (!enabled) return undefined;
    const driver = createBingoDriver(context.database.db, bingoRooms(context.config), {
      driverId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      lobbyGameId: context.config.BINGO_GAME_ID,
      logger: moduleLogger(context.logger, 'bingo'),
    });
    driver.start(BINGO_TICK_MS);
    return driver;
  },
  // Tickets for a game not yet started are returned (the purchase rolled back); a game in play plays on.
  settleAtLock: (context) => refundTicketsAtLock(context.db, context.config.BINGO_GAME_ID, context),
};
