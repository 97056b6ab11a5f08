import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromMinorUnits } from '../../../contracts/money';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  bonusProgressResponseSchema,
  cancelPreviewQuerySchema,
  cancelPreviewResponseSchema,
  planTermsQuerySchema,
  planTermsResponseSchema,
  cancelBonusBodySchema,
  cancelBonusResponseSchema,
  getBonusesQuerySchema,
  getBonusesResponseSchema,
  redeemBonusBodySchema,
  redeemBonusResponseSchema,
  type PlayerBonus,
} from '../../../contracts/platform/bonuses/bonuses';
import type { ServiceContext } from '../../service-context';
import { primaryCurrencyOf } from '../accounts';
import { requireSession } from '../session';
import { planById } from './plans.service';
import { activeBonusProgress, cancelPreview, planTerms } from './bonus-figures.service';
import { cancelBonus, listPlayerBonuses, redeemBonus, type BonusPlanRow, type PlayerBonusRow } from './bonuses.service';
import { nameIn } from '../language/language';

const DAY_MS = 86_400_000;
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

async function player(context: ServiceContext, request: FastifyRequest, reply: FastifyReply) {
  const session = await requireSession(context, request, reply);
  const currency = session.currency ?? (await primaryCurrencyOf(context.database.db, session.partyId)) ?? 'EUR';
  return { playerId: session.partyId, currency };
}

/** A player bonus as the contract answers it (BON-03), amounts in major units. */
export function bonusAnswer(bonus: PlayerBonusRow, plan: Pick<BonusPlanRow, 'name' | 'nameMk' | 'contentSlug' | 'product'>): PlayerBonus {
  return {
    id: Number(bonus.id),
    bonusPlanId: bonus.planId,
    bonusPlanName: nameIn(plan),
    status: bonus.status as PlayerBonus['status'],
    currency: bonus.currency,
    triggerDate: (bonus.grantedAt ?? bonus.createdAt).toISOString(),
    expiryDate: bonus.expiresAt ? bonus.expiresAt.toISOString() : null,
    amount: fromMinorUnits(bonus.amount),
    wagerRequirement: fromMinorUnits(bonus.wagerRequirement),
    amountWagered: fromMinorUnits(bonus.amountWagered),
    released: fromMinorUnits(bonus.released),
    forfeited: fromMinorUnits(bonus.forfeited),
    contentSlug: plan.contentSlug,
    product: plan.product,
  };
}

/**
 * The bonuses operations under /ps (spec 001 §7 "Bonuses"): getBonuses with its alias
 * getPlayerBonuses (DIS-14), cancelBonus and redeemBonus (POST, DEF-08). Thin: the rules are in
 * bonuses.service.ts.
 */
export const bonusesRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const tags = ['bonuses'];

    for (const path of ['/getBonuses', '/getPlayerBonuses']) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary: `The player's bonuses created from startDate to the end of endDate (BON-02${path === '/getPlayerBonuses' ? '; alias of getBonuses, DIS-14' : ''})`,
            querystring: getBonusesQuerySchema,
            response: { 200: getBonusesResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const { playerId } = await player(context, request, reply);
          const from = new Date(`${request.query.startDate}T00:00:00.000Z`);
          const to = new Date(Date.parse(`${request.query.endDate}T00:00:00.000Z`) + DAY_MS);
          const rows = await listPlayerBonuses(db, playerId, from, to);
          return { status: 'SUCCESS' as const, bonuses: rows.map((row) => bonusAnswer(row.bonus, row.plan)) };
        },
      );
    }

    app.post(
      '/cancelBonus',
      {
        schema: {
          tags,
          summary: 'Cancels a QUEUED or ACTIVE bonus: its bonus money is forfeited, cash is kept (BON-07, BON-11)',
          body: cancelBonusBodySchema,
          response: { 200: cancelBonusResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        const bonus = await cancelBonus(db, playerId, BigInt(request.body.bonusId));
        return { status: 'SUCCESS' as const, bonus: await answerOf(context, bonus) };
      },
    );

    app.post(
      '/redeemBonus',
      { schema: { tags, summary: 'Redeems a bonus code (BON-13)', body: redeemBonusBodySchema, response: { 200: redeemBonusResponseSchema, ...errors } } },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const code = request.body.code ?? request.body.bonusCode ?? '';
        const bonus = await redeemBonus(db, context.inducements, playerId, currency, code);
        request.log.info({ partyId: playerId, bonusId: String(bonus.id), status: bonus.status }, 'bonus code redeemed');
        return { status: 'SUCCESS' as const, bonus: await answerOf(context, bonus) };
      },
    );

    app.get(
      '/bonus/cancelPreview',
      {
        schema: {
          tags,
          summary: 'What cancelling a QUEUED or ACTIVE bonus would do: the cash kept and the bonus money forfeited, from the ledger (issue 14)',
          querystring: cancelPreviewQuerySchema,
          response: { 200: cancelPreviewResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        return cancelPreview(db, playerId, BigInt(request.query.bonusId));
      },
    );

    app.get(
      '/bonus/progress',
      {
        schema: {
          tags,
          summary: "The active bonus's wagering progress in the player's currency: wagered, required and what it releases; null without one (issue 14)",
          response: { 200: bonusProgressResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        return { status: 'SUCCESS' as const, progress: await activeBonusProgress(db, playerId, currency) };
      },
    );

    app.get(
      '/bonus/planTerms',
      {
        schema: {
          tags,
          summary:
            "A bonus plan's full terms as they apply to the player (wagering multiple with the GB cap, contributions per game kind, maximum stake, validity), shown before opting in (issue 14)",
          querystring: planTermsQuerySchema,
          response: { 200: planTermsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        return {
          status: 'SUCCESS' as const,
          terms: await planTerms(db, context.inducements, playerId, currency, request.query.bonusPlanId, request.query.code),
        };
      },
    );
  };

/** The answer of one bonus just changed, with its plan's name. */
async function answerOf(context: ServiceContext, bonus: PlayerBonusRow): Promise<PlayerBonus> {
  const plan = await planById(context.database.db, bonus.planId);
  return bonusAnswer(bonus, plan ?? { name: '', nameMk: null, contentSlug: null, product: 'CASINO' });
}
