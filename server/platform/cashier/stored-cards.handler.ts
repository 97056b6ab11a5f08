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
import { requireProvider } from '../../providers/payment-provider';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { requireMethod } from './cashier-rules';
import { findPlayerCard, playerCards, withdrawalCards, type StoredCardRow } from './payments.repository';

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

const notCardMethod = () =>
  new AppError('PAYMENT_METHOD_NOT_AVAILABLE', undefined, [{ field: 'paymentMethod', error: 'Cards are stored only for card methods' }]);

/**
 * Stored cards (DEP-48…50). Adding a card opens the provider's hosted card page (continueUrl);
 * the provider tells the cashier of the vaulted card by webhook (CARD_STORED), and of a card a
 * deposit was paid with (saved or not) with the deposit; only its token, brand, last four digits,
 * holder, expiry and fingerprint are kept. Deleting a card takes it off the deposit side; it stays
 * on the withdrawal side while a successful deposit was paid with it (the closed loop sends money
 * home to the card it came from).
 */
export const storedCardsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.get(
      '/getStoredCards',
      {
        schema: {
          tags: ['cashier'],
          summary: "The player's cards for a card method: to pay with (DEP-48), or with purpose=withdrawal to be paid back to (WDR-11)",
          querystring: getStoredCardsQuerySchema,
          response: { 200: getStoredCardsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const { purpose } = request.query;
        const method = requireMethod(context.paymentMethods, request.query.paymentMethod, purpose);
        if (method.kind !== 'card') throw notCardMethod();
        // Closed loop (issue 26 defect 8): withdrawals go to every card deposited from, saved or not.
        const cards = purpose === 'withdrawal' ? await withdrawalCards(db, player.partyId, method.code) : await playerCards(db, player.partyId, method.code);
        return { status: 'SUCCESS' as const, creditCards: cards.map(toStoredCard) };
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
          const setup = await requireProvider(context.payments, method.provider).addStoredCard({
            customerReference: player.partyId,
            methodCode: method.code,
            currency: player.currency,
            language: body.language,
          });
          return { status: 'SUCCESS' as const, continueUrl: setup.continueUrl };
        }
        const field = body.storedToken !== undefined ? 'storedToken' : 'customerCardId';
        const card = await findPlayerCard(db, player.partyId, body.storedToken ?? body.customerCardId ?? '');
        if (!card || card.methodCode !== method.code)
          throw new AppError('STORED_CARD_NOT_FOUND', undefined, [{ field, error: 'The card is not stored for your account' }]);
        // The vault that holds the card, whatever the routing says now.
        await requireProvider(context.payments, card.provider).deleteStoredCard({ customerReference: player.partyId, token: card.providerToken });
        await db.update(storedCard).set({ deletedAt: new Date() }).where(eq(storedCard.id, card.id));
        return { status: 'SUCCESS' as const, continueUrl: null };
      },
    );
  };
