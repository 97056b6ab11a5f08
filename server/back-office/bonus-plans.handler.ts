import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bonusPlanBodySchema,
  bonusPlanParamsSchema,
  bonusPlanResponseSchema,
  bonusPlansResponseSchema,
  type BonusPlanView,
} from '../../contracts/back-office/bonus-plans';
import { errorResponseSchema } from '../../contracts/errors';
import type { z } from 'zod';
import { allPlans, savePlan, type BonusPlanRow, type PlanDefinition } from '../platform/bonuses';
import type { ServiceContext } from '../service-context';
import { requireStaff, staffAction } from './access';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['back-office'];

/** A plan as the editor shows it, money in minor units. */
function planView(plan: BonusPlanRow): BonusPlanView {
  return {
    planId: plan.id,
    name: plan.name,
    kind: plan.kind as BonusPlanView['kind'],
    currency: plan.currency,
    product: plan.product,
    percentage: plan.percentage,
    capMinor: Number(plan.cap),
    minDepositMinor: Number(plan.minDeposit),
    methods: plan.methods,
    firstDepositOnly: plan.firstDepositOnly,
    code: plan.code,
    wageringMultiplier: plan.wageringMultiplier,
    contributions: plan.contributions,
    maxStakeMinor: plan.maxStake === null ? null : Number(plan.maxStake),
    validityDays: plan.validityDays,
    contentSlug: plan.contentSlug,
    active: plan.active,
  };
}

function definitionOf(body: z.output<typeof bonusPlanBodySchema>): PlanDefinition {
  return {
    name: body.name,
    kind: body.kind,
    currency: body.currency,
    product: body.product,
    percentage: body.percentage,
    cap: BigInt(body.capMinor),
    minDeposit: BigInt(body.minDepositMinor),
    methods: body.methods,
    firstDepositOnly: body.firstDepositOnly,
    code: body.code,
    wageringMultiplier: body.wageringMultiplier,
    contributions: body.contributions,
    maxStake: body.maxStakeMinor === null ? null : BigInt(body.maxStakeMinor),
    validityDays: body.validityDays,
    contentSlug: body.contentSlug,
    active: body.active,
  };
}

/**
 * The bonus plan editor (issue 29 item 4; SR 5.1.1(3b) one product per incentive): list, create and
 * change plans, behind `bonuses.plans`; every write is audited with the plan it stored.
 */
export const bonusPlanRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/bonusPlans',
      {
        config: { permission: 'bonuses.plans' },
        schema: {
          tags,
          summary: 'Every bonus plan with its product, wagering and terms (minor units)',
          response: { 200: bonusPlansResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireStaff(db, request, reply, 'bonuses.plans', null);
        return { plans: (await allPlans(db)).map(planView) };
      },
    );

    app.post(
      '/bonusPlans',
      {
        config: { permission: 'bonuses.plans' },
        schema: {
          tags,
          summary: 'Creates a bonus plan; its product (CASINO, BINGO, LIVE or ANY) is required',
          body: bonusPlanBodySchema,
          response: { 200: bonusPlanResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'bonuses.plans', null);
        const plan = await staffAction(db, actor, 'bonus-plan.create', async (tx) => {
          const row = await savePlan(tx, definitionOf(request.body));
          return { result: row, detail: { planId: row.id, ...view(row) } };
        });
        return { plan: planView(plan) };
      },
    );

    app.put(
      '/bonusPlans/:planId',
      {
        config: { permission: 'bonuses.plans' },
        schema: {
          tags,
          summary: "Changes a bonus plan's definition; its product (CASINO, BINGO, LIVE or ANY) is required",
          params: bonusPlanParamsSchema,
          body: bonusPlanBodySchema,
          response: { 200: bonusPlanResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'bonuses.plans', { type: 'bonus_plan', id: String(request.params.planId) });
        const plan = await staffAction(db, actor, 'bonus-plan.update', async (tx) => {
          const row = await savePlan(tx, definitionOf(request.body), request.params.planId);
          return { result: row, detail: { planId: row.id, ...view(row) } };
        });
        return { plan: planView(plan) };
      },
    );
  };

/** The audit detail: the definition stored (JSON-safe). */
const view = (row: BonusPlanRow) => {
  const { planId: _planId, ...rest } = planView(row);
  return rest;
};
