import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { quickSignupCompletionRequestSchema, quickSignupCompletionResponseSchema } from '../../../contracts/platform/accounts/quick-signup-completion';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { findPlayer } from './players.repository';
import { completeRegistration } from './registration';

export const quickSignupCompletionRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/quickSignupCompletion',
      {
        schema: {
          tags: ['platform'],
          summary: 'Sign-up step 2: completes the profile and runs the identity and age check (SIGNUP-31…36)',
          body: quickSignupCompletionRequestSchema,
          // 403 EXCLUSION_REGISTER, 503 when the register cannot answer (issue 12).
          response: {
            200: quickSignupCompletionResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const current = await findPlayer(context.database.db, session.partyId);
        if (!current) throw new AppError('INVALID_SESSIONKEY');
        const check = await completeRegistration(context, request, current, request.body);
        return { status: check.outcome, registrationStatus: 'PLAYER' as const, kycStatus: check.kycStatus };
      },
    );
  };
