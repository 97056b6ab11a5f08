import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  getPaymentStatusQuerySchema,
  getPaymentStatusResponseSchema,
  prepareDepositRequestSchema,
  prepareDepositResponseSchema,
  processDepositRequestSchema,
  processDepositResponseSchema,
} from '../../../contracts/platform/cashier/deposit';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { getPaymentStatus, prepareDeposit, processDeposit } from './deposit.service';
import { paymentErrors } from './payment-request';

/**
 * The deposit operations over HTTP (spec 001 §4): each route checks the session (and the
 * identity gate) and hands the request to its service in deposit.service.ts.
 */
export const depositRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/processDeposit',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Starts or completes a deposit (DEP-25, DEP-26): SUCCESS, CONTINUE_TO_PAYMENT_SITE, AWAITING_PAYMENT or PENDING; refusals are error answers',
          body: processDepositRequestSchema,
          response: { 200: processDepositResponseSchema, ...paymentErrors },
        },
      },
      async (request, reply) => processDeposit(context, await requireCashierPlayer(context, request, reply, { walletGate: true }), request.body),
    );

    app.post(
      '/prepareDeposit',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Crypto quotes for a deposit amount (DEP-41, DEP-42): a paymentId and one quote per coin, each valid for 15 minutes',
          body: prepareDepositRequestSchema,
          response: { 200: prepareDepositResponseSchema, ...paymentErrors },
        },
      },
      async (request, reply) => prepareDeposit(context, await requireCashierPlayer(context, request, reply, { walletGate: true }), request.body),
    );

    app.get(
      '/getPaymentStatus',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Where a deposit or withdrawal the player started has got to (polled while a provider confirms)',
          querystring: getPaymentStatusQuerySchema,
          response: { 200: getPaymentStatusResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: false });
        return getPaymentStatus(context, player.partyId, request.query.paymentId);
      },
    );
  };
