import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { voidRefusedDeposit } from './credit-funding';
import { applyNotification } from './payment-settlement';
import { WebhookFormatError, WebhookIgnoredError, WebhookSignatureError } from '../../providers/payment-provider';
import { settleStoredEvent, storeEvent } from './stored-events';

const webhookResponseSchema = z.object({ status: z.literal('SUCCESS'), duplicate: z.boolean() });

/**
 * POST /ps/cashier/webhook/:provider — the payment provider's notifications. The signature is
 * checked over the raw body before anything is read (401 INVALID_SIGNATURE, nothing changed);
 * each event applies once (payment_event), and a payment only moves forwards, so replayed and
 * out-of-order webhooks are harmless. A 2xx answer tells the provider to stop retrying.
 */
export const webhookRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const log = context.logger.child({ module: 'cashier' });
    // The signature covers the exact bytes: keep the body raw in this route's scope.
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

    app.post(
      '/cashier/webhook/:provider',
      {
        config: { signedServerCall: true },
        schema: {
          tags: ['cashier'],
          summary: "A payment provider's signed notification, verified over the raw body (the sandbox's X-Sandbox-Signature, Stripe's Stripe-Signature)",
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: webhookResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        // Every provider running here takes its webhooks, routed to new payments or not (issue 31).
        const provider = context.payments.get(request.params.provider);
        if (!provider) throw new AppError('NOT_FOUND', 'No such payment provider');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let notification;
        try {
          notification = provider.parseWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            log.warn({ provider: provider.id }, 'cashier: webhook with a missing or wrong signature refused');
            throw new AppError('INVALID_SIGNATURE');
          }
          if (error instanceof WebhookFormatError) throw new AppError('INVALID_NOTIFICATION', `The payment notification could not be read: ${error.message}`);
          // Verified, but not an event the cashier acts on: 2xx, or the provider keeps sending it.
          if (error instanceof WebhookIgnoredError) {
            log.debug({ provider: provider.id, eventId: error.eventId, type: error.eventType }, 'cashier: provider event ignored');
            return { status: 'SUCCESS' as const, duplicate: false };
          }
          throw error;
        }
        if (provider.acknowledgesFirst) {
          // Stored, answered, then settled from the provider's own answer (stored-events.ts).
          const stored = await storeEvent(context.database.db, provider, notification);
          if (!stored.duplicate) {
            void settleStoredEvent(context, provider, notification.eventId, log).catch((error: unknown) =>
              log.error({ err: error, provider: provider.id, eventId: notification.eventId }, 'cashier: settling a provider event failed; the reconciler tries again'),
            );
          }
          log.info({ provider: provider.id, eventId: notification.eventId, type: notification.type, paymentId: notification.paymentId, duplicate: stored.duplicate }, 'cashier: provider notification stored');
          return { status: 'SUCCESS' as const, duplicate: stored.duplicate };
        }
        const result = await applyNotification(context.database.db, provider.id, notification, log);
        // A success the credit rule refused: the provider voids what it authorised (after the commit, outside the transaction).
        if (notification.type === 'PAYMENT_SUCCEEDED' && result.paymentId) await voidRefusedDeposit(context.database.db, provider, result.paymentId, log);
        log.info({ provider: provider.id, eventId: notification.eventId, type: notification.type, paymentId: result.paymentId, duplicate: result.duplicate }, 'cashier: provider notification');
        return { status: 'SUCCESS' as const, duplicate: result.duplicate };
      },
    );
  };
