import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../../service-context';
import { moduleLogger } from '../../../logging/module-loggers';
import { requireGameSession } from '../../play/game-session';
import type { SharedGameKind } from '../game-kind';
import { startLiveDriver } from './live-driver';
import { settleLiveBetsAtLock } from './live-roulette';
import { liveRouletteRoutes } from './live-roulette.routes';
import { liveLobbyFrom, liveTitleConfig } from './live-tables';

/**
 * Live roulette as a kind the server runs for everyone at a table (`SharedGameKind`): the live
 * lobby's gameId (LIVE_LOBBY_GAME_ID, 101) launches it, its operations live under
 * /gs/live-roulette, and this node's timer ticks its tables unless LIVE_TABLE_TIMERS is false
 * (tests call `tick` with the time they want).
 */
export const liveRouletteKind: SharedGameKind = {
  kind: 'live-roulette',
  lobbyGameId: (config) => config.LIVE_LOBBY_GAME_ID,
  lobbyTitle: (gameId, currency) => ({
    ...liveTitleConfig(liveLobbyFrom({ LIVE_LOBBY_GAME_ID: gameId, LIVE_ROULETTE_BETTING_SECONDS: 1, LIVE_ROULETTE_RESULT_SECONDS: 1 }), currency),
  }),
  routes: (context: ServiceContext): FastifyPluginAsyncZod => {
    const db = context.database.db;
    const visitors = { visitorJurisdiction: context.config.VISITOR_JURISDICTION };
    return liveRouletteRoutes(db, liveLobbyFrom(context.config), (request) => requireGameSession(db, request, visitors));
  },
  startDriver: (context) => {
    const timers = context.config.LIVE_TABLE_TIMERS ?? context.config.NODE_ENV !== 'test';
    if (!timers) return undefined;
    return startLiveDriver(context.database.db, liveLobbyFrom(context.config), moduleLogger(context.logger, 'games'));
  },
  // A bet on a round not yet resolved is voided (stake back); one on a round already drawn is paid by its result.
  settleAtLock: (context) => settleLiveBetsAtLock(context.db, liveLobbyFrom(context.config), context),
};
