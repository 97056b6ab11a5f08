import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { getPlayerInfoResponseSchema, type PlayerInfo } from '../../../contracts/platform/accounts/get-player-info';
import type { Language } from '../../../contracts/content/translations';
import type { Db } from '../../db/database';
import { player } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { associateAccounts, findPlayer, type PlayerRow } from './players.repository';
import { addressLine, readonlyFieldsOf } from './profile-fields';
import { requestLanguage } from '../language/language';

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
    identityDocument:
      row.identityDocumentType && row.identityDocumentNumber
        ? {
            documentType: row.identityDocumentType,
            documentNumber: row.identityDocumentNumber,
            issuingCountry: row.identityDocumentCountry,
            expiryDate: row.identityDocumentExpiry,
          }
        : null,
  };
}

/** Keeps the language the player uses the portal in, when it changed. */
async function rememberLanguage(db: Db, row: PlayerRow, language: Language): Promise<PlayerRow> {
  if (row.language === language) return row;
  await db.update(player).set({ language }).where(eq(player.id, row.id));
  return { ...row, language };
}

export const getPlayerInfoRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.get(
      '/getPlayerInfo',
      {
        config: { restrictedSession: true },
        schema: {
          tags: ['platform'],
          summary: 'The signed-in player (spec 000 §3 User info)',
          response: { 200: getPlayerInfoResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const found = await findPlayer(db, session.partyId);
        if (!found) throw new AppError('INVALID_SESSIONKEY');
        // The portal asks at every start: messages and mails written later speak the language the
        // player last chose (issue 27 item 1), kept on the player.
        const row = request.cookies.LANG ? await rememberLanguage(db, found, requestLanguage(request)) : found;
        const accounts = await associateAccounts(db, row.id, session.currency);
        const active = accounts.find((account) => account.active)?.currency ?? 'EUR';
        return { status: 'SUCCESS' as const, user: toPlayerInfo(row, active) };
      },
    );
  };
