import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  favoriteGameRequestSchema,
  favoriteGameResponseSchema,
  gamesCountQuerySchema,
  gamesResponseSchema,
  transactionHistoryQuerySchema,
  transactionHistoryResponseSchema,
} from '../../../contracts/platform/games/games';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { addFavourite, favourites, gameTransactions, hottest, isKnownGame, mostPopular, removeFavourite } from './games.repository';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const HOUR_MS = 60 * 60_000;

/**
 * The platform's game operations by spec name (spec 000 §7 Games, spec 001 §7): favourites
 * (session), most popular and hottest games (public), and the game transaction history (session).
 */
export const platformGamesRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.post(
      '/addFavoriteGame',
      {
        schema: {
          tags: ['platform', 'games'],
          summary: 'Adds a game to the player’s favourites (PLAY-10)',
          body: favoriteGameRequestSchema,
          response: { 200: favoriteGameResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const { gameId, platformCode } = request.body;
        if (!(await isKnownGame(db, gameId))) throw new AppError('NOT_FOUND', `No game ${gameId}`, [{ field: 'gameId', error: 'No such game' }]);
        const added = await addFavourite(db, session.partyId, gameId, platformCode);
        return { status: 'SUCCESS' as const, message: added ? 'The game was added to your favourites' : 'The game is already one of your favourites' };
      },
    );

    app.post(
      '/removeFavoriteGame',
      {
        schema: {
          tags: ['platform', 'games'],
          summary: 'Removes a game from the player’s favourites (PLAY-11)',
          body: favoriteGameRequestSchema,
          response: { 200: favoriteGameResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const removed = await removeFavourite(db, session.partyId, request.body.gameId);
        return { status: 'SUCCESS' as const, message: removed ? 'The game was removed from your favourites' : 'The game was not one of your favourites' };
      },
    );

    app.get(
      '/getFavoriteGames',
      {
        schema: {
          tags: ['platform', 'games'],
          summary: 'The player’s favourite games, newest first (PLAY-30, DIS-07)',
          querystring: gamesCountQuerySchema,
          response: { 200: gamesResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { status: 'SUCCESS' as const, games: await favourites(db, session.partyId, request.query.count) };
      },
    );

    app.get(
      '/getMostPopularGames',
      {
        schema: {
          tags: ['platform', 'games'],
          summary: 'Games with the most distinct players over 30 days (GAMES-30, HOME-03)',
          querystring: gamesCountQuerySchema,
          response: { 200: gamesResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'SUCCESS' as const, games: await mostPopular(db, request.query.count) }),
    );

    app.get(
      '/getHottestGames',
      {
        schema: {
          tags: ['platform', 'games'],
          summary: 'Games with the most rounds in the last 24 hours (GAMES-29)',
          querystring: gamesCountQuerySchema,
          response: { 200: gamesResponseSchema, ...errors },
        },
      },
      async (request) => ({ status: 'SUCCESS' as const, games: await hottest(db, request.query.count) }),
    );

    app.get(
      '/getTransactionHistory',
      {
        // History is open to a restricted session (a time-out, issue 26 defect 4); play is not.
        config: { restrictedSession: true },
        schema: {
          tags: ['platform', 'games'],
          summary: 'The player’s game bets and wins of one day (UTC), optionally one hour, newest first (HIST-07)',
          querystring: transactionHistoryQuerySchema,
          response: { 200: transactionHistoryResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const { date, hour } = request.query;
        const day = new Date(`${date}T00:00:00.000Z`);
        const from = hour === undefined ? day : new Date(day.getTime() + hour * HOUR_MS);
        const to = new Date(from.getTime() + (hour === undefined ? 24 : 1) * HOUR_MS);
        return { status: 'SUCCESS' as const, transactions: await gameTransactions(db, session.partyId, from, to) };
      },
    );
  };
