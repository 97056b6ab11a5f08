import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { EIRCODE_PATTERN, fieldMessages } from '../../../contracts/platform/accounts/player-fields';
import {
  quickSignupCompletionRequestSchema,
  quickSignupCompletionResponseSchema,
} from '../../../contracts/platform/accounts/quick-signup-completion';
import { AppError } from '../../http/app-error';
import { welcomeMail } from '../../mail/templates';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session/session-cookie';
import { findPlayer, updatePlayer } from './players.repository';
import { publicUrl } from './public-url';

export const quickSignupCompletionRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.post(
      '/quickSignupCompletion',
      {
        schema: {
          tags: ['platform'],
          summary: 'Sign-up step 2: completes the profile and runs the identity and age check (SIGNUP-31…36)',
          body: quickSignupCompletionRequestSchema,
          response: { 200: quickSignupCompletionResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const body = request.body;
        const current = await findPlayer(db, session.partyId);
        if (!current) throw new AppError('INVALID_SESSIONKEY');
        if (current.registrationStatus !== 'QUICK_REG') throw new AppError('REGISTRATION_ALREADY_COMPLETE');
        if (body.country === 'IE' && body.postalCode && !EIRCODE_PATTERN.test(body.postalCode)) {
          throw new AppError('VALIDATION_ERROR', fieldMessages.eircode, [{ field: 'postalCode', error: fieldMessages.eircode }]);
        }
        const birthDate = body.birthDate ?? current.birthDate;
        if (!birthDate) throw new AppError('VALIDATION_ERROR', fieldMessages.birthDate, [{ field: 'birthDate', error: fieldMessages.birthDate }]);

        const check = await context.kyc.checkIdentity({
          partyId: current.id,
          firstName: body.firstName,
          lastName: body.lastName,
          birthDate,
          address: [body.unit, body.building, body.address].filter(Boolean).join(', '),
          city: body.city,
          postalCode: body.postalCode,
          country: body.country,
        });

        await updatePlayer(db, current.id, {
          firstName: body.firstName,
          lastName: body.lastName,
          gender: body.gender,
          birthDate,
          profession: body.profession,
          unit: body.unit ?? null,
          building: body.building ?? null,
          address: body.address,
          municipality: body.municipality,
          city: body.city,
          postalCode: body.postalCode?.toUpperCase() ?? null,
          country: body.country,
          mobile: body.mobile,
          registrationStatus: 'PLAYER',
          kycStatus: check.kycStatus,
        });
        request.log.info({ partyId: current.id, outcome: check.outcome, provider: context.kyc.id, reference: check.reference }, 'identity check finished');
        await context.mailer.send(welcomeMail({ to: current.email, username: current.username, outcome: check.outcome, siteUrl: publicUrl(context.config) }));
        return { status: check.outcome, registrationStatus: 'PLAYER' as const, kycStatus: check.kycStatus };
      },
    );
  };
