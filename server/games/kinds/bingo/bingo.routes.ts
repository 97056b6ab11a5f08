import { ensureChatChannel } from '../../../channels';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bingoBuyRequestSchema,
  bingoBuyResponseSchema,
  bingoEventsQuerySchema,
  bingoEventsResponseSchema,
  bingoGameParamsSchema,
  bingoGameStateResponseSchema,
  bingoMyTicketsResponseSchema,
  bingoRoomsResponseSchema,
  bingoTicketSchema,
  bingoVerifyResponseSchema,
} from '../../../../contracts/games/bingo';
import { errorResponseSchema } from '../../../../contracts/errors';
import type { ServiceContext } from '../../../service-context';
import { requireGameSession, type VisitorPolicy } from '../../play/game-session';
import { buyTickets, gameEvents, gameState, listRooms, myTicket, myTickets, verifyGame } from './bingo-service';
import { bingoRooms } from './rooms';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * Bingo's /gs operations; each route reads the cookie and hands over to `bingo-service.ts`. The
 * rooms, a game's state, its events and its verification name no player and are open to anyone;
 * buying and a player's tickets need the game session that launching the bingo lobby opened.
 */
export const bingoRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = context.database.db;
    const rooms = bingoRooms(context.config);
    // Each room's chat exists before the room is served (every node makes sure; an existing channel stays as it is).
    for (const room of rooms)
      if (room.chatChannelId !== undefined) await ensureChatChannel(db, room.chatChannelId, { name: `${room.name} chat`, nameMk: `Разговор: ${room.name}` });
    const lobbyGameId = context.config.BINGO_GAME_ID;
    const visitors: VisitorPolicy = { visitorJurisdiction: context.config.VISITOR_JURISDICTION };
    const sessionOf = (request: FastifyRequest) => requireGameSession(db, request, visitors);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get(
      '/bingo/rooms',
      {
        schema: {
          tags: ['games'],
          summary: 'The bingo rooms: rules, prizes, the jackpot and its funding, the game on sale and the game in play',
          response: { 200: bingoRoomsResponseSchema },
        },
      },
      async () => listRooms(db, rooms),
    );

    app.post(
      '/bingo/tickets',
      {
        schema: {
          tags: ['games'],
          summary: 'Buys tickets for a game on sale through the wallet, once per clientRequestId (bingo game session cookie)',
          body: bingoBuyRequestSchema,
          response: { 200: bingoBuyResponseSchema, ...errors },
        },
      },
      async (request) => buyTickets(db, await sessionOf(request), lobbyGameId, request.body),
    );

    app.get(
      '/bingo/games/:gameId/tickets',
      {
        schema: {
          tags: ['games'],
          summary: "The player's tickets for a game, marked, fewest numbers to go first (bingo game session cookie)",
          params: bingoGameParamsSchema,
          response: { 200: bingoMyTicketsResponseSchema, ...errors },
        },
      },
      async (request) => myTickets(db, await sessionOf(request), lobbyGameId, request.params.gameId),
    );

    app.get(
      '/bingo/tickets/:ticketId',
      {
        schema: {
          tags: ['games'],
          summary: "One of the player's tickets (bingo game session cookie); another player's ticket is 404",
          params: z.object({ ticketId: z.uuid({ message: 'must be a ticket id' }) }),
          response: { 200: z.object({ status: z.literal('SUCCESS'), gameId: z.string(), ticket: bingoTicketSchema }), ...errors },
        },
      },
      async (request) => myTicket(db, await sessionOf(request), lobbyGameId, request.params.ticketId),
    );

    app.get(
      '/bingo/games/:gameId',
      {
        schema: {
          tags: ['games'],
          summary: "A bingo game's state: calls, prize pools, winners, the commitment (and the seed once revealed)",
          params: bingoGameParamsSchema,
          response: { 200: bingoGameStateResponseSchema, ...errors },
        },
      },
      async (request) => gameState(db, request.params.gameId),
    );

    app.get(
      '/bingo/games/:gameId/events',
      {
        schema: {
          tags: ['games'],
          summary: "A bingo game's events after a sequence number (sales closed, calls, prizes, end, cancel)",
          params: bingoGameParamsSchema,
          querystring: bingoEventsQuerySchema,
          response: { 200: bingoEventsResponseSchema, ...errors },
        },
      },
      async (request) => gameEvents(db, request.params.gameId, request.query.afterSeq),
    );

    app.get(
      '/bingo/games/:gameId/verify',
      {
        schema: {
          tags: ['games'],
          summary: "Recomputes a finished bingo game's ball order from its revealed seed and compares it with the calls",
          params: bingoGameParamsSchema,
          response: { 200: bingoVerifyResponseSchema, ...errors },
        },
      },
      async (request) => verifyGame(db, request.params.gameId),
    );
  };
