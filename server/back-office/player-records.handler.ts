import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  goodwillPlansResponseSchema,
  historyPageQuerySchema,
  playerPaymentsResponseSchema,
  playerRoundsResponseSchema,
  requestDocumentUploadSchema,
  roundParamsSchema,
  roundRecallSchema,
  staffUploadRequestsResponseSchema,
} from '../../contracts/back-office/player-records';
import { playerIdParamsSchema } from '../../contracts/back-office/players';
import { errorResponseSchema } from '../../contracts/errors';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';
import { askForNewUpload, goodwillPlanList, playerPayments, playerRoundPage, recallRound, uploadRequestsOfPlayer } from './player-records.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['back-office'];
const player = (playerId: string) => ({ type: 'player', id: playerId });

/** A player's history, rounds with recall, upload requests and the goodwill plans (issue 15); every route starts with requireStaff. */
export const playerRecordRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get('/players/:playerId/payments', { schema: { tags, summary: "The player's deposits and withdrawals, newest first, a page at a time (minor units)", params: playerIdParamsSchema, querystring: historyPageQuerySchema, response: { 200: playerPaymentsResponseSchema, ...errors } } }, async (request, reply) => {
      await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
      return playerPayments(db, request.params.playerId, request.query);
    });

    app.get('/players/:playerId/rounds', { schema: { tags, summary: "The player's game rounds, newest first, a page at a time (minor units)", params: playerIdParamsSchema, querystring: historyPageQuerySchema, response: { 200: playerRoundsResponseSchema, ...errors } } }, async (request, reply) => {
      await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
      return playerRoundPage(db, request.params.playerId, request.query);
    });

    app.get('/players/:playerId/rounds/:roundId', { schema: { tags, summary: 'One of the player\'s rounds as recorded: its outcome, seeds and verification', params: roundParamsSchema, response: { 200: roundRecallSchema, ...errors } } }, async (request, reply) => {
      await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
      return recallRound(db, request.params.playerId, request.params.roundId);
    });

    app.get('/players/:playerId/uploadRequests', { schema: { tags, summary: 'The documents staff asked the player to upload again, open and satisfied', params: playerIdParamsSchema, response: { 200: staffUploadRequestsResponseSchema, ...errors } } }, async (request, reply) => {
      await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
      return uploadRequestsOfPlayer(db, request.params.playerId);
    });

    app.post(
      '/players/:playerId/uploadRequests',
      { schema: { tags, summary: 'Asks the player to upload a document again, with a reason they are shown (their Messages and documents page)', params: playerIdParamsSchema, body: requestDocumentUploadSchema, response: { 200: z.object({ requestId: z.uuid(), messageId: z.string() }), ...errors } } },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'identity.review', player(request.params.playerId));
        return askForNewUpload(db, actor, request.params.playerId, request.body);
      },
    );

    app.get('/bonusPlans/goodwill', { schema: { tags, summary: 'Bonus plans a goodwill bonus may be granted on', response: { 200: goodwillPlansResponseSchema, ...errors } } }, async (request, reply) => {
      await requireStaff(db, request, reply, 'bonuses.grant', null);
      return goodwillPlanList(db);
    });
  };
