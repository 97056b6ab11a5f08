import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  getStoredCardsQuerySchema,
  getStoredCardsResponseSchema,
  updateStoredCardRequestSchema,
  updateStoredCardResponseSchema,
  type StoredCard,
} from '../../../contracts/platform/cashier/stored-cards';
import { storedCard } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { requireMethod } from './cashier-rules';
import { findPlayerCard, playerCards, type StoredCardRow } from './payments.repository';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema };

/**
 * The card's id for the player (DEP-48, DEF-16): storedToken is our own id of the card, never
 * the provider's vault token; customerCardId ends with it as its sixth '/'-separated segment, so
 * a client that cuts the token out of the id (the original product) gets the same value.
 */
export function toStoredCard(row: StoredCardRow): StoredCard {
  return {
    customerCardId: `/cards/${row.methodCode}/${row.provider}/${row.lastFour}/${row.id}`,
    cardNumber: `•••• ${row.lastFour}`,
    nameOnCard: row.nameOnCard,
    cardType: row.brand,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    storedToken: row.id,
  };
}

const notCardMethod = () => new AppError('PAYMENT_METHOD_NOT_AVAILABLE', undefined, [{ field: 'paymentMethod', error: 'Cards are stored only for card methods' }]);

/**
 * Stored cards (DEP-48…50). Adding a card opens the provider's hosted card page (continueUrl);
 * the provider tells the cashier of the vaulted card by webhook (CARD_STORED), and only its
 * token, brand, last four digits, holder and expiry are kept.
 */
export const storedCardsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/getStoredCards',
      { schema: { tags: ['cashier'], summary: "The player's stored cards for a card method (DEP-48)", querystring: getStoredCardsQuerySchema, response: { 200: getStoredCardsResponseSchema, ...errors } } },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const method = requireMethod(context.paymentMethods, request.query.paymentMethod, 'deposit');
        if (method.kind !== 'card') throw notCardMethod();
        return { status: 'SUCCESS' as const, creditCards: (await playerCards(db, player.partyId, method.code)).map(toStoredCard) };
      },
    );

    app.post(
      '/updateStoredCard',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Adds a card (continueUrl of the hosted card page, DEP-49) or deletes one by storedToken or customerCardId (DEP-50, DEF-16)',
          body: updateStoredCardRequestSchema,
          response: { 200: updateStoredCardResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const body = request.body;
        const method = requireMethod(context.paymentMethods, body.paymentMethod, 'deposit');
        if (method.kind !== 'card') throw notCardMethod();
        if (body.action === 'add') {
          const setup = await context.payments.addStoredCard({ customerReference: player.partyId, methodCode: method.code, currency: player.currency, language: body.language });
          return { status: 'SUCCESS' as const, continueUrl: setup.continueUrl };
        }
        const field = body.storedToken !== undefined ? 'storedToken' : 'customerCardId';
        const card = await findPlayerCard(db, player.partyId, body.storedToken ?? body.customerCardId ?? '');
        if (!card || card.methodCode !== method.code) throw new AppError('STORED_CARD_NOT_FOUND', undefined, [{ field, error: 'The card is not stored for your account' }]);
        await context.payments.deleteStoredCard({ customerReference: player.partyId, token: card.providerToken });
        await db.update(storedCard).set({ deletedAt: new Date() }).where(eq(storedCard.id, card.id));
        return { status: 'SUCCESS' as const, continueUrl: null };
      },
    );
  };
