import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  eligibleBonusPlansQuerySchema,
  eligibleBonusPlansResponseSchema,
  getBonusPlanQuerySchema,
  getBonusPlanResponseSchema,
  validateVoucherQuerySchema,
  validateVoucherResponseSchema,
} from '../../../contracts/platform/cashier/deposit';
import { findPublishedPosts } from '../../content';
import { eligibleDepositPlans, voucherPlan } from '../bonuses';
import { minorAmount } from './cashier-rules';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { requireMethod } from './cashier-rules';
import { nameIn } from '../language/language';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The bonus step of the deposit wizard (DEP-15…24): eligible plans and vouchers come from the
 * bonus engine (server/platform/bonuses); getBonusPlan describes a plan from the content
 * service's bonus posts (acf.bonus_plan_id).
 */
export const bonusPlansRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/getDepositEligibleBonusPlans',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Bonus plans the player may take with this deposit (DEP-15)',
          querystring: eligibleBonusPlansQuerySchema,
          response: { 200: eligibleBonusPlansResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        requireMethod(context.paymentMethods, request.query.paymentMethod, 'deposit');
        // The bonus engine answers (issue 14): deposit-match plans without a code this deposit may take.
        const plans = await eligibleDepositPlans(db, context.inducements, {
          playerId: player.partyId,
          currency: player.currency,
          amount: minorAmount(request.query.depositAmount),
          paymentMethod: request.query.paymentMethod,
        });
        return { status: 'SUCCESS' as const, bonusPlans: plans.map((plan) => ({ bonusPlanId: plan.id, bonusPlanName: nameIn(plan), imageUrl: null })) };
      },
    );

    app.get(
      '/validateDepositBonusVoucher',
      {
        schema: {
          tags: ['cashier'],
          summary:
            'The bonus plan a voucher code gives with this deposit (DEP-19; amount or depositAmount, code or voucherCode, DIS-05); null when none matches',
          querystring: validateVoucherQuerySchema,
          response: { 200: validateVoucherResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        requireMethod(context.paymentMethods, request.query.paymentMethod, 'deposit');
        const query = request.query;
        const amount = query.depositAmount ?? query.amount ?? 0;
        const plan = await voucherPlan(
          db,
          context.inducements,
          { playerId: player.partyId, currency: player.currency, amount: minorAmount(amount), paymentMethod: request.query.paymentMethod },
          query.voucherCode ?? query.code ?? '',
        );
        return { status: 'SUCCESS' as const, bonusPlanId: plan?.id ?? null };
      },
    );

    app.get(
      '/getBonusPlan',
      {
        schema: {
          tags: ['cashier'],
          summary: 'A bonus plan by id, from the promotions content (DEP-24)',
          querystring: getBonusPlanQuerySchema,
          response: { 200: getBonusPlanResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await requireCashierPlayer(context, request, reply, { walletGate: false });
        const posts = await findPublishedPosts(db, 'bonus', { lang: 'en' });
        const bonusPlans = posts
          .filter((post) => (post.acf as { bonus_plan_id?: unknown }).bonus_plan_id === request.query.id)
          .slice(0, 1)
          .map((post) => {
            const image = (post.acf as { image?: { url?: unknown } }).image;
            return { bonusPlanId: request.query.id, bonusPlanName: post.title, imageUrl: typeof image?.url === 'string' ? image.url : null };
          });
        return { status: 'SUCCESS' as const, bonusPlans };
      },
    );
  };
