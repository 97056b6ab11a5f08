import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import {
  getLoyaltyItemsQuerySchema,
  getLoyaltyItemsResponseSchema,
  getLoyaltyOrderQuerySchema,
  getLoyaltyOrderResponseSchema,
  loyaltyCheckoutBodySchema,
  loyaltyCheckoutResponseSchema,
  loyaltyPointsStatusResponseSchema,
  type LoyaltyItem,
  type LoyaltyOrder,
} from '../../../contracts/platform/loyalty/loyalty';
import type { ServiceContext } from '../../service-context';
import { primaryCurrencyOf } from '../accounts';
import { requireSession } from '../session';
import { checkout, findOrder, loyaltyPointsStatus, shopItems, type CheckoutResult, type LoyaltyItemRow } from './loyalty.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

async function player(context: ServiceContext, request: FastifyRequest, reply: FastifyReply) {
  const session = await requireSession(context, request, reply);
  const currency = session.currency ?? (await primaryCurrencyOf(context.database.db, session.partyId)) ?? 'EUR';
  return { playerId: session.partyId, currency };
}

/** A shop item as the contract answers it (spec 001 §3, LOY-02). */
export function itemAnswer(item: LoyaltyItemRow, lang: 'en' | 'mk' = 'en'): LoyaltyItem {
  return {
    itemCode: item.itemCode,
    imageUrl: item.imageUrl,
    description: (lang === 'mk' ? item.descriptionMk : null) ?? item.description,
    price: Number(item.price),
    brand: item.brand,
    loyaltyItemStatus: item.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    type: item.type as LoyaltyItem['type'],
    updateDate: item.updatedAt.toISOString(),
    freespin: item.type === 'FREE_SPINS',
    noOfFreespin: item.freeSpins ?? 0,
    bonusAmount: item.bonusAmount !== null ? fromMinorUnits(item.bonusAmount) : null,
    currency: item.currency,
  };
}

function orderAnswer(result: Pick<CheckoutResult, 'order' | 'lines'>): LoyaltyOrder {
  return {
    orderId: Number(result.order.id),
    status: 'COMPLETED',
    total: Number(result.order.total),
    createdAt: result.order.createdAt.toISOString(),
    lines: result.lines.map((line) => ({
      itemCode: line.item.itemCode,
      type: line.item.type as LoyaltyItem['type'],
      quantity: line.quantity,
      price: Number(line.price),
      bonusIds: line.playerBonusIds.map(Number),
    })),
  };
}

/**
 * The loyalty operations under /ps (spec 001 §7 "Loyalty, referral, account"): loyaltyPointsStatus,
 * getLoyaltyItems, and the cart's checkout with its order (NS-05). Thin: the rules are in
 * loyalty.service.ts.
 */
export const loyaltyRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const tags = ['loyalty'];

    app.get(
      '/loyaltyPointsStatus',
      {
        schema: {
          tags,
          summary: "The player's loyalty points, level (= vipStatus) and next level (LOY-08, NS-04)",
          response: { 200: loyaltyPointsStatusResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        reply.header('cache-control', 'no-store');
        const status = await loyaltyPointsStatus(db, { inducements: context.inducements, settings: context.loyalty }, playerId);
        return {
          status: 'SUCCESS' as const,
          points: Number(status.points),
          earnedPoints: Number(status.earned),
          level: status.level,
          nextLevel: status.nextLevel,
          nextLevelPoints: status.nextLevelPoints,
        };
      },
    );

    app.get(
      '/getLoyaltyItems',
      {
        schema: {
          tags,
          summary: 'The loyalty shop’s items on offer to the player (LOY-02)',
          querystring: getLoyaltyItemsQuerySchema,
          response: { 200: getLoyaltyItemsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const items = await shopItems(db, context.inducements, playerId, currency);
        return { status: 'SUCCESS' as const, items: items.map((item) => itemAnswer(item, request.query.lang)) };
      },
    );

    app.post(
      '/loyaltyCheckout',
      {
        schema: {
          tags,
          summary: 'Pays the cart with loyalty points at once (NS-05); a retry with the same requestId answers the same order',
          body: loyaltyCheckoutBodySchema,
          response: { 200: loyaltyCheckoutResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId, currency } = await player(context, request, reply);
        const result = await checkout(db, context.inducements, playerId, currency, request.body.requestId, request.body.items);
        if (!result.replayed)
          request.log.info({ partyId: playerId, orderId: String(result.order.id), total: String(result.order.total) }, 'loyalty order paid');
        return { status: 'SUCCESS' as const, order: orderAnswer(result), points: Number(result.points) };
      },
    );

    app.get(
      '/getLoyaltyOrder',
      {
        schema: {
          tags,
          summary: 'One of the player’s loyalty orders',
          querystring: getLoyaltyOrderQuerySchema,
          response: { 200: getLoyaltyOrderResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { playerId } = await player(context, request, reply);
        return { status: 'SUCCESS' as const, order: orderAnswer(await findOrder(db, playerId, BigInt(request.query.orderId))) };
      },
    );
  };
