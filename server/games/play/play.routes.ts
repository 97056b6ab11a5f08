import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  gameSessionRequestSchema,
  gameSessionResponseSchema,
  launchRequestSchema,
  launchResponseSchema,
  rotateSeedRequestSchema,
  rotateSeedResponseSchema,
  roundIdParamsSchema,
  roundsQuerySchema,
  roundsResponseSchema,
  spinResponseSchema,
  verifyResponseSchema,
} from '../../../contracts/games/play';
import { openRoundResponseSchema } from '../../../contracts/games/table-games';
import { answerRealityCheckRequestSchema, answerRealityCheckResponseSchema, playStatusSchema } from '../../../contracts/platform/limits/limits';
import { clearSessionCookie, requireSession, resolveSession, SESSION_COOKIE, sessionPolicy } from '../../platform/session';
import { noteCountries } from '../../platform/accounts';
import type { ServiceContext } from '../../service-context';
import { GAME_KINDS, sharedKindLaunchedBy } from '../kinds/registry';
import { GAME_SESSION_COOKIE, requireGameSession, setGameSessionCookie, visitorIdOf, type VisitorPolicy } from './game-session';
import { launchGame, openGameSession, playRound, playStep, rotateSeeds, roundHistory, roundInPlay, verifyPlayedRound } from './play-service';
import { answerRealityCheckInGame, playStatus } from './responsible-play';
import { freeSpinRoutes } from './free-spins';
import { bonusProgressResponseSchema } from '../../../contracts/platform/bonuses/bonuses';
import { bonusProgressInGame } from './bonus-progress';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * The /gs operations over HTTP: each route reads the cookies, then calls its service in
 * `play-service.ts`. Every game kind's start and steps are registered from the kinds registry.
 */
export const playRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = context.database.db;
    const visitors: VisitorPolicy = { visitorJurisdiction: context.config.VISITOR_JURISDICTION };
    const gameSessionOf = (request: FastifyRequest) => requireGameSession(db, request, visitors);
    const lobbies = (gameId: string) => sharedKindLaunchedBy(gameId, context.config);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.post(
      '/launch',
      {
        schema: {
          tags: ['games'],
          summary: 'A single-use launch address for a game (portal session cookie; without one, free play as a visitor)',
          body: launchRequestSchema,
          response: { 200: launchResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { gameId, playForReal } = request.body;
        // PLAY-17/18: real play needs a portal session; without one (or with a dead one) a visitor
        // may still play a free game, under an anonymous game identity (PLAY-19: never for real).
        const portalToken = request.cookies[SESSION_COOKIE];
        const session = playForReal ? await requireSession(context, request, reply) : await resolveSession(db, portalToken, sessionPolicy(context.config));
        if (!session && portalToken) clearSessionCookie(reply);
        // Defect 3: the country of the address a player plays from counts towards the rules they play under.
        if (session) await noteCountries(db, session.partyId, { address: { ip: request.ip, place: 'PLAY' } });
        return launchGame(
          db,
          visitors,
          {
            gameId,
            playForReal,
            player: session && {
              partyId: session.partyId,
              currency: session.currency,
              registrationStatus: session.registrationStatus,
              kycStatus: session.kycStatus,
              sessionTokenHash: session.tokenHash,
            },
            visitorId: session ? undefined : await visitorIdOf(db, request),
          },
          lobbies,
        );
      },
    );

    app.post(
      '/session',
      {
        schema: {
          tags: ['games'],
          summary: 'Exchanges a launch token for a game session',
          body: gameSessionRequestSchema,
          response: { 200: gameSessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cookieValue, answer } = await openGameSession(db, visitors, request.body.token, lobbies, request.body.lang);
        setGameSessionCookie(request, reply, cookieValue);
        return answer;
      },
    );

    for (const kind of GAME_KINDS) {
      app.post(
        kind.start.path,
        { schema: { tags: ['games'], summary: kind.start.summary, body: kind.start.body, response: { 200: spinResponseSchema, ...errors } } },
        async (request) => playRound(db, await gameSessionOf(request), kind.kind, request.body),
      );
      for (const [name, step] of Object.entries(kind.steps)) {
        app.post(
          step.path,
          { schema: { tags: ['games'], summary: step.summary, body: step.body, response: { 200: spinResponseSchema, ...errors } } },
          async (request) => playStep(db, await gameSessionOf(request), kind.kind, name, request.body),
        );
      }
    }

    // Free spins of a free-spin bonus (issue 14): GET /free-spins, POST /free-spins/spin.
    await app.register(freeSpinRoutes(context));

    app.get(
      '/round/open',
      {
        schema: {
          tags: ['games'],
          summary: 'The round of this game session still in play, to resume it (game session cookie)',
          response: { 200: openRoundResponseSchema, ...errors },
        },
      },
      async (request) => roundInPlay(db, await gameSessionOf(request)),
    );

    app.get(
      '/rounds',
      {
        schema: {
          tags: ['games'],
          summary: "The player's (or visitor's) last rounds (game session cookie)",
          querystring: roundsQuerySchema,
          response: { 200: roundsResponseSchema, ...errors },
        },
      },
      async (request) => roundHistory(db, await gameSessionOf(request), request.query.limit),
    );

    app.post(
      '/seeds/rotate',
      {
        schema: {
          tags: ['games'],
          summary: 'Reveals the current server seed and commits to a new one (game session cookie)',
          body: rotateSeedRequestSchema,
          response: { 200: rotateSeedResponseSchema, ...errors },
        },
      },
      async (request) => rotateSeeds(db, await gameSessionOf(request), request.body.clientSeed),
    );

    app.get(
      '/rounds/:id/verify',
      {
        schema: {
          tags: ['games'],
          summary: 'Recomputes a round from its revealed seed (game session cookie)',
          params: roundIdParamsSchema,
          response: { 200: verifyResponseSchema, ...errors },
        },
      },
      async (request) => verifyPlayedRound(db, await gameSessionOf(request), request.params.id),
    );

    app.get(
      '/play-status',
      {
        schema: {
          tags: ['games'],
          summary:
            "The player's play status in a real-money game: reality check, time played, net position, limits' usage, why play is refused (game session cookie; RG-62)",
          response: { 200: playStatusSchema, ...errors },
        },
      },
      async (request) => playStatus(db, await gameSessionOf(request), context.limits),
    );

    app.get(
      '/bonus-progress',
      {
        schema: {
          tags: ['games'],
          summary: "The active bonus's wagering progress in a real-money game: wagered, required, what it releases (game session cookie; issue 14)",
          response: { 200: bonusProgressResponseSchema, ...errors },
        },
      },
      async (request) => bonusProgressInGame(db, await gameSessionOf(request)),
    );

    app.post(
      '/reality-check',
      {
        schema: {
          tags: ['games'],
          summary: 'Answers a due reality check from the game: CONTINUE, or LOGOUT which ends the player’s sessions (game session cookie; RG-62, NS-23)',
          body: answerRealityCheckRequestSchema,
          response: { 200: answerRealityCheckResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await answerRealityCheckInGame(db, await gameSessionOf(request), request.body.action, context.limits);
        if (request.body.action === 'LOGOUT') reply.clearCookie(GAME_SESSION_COOKIE, { path: '/gs' });
        return answer;
      },
    );
  };
