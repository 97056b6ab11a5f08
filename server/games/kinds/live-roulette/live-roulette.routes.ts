import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../contracts/errors';
import { liveBetReceiptSchema, liveBetRequestSchema, liveTableParamsSchema, liveTableResponseSchema } from '../../../../contracts/games/live-roulette';
import type { Db } from '../../../db/database';
import type { ActiveGameSession } from '../../play/game-session';
import type { LiveLobby } from './live-tables';
import { liveBetReceipt, placeLiveBets, tableState } from './live-roulette';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** The live tables' operations under /gs/live-roulette (game session cookie of the live lobby game). */
export const liveRouletteRoutes =
  (db: Db, lobby: LiveLobby, gameSessionOf: (request: FastifyRequest) => Promise<ActiveGameSession>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/live-roulette/tables/:tableId',
      {
        schema: {
          tags: ['games'],
          summary:
            "A live roulette table: its round (status, window's end by the server clock, commitment, result and revealed seed) and recent results (game session cookie)",
          params: liveTableParamsSchema,
          response: { 200: liveTableResponseSchema, ...errors },
        },
      },
      async (request) => {
        await gameSessionOf(request);
        return tableState(db, lobby, request.params.tableId);
      },
    );

    app.post(
      '/live-roulette/bets',
      {
        schema: {
          tags: ['games'],
          summary:
            "Bets on the open round of a live roulette table, accepted only inside its betting window by the server's clock; answers a receipt (game session cookie)",
          body: liveBetRequestSchema,
          response: { 200: liveBetReceiptSchema, ...errors },
        },
      },
      async (request) => placeLiveBets(db, lobby, await gameSessionOf(request), request.body),
    );

    app.get(
      '/live-roulette/bets/:betId',
      {
        schema: {
          tags: ['games'],
          summary: 'A live roulette bet receipt with its settlement once the round is settled (game session cookie)',
          params: z.object({ betId: z.uuid({ message: 'must be a bet id' }) }),
          response: { 200: liveBetReceiptSchema, ...errors },
        },
      },
      async (request) => liveBetReceipt(db, lobby, await gameSessionOf(request), request.params.betId),
    );
  };
