import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_SESSION, staffRealtimeGrant } from '../back-office';
import { moduleLogger } from '../logging/module-loggers';
import { hashSessionToken, peekLiveSession, SESSION_COOKIE, sessionPolicy } from '../platform/session';
import { createEventBus, createSessionEndFeed, playerHolder, pruneEvents, realtimeGateway, staffHolder, type RealtimeIdentity } from '../realtime';
import { runBackgroundWork } from '../jobs/background-work';
import type { ServiceContext } from '../service-context';
import { gameClientRoutes } from './client/game-client.plugin';
import { SHARED_GAME_KINDS } from './kinds/registry';
import { GAME_SESSION_COOKIE, gameSessionOfCookie, type VisitorPolicy } from './play/game-session';
import { playRoutes } from './play/play.routes';

/** The game server, mounted at /gs: RNG, engines, rounds, the launch container, shared games and the real-time gateway. */
export const gameServer =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = context.database.db;
    const visitors: VisitorPolicy = { visitorJurisdiction: context.config.VISITOR_JURISDICTION };
    app.get(
      '/ping',
      {
        schema: {
          tags: ['games'],
          summary: 'Answers when the game server is reachable',
          response: { 200: z.object({ status: z.literal('SUCCESS'), service: z.string() }) },
        },
      },
      async () => ({ status: 'SUCCESS' as const, service: 'games' }),
    );
    await app.register(playRoutes(context));
    // The kinds the server runs for many players on a schedule (bingo): their operations, and their drivers on this node.
    for (const kind of SHARED_GAME_KINDS) {
      await app.register(kind.routes(context));
      runBackgroundWork(app, context, () => kind.startDriver(context));
    }
    await app.register(gameClientRoutes(context));

    // The real-time bus and its WebSocket gateway (/gs/ws): the game session cookie (scoped to /gs)
    // or the portal session cookie authenticates the upgrade.
    const logger = moduleLogger(context.logger, 'games');
    const bus = createEventBus(context.database, logger);
    app.addHook('onClose', () => bus.close());
    // Stored events serve replays after a dropped connection; each node prunes the old ones hourly (idempotent).
    const retentionMs = context.config.REALTIME_EVENT_RETENTION_HOURS * 3_600_000;
    const prune = () =>
      pruneEvents(db, new Date(Date.now() - retentionMs)).then(
        (pruned) => (pruned > 0 ? logger.info({ pruned }, 'realtime: old events pruned') : undefined),
        (error: unknown) => logger.warn({ err: error }, 'realtime: pruning old events failed'),
      );
    runBackgroundWork(app, context, () => {
      const pruning = setInterval(() => void prune(), 3_600_000);
      pruning.unref();
      return { stop: async () => clearInterval(pruning) };
    });
    // Sessions are read without counting as use: the gateway reads them again while a socket is
    // open (a session-end notice, their end by time, every subscribe), and an open socket must not
    // keep a session alive.
    const portalSessions = sessionPolicy(context.config);
    const playerOf = async (request: FastifyRequest): Promise<RealtimeIdentity | null> => {
      const gameCookie = request.cookies[GAME_SESSION_COOKIE];
      if (gameCookie) {
        const session = await gameSessionOfCookie(db, gameCookie, visitors).catch(() => null);
        if (session) {
          const playerId = session.owner.playerId ?? null;
          // A visitor's sockets count against their anonymous game identity, which outlives one game.
          const party = playerId ? `player:${playerId}` : `visitor:${session.owner.visitorId}`;
          return { playerId, holders: playerId ? [playerHolder(playerId)] : [], validUntil: session.expiresAt, party };
        }
      }
      const portalCookie = request.cookies[SESSION_COOKIE];
      const portal = portalCookie && portalCookie.length <= 128 ? await peekLiveSession(db, hashSessionToken(portalCookie), portalSessions) : null;
      return portal
        ? { playerId: portal.partyId, holders: [playerHolder(portal.partyId)], validUntil: portal.endsAt, party: `player:${portal.partyId}` }
        : null;
    };
    // A staff screen's upgrade carries the back office's cookie too (its path includes /gs/ws).
    const authenticate = async (request: FastifyRequest): Promise<RealtimeIdentity | null> => {
      const [player, staff] = await Promise.all([playerOf(request), staffRealtimeGrant(db, request.cookies[STAFF_SESSION.cookie])]);
      if (!staff) return player;
      const ends = [staff.endsAt, ...(player?.validUntil ? [player.validUntil] : [])];
      return {
        playerId: player?.playerId ?? null,
        staffPermissions: staff.permissions,
        holders: [...(player?.holders ?? []), staffHolder(staff.staffId)],
        validUntil: new Date(Math.min(...ends.map((end) => end.getTime()))),
        party: player?.party ?? `staff:${staff.staffId}`,
      };
    };
    // Session ends from every node close the sockets they opened here (server/realtime/README.md).
    const sessionEnds = createSessionEndFeed(context.database, logger);
    app.addHook('onClose', () => sessionEnds.close());
    await app.register(
      realtimeGateway({
        bus,
        authenticate,
        sessionEnds,
        heartbeatMs: context.config.REALTIME_HEARTBEAT_MS,
        draining: () => context.lifecycle?.draining ?? false,
      }),
    );
  };
