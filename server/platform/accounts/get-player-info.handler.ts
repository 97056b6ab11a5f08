import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { getPlayerInfoResponseSchema, type PlayerInfo } from '../../../contracts/platform/accounts/get-player-info';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { associateAccounts, findPlayer, type PlayerRow } from './players.repository';
import { addressLine, readonlyFieldsOf } from './profile-fields';

function toPlayerInfo(row: PlayerRow, currency: string): PlayerInfo {
  return {
    partyId: row.id,
    userId: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    birthDate: row.birthDate,
    address: addressLine(row),
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    mobilePhone: row.mobile,
    language: row.language,
    currency,
    vipStatus: row.vipStatus,
    registrationStatus: row.registrationStatus === 'PLAYER' ? 'PLAYER' : 'QUICK_REG',
    kycStatus: row.kycStatus,
    readonlyFields: readonlyFieldsOf(row),
    madeDeposit: false,
    totalDeposit: 0,
  };
}

export const getPlayerInfoRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.get(
      '/getPlayerInfo',
      {
        schema: { tags: ['platform'], summary: 'The signed-in player (spec 000 §3 User info)', response: { 200: getPlayerInfoResponseSchema, 401: errorResponseSchema } },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const row = await findPlayer(db, session.partyId);
        if (!row) throw new AppError('INVALID_SESSIONKEY');
        const accounts = await associateAccounts(db, row.id, session.currency);
        const active = accounts.find((account) => account.active)?.currency ?? 'EUR';
        return { status: 'SUCCESS' as const, user: toPlayerInfo(row, active) };
      },
    );
  };
