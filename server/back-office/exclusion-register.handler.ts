import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerRegisterChecksResponseSchema, recheckListResponseSchema, recheckQuerySchema } from '../../contracts/back-office/exclusion-register';
import { playerIdParamsSchema } from '../../contracts/back-office/players';
import { errorResponseSchema } from '../../contracts/errors';
import { AppError } from '../http/app-error';
import { findPlayer } from '../platform/accounts';
import { playerRegisterChecks, recheckRuns } from '../platform/exclusion-register';
import type { ServiceContext } from '../service-context';
import { requireStaff } from './access';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['back-office'];

/**
 * The national exclusion registers for staff (issue 29 item 6): the daily GAMSTOP re-check runs with
 * their alert, and a player's register answers (GAMSTOP's P among them). Reads only: players.read.
 */
export const exclusionRegisterRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/exclusionRegister/rechecks',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: 'The daily GAMSTOP re-check runs, newest first; alert: the newest finished run left players unchecked',
          querystring: recheckQuerySchema,
          response: { 200: recheckListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', null);
        return recheckRuns(db, request.query.limit);
      },
    );

    app.get(
      '/players/:playerId/registerChecks',
      {
        config: { permission: 'players.read' },
        schema: {
          tags,
          summary: "The player's national exclusion register answers, newest first (GAMSTOP's P as previouslyRegistered, its X-Unique-Id as reference)",
          params: playerIdParamsSchema,
          response: { 200: playerRegisterChecksResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'players.read', { type: 'player', id: request.params.playerId });
        if (!(await findPlayer(db, request.params.playerId))) throw new AppError('NOT_FOUND', 'No such player');
        return { checks: await playerRegisterChecks(db, request.params.playerId) };
      },
    );
  };
