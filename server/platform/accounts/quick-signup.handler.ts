import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fieldMessages } from '../../../contracts/platform/accounts/player-fields';
import { quickSignupRequestSchema, quickSignupResponseSchema } from '../../../contracts/platform/accounts/quick-signup';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { setSessionCookie } from '../session/session-cookie';
import { createSession, sessionPolicy } from '../session/session-store';
import { checkSignupJurisdiction } from './jurisdiction';
import { hashPassword } from './password-hashing';
import { activeConsents, createPlayer, usernameOrEmailTaken } from './players.repository';

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';

export const quickSignupRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const policy = sessionPolicy(context.config);
    app.post(
      '/quickSignup',
      {
        schema: {
          tags: ['platform'],
          summary: 'Sign-up step 1: creates a QUICK_REG player and signs them in (SIGNUP-12)',
          body: quickSignupRequestSchema,
          response: { 200: quickSignupResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const jurisdiction = checkSignupJurisdiction(request.ip, context.config.SIGNUP_JURISDICTIONS);
        if (!jurisdiction.allowed) {
          throw new AppError('JURISDICTION_NOT_ALLOWED', fieldMessages.ipaddress, [{ field: 'ipaddress', error: fieldMessages.ipaddress }]);
        }

        const consents = await activeConsents(db);
        const known = new Set(consents.map((consent) => consent.id));
        const unknown = body.consents.filter((id) => !known.has(id));
        if (unknown.length > 0) throw new AppError('VALIDATION_ERROR', 'Unknown consent', [{ field: 'consents', error: `Unknown consent version ${unknown.join(', ')}` }]);
        const missing = consents.filter((consent) => consent.isMandatory && !body.consents.includes(consent.id));
        if (missing.length > 0) {
          throw new AppError('VALIDATION_ERROR', fieldMessages.mandatoryConsents, [{ field: 'consents', error: fieldMessages.mandatoryConsents }]);
        }

        if (await usernameOrEmailTaken(db, body.username, body.email)) throw new AppError('DUPLICATE');
        const passwordHash = await hashPassword(body.password);
        const created = await createPlayer(
          db,
          {
            username: body.username,
            email: body.email,
            passwordHash,
            birthDate: body.birthDate,
            receiveEmail: body.receiveEmail,
            country: body.country ?? null,
            mobile: body.mobile ?? null,
            referralId: body.referralId ?? null,
            affiliateClickId: body.userTrackingCodes?.ClickId ?? null,
            affiliateId: body.userTrackingCodes?.affId ?? null,
            registrationIp: request.ip,
            registrationStatus: 'QUICK_REG',
            kycStatus: 'NOT_CHECKED',
          },
          body.currency,
          body.consents,
        ).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('DUPLICATE');
          throw error;
        });

        const token = await createSession(db, created.id, policy);
        setSessionCookie(request, reply, token, policy.absoluteTimeoutMs / 1000);
        request.log.info({ partyId: created.id }, 'player signed up (step 1)');
        return { status: 'SUCCESS' as const, partyId: created.id, registrationStatus: 'QUICK_REG' as const };
      },
    );
  };
