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
import { activityStatementsResponseSchema } from '../../contracts/back-office/activity-statements';
import { financialChecksResponseSchema } from '../../contracts/back-office/financial-checks';
import { playerIdParamsSchema } from '../../contracts/back-office/players';
import { errorResponseSchema } from '../../contracts/errors';
import { marketingConsentsResponseSchema, updateMarketingConsentsRequestSchema } from '../../contracts/platform/marketing/marketing-consents';
import { playerStatements } from '../platform/statements';
import { playerFinancialChecks } from '../platform/financial-checks';
import { AppError } from '../http/app-error';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';
import {
  askForNewUpload,
  changePlayerMarketingConsents,
  goodwillPlanList,
  playerMarketingConsents,
  playerPayments,
  playerRoundPage,
  recallRound,
  uploadRequestsOfPlayer,
} from './player-records.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['back-office'];
const player = (playerId: string) => ({ type: 'player', id: playerId });

/** A player's history, rounds with recall, upload requests and the goodwill plans (issue 15); every route starts with requireStaff. */
export const playerRecordRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/players/:playerId/payments',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: "The player's deposits and withdrawals, newest first, a page at a time (minor units)",
          params: playerIdParamsSchema,
          querystring: historyPageQuerySchema,
          response: { 200: playerPaymentsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        return playerPayments(db, request.params.playerId, request.query);
      },
    );

    app.get(
      '/players/:playerId/rounds',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: "The player's game rounds, newest first, a page at a time (minor units)",
          params: playerIdParamsSchema,
          querystring: historyPageQuerySchema,
          response: { 200: playerRoundsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        return playerRoundPage(db, request.params.playerId, request.query);
      },
    );

    app.get(
      '/players/:playerId/rounds/:roundId',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: "One of the player's rounds as recorded: its outcome, seeds and verification",
          params: roundParamsSchema,
          response: { 200: roundRecallSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        return recallRound(db, request.params.playerId, request.params.roundId);
      },
    );

    // The monthly activity statements the player was sent (issue 29 item 10), newest month first.
    app.get(
      '/players/:playerId/statements',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: "The player's monthly activity statements: figures per currency (minor units), time played, whether e-mailed",
          params: playerIdParamsSchema,
          response: { 200: activityStatementsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        return { statements: await playerStatements(db, request.params.playerId) };
      },
    );

    // Financial vulnerability checks and risk assessments (issue 29 item 3), newest first, with the operator deposit limits in force.
    app.get(
      '/players/:playerId/financialChecks',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary:
            "The player's financial vulnerability checks and financial risk assessments (minor units), and the operator deposit limits in force; never shown to the player",
          params: playerIdParamsSchema,
          response: { 200: financialChecksResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        const checks = await playerFinancialChecks(db, request.params.playerId);
        if (!checks) throw new AppError('NOT_FOUND', 'No such player');
        return checks;
      },
    );

    // Marketing consent per product and channel (SR 5.1.12): read with players.read, changed at the player's request with players.consents, audited.
    app.get(
      '/players/:playerId/marketingConsents',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: "The player's marketing consent per product and channel, with when and by whom each box was last changed",
          params: playerIdParamsSchema,
          response: { 200: marketingConsentsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        return playerMarketingConsents(db, request.params.playerId);
      },
    );

    app.put(
      '/players/:playerId/marketingConsents',
      {
        config: { permission: 'players.consents' },
        schema: {
          tags,
          summary: "Ticks or unticks the player's marketing boxes at their request; audited (player.marketing_consents) in the change's transaction",
          params: playerIdParamsSchema,
          body: updateMarketingConsentsRequestSchema,
          response: { 200: marketingConsentsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'players.consents', player(request.params.playerId));
        return changePlayerMarketingConsents(db, actor, request.params.playerId, request.body);
      },
    );

    app.get(
      '/players/:playerId/uploadRequests',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: 'The documents staff asked the player to upload again, open and satisfied',
          params: playerIdParamsSchema,
          response: { 200: staffUploadRequestsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', player(request.params.playerId));
        return uploadRequestsOfPlayer(db, request.params.playerId);
      },
    );

    app.post(
      '/players/:playerId/uploadRequests',
      {
        config: { permission: 'identity.review' },
        schema: {
          tags,
          summary: 'Asks the player to upload a document again, with a reason they are shown (their Messages and documents page)',
          params: playerIdParamsSchema,
          body: requestDocumentUploadSchema,
          response: { 200: z.object({ requestId: z.uuid(), messageId: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'identity.review', player(request.params.playerId));
        return askForNewUpload(db, actor, request.params.playerId, request.body);
      },
    );

    app.get(
      '/bonusPlans/goodwill',
      {
        config: { permission: 'bonuses.grant' },
        schema: { tags, summary: 'Bonus plans a goodwill bonus may be granted on', response: { 200: goodwillPlansResponseSchema, ...errors } },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'bonuses.grant', null);
        return goodwillPlanList(db);
      },
    );
  };
