import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  getIdentificationStatusResponseSchema,
  getUserKycInfoQuerySchema,
  getUserKycInfoResponseSchema,
  userKycCheckRequestSchema,
  userKycCheckResponseSchema,
} from '../../../contracts/platform/identification/identification';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { identificationStatus, userKycCheck, userKycInfo } from './identification.service';

/** The identification page's operations under /ps (spec 001 §7 "Documents and identity", NS-27). */
export const identificationRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: context.database.db, kyc: context.kyc, logger: context.logger, registerCountries: context.config.IDENTITY_REGISTER_COUNTRIES };

    app.get(
      '/getIdentificationStatus',
      {
        schema: {
          tags: ['identification'],
          summary: 'Whether the player is verified and whether documents await review (DIS-09)',
          response: { 200: getIdentificationStatusResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return identificationStatus(deps.db, session.partyId, deps.registerCountries);
      },
    );

    app.get(
      '/getUserKycInfo',
      {
        schema: {
          tags: ['identification'],
          summary: "A casino access card's holder from the identity provider (KYC-23, KYC-24)",
          querystring: getUserKycInfoQuerySchema,
          response: {
            200: getUserKycInfoResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return userKycInfo(deps, session.partyId, request.query.cardId);
      },
    );

    app.post(
      '/userKycCheck',
      {
        schema: {
          tags: ['identification'],
          summary: 'Checks a casino access card or an identity document and verifies the player on a pass (KYC-25…28)',
          body: userKycCheckRequestSchema,
          response: {
            200: userKycCheckResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return userKycCheck(deps, session.partyId, request.body);
      },
    );
  };
