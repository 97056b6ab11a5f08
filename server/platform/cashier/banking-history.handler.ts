import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import { getBankingHistoryQuerySchema, getBankingHistoryResponseSchema } from '../../../contracts/platform/cashier/banking-history';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { paymentsBetween, playerFacingStatus } from './payments.repository';

const DAY_MS = 86_400_000;

/**
 * GET /ps/getBankingHistory (HIST-04, HIST-05): the player's deposits and withdrawals requested
 * from startDate 00:00 to the end of endDate (UTC days), newest first unless order=ASC, each with
 * its status. Crypto quotes that never became a deposit are left out. A session is enough: a
 * player the wallet gate stops still sees their own history.
 */
export const bankingHistoryRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/getBankingHistory',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Deposits and withdrawals of one calendar month, newest first (HIST-04)',
          querystring: getBankingHistoryQuerySchema,
          response: { 200: getBankingHistoryResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: false });
        const { startDate, endDate, order } = request.query;
        const from = new Date(`${startDate}T00:00:00.000Z`);
        const to = new Date(Date.parse(`${endDate}T00:00:00.000Z`) + DAY_MS);
        const rows = await paymentsBetween(context.database.db, player.partyId, from, to, order);
        return {
          status: 'SUCCESS' as const,
          histories: rows.map((row) => ({
            id: row.id,
            requestDate: row.createdAt.toISOString(),
            type: row.type,
            paymentMethod: row.methodCode,
            amount: fromMinorUnits(row.amount),
            status: playerFacingStatus(row.status),
            currency: row.currency,
          })),
        };
      },
    );
  };
