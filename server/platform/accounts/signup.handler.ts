import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  signupConfirmationMessages,
  signupConfirmationRequestSchema,
  signupConfirmationResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '../../../contracts/platform/accounts/signup';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { findPlayerByEmail, updatePlayer } from './players.repository';
import { completeRegistration, registerPlayer, screenRegistration, signIn, takeSignupConfirmation } from './registration';

export const signupRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/signup',
      {
        schema: {
          tags: ['platform'],
          summary: 'The whole sign-up in one request, with the identity and age check (SIGNUP-49)',
          body: signupRequestSchema,
          // 403 EXCLUSION_REGISTER, 503 when the register cannot answer (issue 12).
          response: { 200: signupResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { firstName, lastName, gender, profession, address, municipality, city, postalCode, country, mobile, ...step1 } = request.body;
        // Issue 12: a person on a national exclusion register is refused before anything is created.
        const screened = await screenRegistration(context, request, {
          firstName,
          lastName,
          birthDate: step1.birthDate,
          email: step1.email,
          postalCode,
          mobile,
          country,
        });
        const created = await registerPlayer(context, request, { ...step1, country, mobile });
        const check = await completeRegistration(
          context,
          request,
          created,
          {
            firstName,
            lastName,
            gender,
            profession,
            address,
            municipality: municipality ?? city,
            city,
            postalCode,
            country,
            mobile,
          },
          screened,
        );
        await signIn(context, request, reply, created.id);
        return { status: check.outcome, partyId: created.id, registrationStatus: 'PLAYER' as const, kycStatus: check.kycStatus };
      },
    );

    app.post(
      '/signupConfirmation',
      {
        schema: {
          tags: ['platform'],
          summary:
            'Confirms the e-mail address with the code from the sign-up e-mail and signs the player in (SIGNUP-52); a self-excluded player is refused, one on a time-out gets a restricted session (issue 26)',
          body: signupConfirmationRequestSchema,
          response: { 200: signupConfirmationResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const found = await findPlayerByEmail(context.database.db, request.body.email);
        if (!found || !(await takeSignupConfirmation(context, request.body.confirmationCode, found.id))) {
          throw new AppError('INVALID_CONFIRMATION_CODE', signupConfirmationMessages.invalid, [
            { field: 'confirmationCode', error: signupConfirmationMessages.invalid },
          ]);
        }
        await updatePlayer(context.database.db, found.id, { emailConfirmedAt: new Date() });
        // The address is confirmed either way; the session is the one door's to give (issue 26 defect 3).
        const opened = await signIn(context, request, reply, found.id);
        return {
          status: 'SUCCESS' as const,
          registrationStatus: found.registrationStatus === 'PLAYER' ? ('PLAYER' as const) : ('QUICK_REG' as const),
          ...(opened.restrictedUntil ? { restrictedUntil: opened.restrictedUntil.toISOString() } : {}),
        };
      },
    );
  };
