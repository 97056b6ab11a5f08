import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { quickSignupRequestSchema, quickSignupResponseSchema } from '../../../contracts/platform/accounts/quick-signup';
import type { ServiceContext } from '../../service-context';
import { registerPlayer, signIn } from './registration';

export const quickSignupRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
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
        const created = await registerPlayer(context, request, request.body);
        await signIn(context, request, reply, created.id);
        return { status: 'SUCCESS' as const, partyId: created.id, registrationStatus: 'QUICK_REG' as const };
      },
    );
  };
