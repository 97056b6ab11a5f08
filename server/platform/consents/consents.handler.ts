import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentsQuerySchema, consentsResponseSchema } from '../../../contracts/platform/accounts/consents';
import type { ServiceContext } from '../../service-context';
import { activeConsents } from './consents.repository';

export const consentsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/consents',
      {
        schema: {
          tags: ['platform'],
          summary: 'Consent versions asked for at sign-up (SIGNUP-06…09)',
          querystring: consentsQuerySchema,
          response: { 200: consentsResponseSchema },
        },
      },
      async (request) => {
        const wanted = request.query.isMandatory;
        const consents = (await activeConsents(context.database.db))
          .filter((consent) => wanted === undefined || consent.isMandatory === (wanted === 'true'))
          .map((consent) => ({
            consentVersionId: consent.id,
            name: consent.name,
            key: consent.key,
            parentKey: consent.parentKey === 'MANDATORY' ? ('MANDATORY' as const) : ('MARKETING' as const),
            isMandatory: consent.isMandatory,
          }));
        return { status: 'SUCCESS' as const, consents };
      },
    );
  };
