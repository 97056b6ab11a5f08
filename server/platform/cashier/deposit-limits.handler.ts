import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import { confirmDisplayDepositLimitsResponseSchema, getDisplayDepositLimitsResponseSchema } from '../../../contracts/platform/cashier/payment-methods';
import { cashierPreference } from '../../db/schema';
import { depositHeadroom } from '../limits';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { depositedSince } from './cashier-rules';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/**
 * The deposit-limit screen before the deposit wizard (DEP-02…04): the player's personal deposit
 * limits, shown until the player has confirmed them once. Reading one's own limits needs a
 * session but not the wallet gate.
 */
export const depositLimitsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/getDisplayDepositLimits',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Personal deposit limits and whether the deposit-limit screen is still to be shown (DEP-02, DEP-03)',
          response: { 200: getDisplayDepositLimitsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: false });
        // The limits in force: an increase waiting for its confirmation does not count (RG-22).
        const limits = await depositHeadroom(db, player.partyId, player.currency, depositedSince);
        const limitOf = (days: number) => {
          const limit = limits.find((entry) => entry.periodDays === days);
          return limit ? fromMinorUnits(limit.limit) : null;
        };
        const [preference] = await db.select().from(cashierPreference).where(eq(cashierPreference.playerId, player.partyId));
        return {
          status: 'SUCCESS' as const,
          displayDepositLimits: !preference?.depositLimitsConfirmedAt,
          currency: player.currency,
          depositLimits: { dailyLimit: limitOf(1), weeklyLimit: limitOf(7), monthlyLimit: limitOf(30) },
        };
      },
    );

    app.post(
      '/confirmDisplayDepositLimits',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Remembers that the player has seen the deposit-limit screen (DEP-04)',
          response: { 200: confirmDisplayDepositLimitsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: false });
        const now = new Date();
        await db
          .insert(cashierPreference)
          .values({ playerId: player.partyId, depositLimitsConfirmedAt: now })
          .onConflictDoUpdate({ target: cashierPreference.playerId, set: { depositLimitsConfirmedAt: now } });
        return { status: 'SUCCESS' as const };
      },
    );
  };
