import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { findAddressQuerySchema, findAddressResponseSchema } from '../../../contracts/platform/address/find-address';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { AddressServiceUnavailable, type AddressProvider } from './address-provider';
import { createAddressProvider } from './address-providers';

/**
 * A look-up needs a session (step 2 follows step 1's sign-in): a paid provider is not open to
 * anyone who finds the address.
 */
export const findAddressRoutes =
  (context: ServiceContext, given?: AddressProvider): FastifyPluginAsyncZod =>
  async (app) => {
    const provider = given ?? createAddressProvider(context.config, context.logger.child({ module: 'address' }));
    app.get(
      '/findAddress',
      {
        schema: {
          tags: ['platform'],
          summary: 'The addresses at an Eircode or UK postcode, for sign-up step 2 (SIGNUP-24)',
          querystring: findAddressQuerySchema,
          response: { 200: findAddressResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await requireSession(context, request, reply);
        try {
          return { status: 'SUCCESS' as const, addresses: await provider.findAddresses(request.query) };
        } catch (error) {
          if (error instanceof AddressServiceUnavailable) {
            request.log.warn({ provider: provider.id }, 'address look-up failed');
            throw new AppError('SERVICE_UNAVAILABLE', 'Address look-up is not available right now. Please enter your address.');
          }
          throw error;
        }
      },
    );
  };
