import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { processWithdrawalRequestSchema, processWithdrawalResponseSchema } from '../../../contracts/platform/cashier/withdrawal';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { paymentErrors } from './payment-request';
import { processWithdrawal } from './withdrawal.service';

/**
 * processWithdrawal over HTTP (WDR-10): the session and identity gate, then the service in
 * withdrawal.service.ts (closed loop, reserve, payout).
 */
export const withdrawalRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/processWithdrawal',
      {
        schema: {
          tags: ['cashier'],
          summary:
            'Requests a withdrawal (WDR-10): reserves the amount from the cash balance and asks the provider to pay it out, only to an instrument the player has deposited from',
          body: processWithdrawalRequestSchema,
          response: { 200: processWithdrawalResponseSchema, ...paymentErrors },
        },
      },
      async (request, reply) => processWithdrawal(context, await requireCashierPlayer(context, request, reply, { walletGate: true }), request.body),
    );
  };
