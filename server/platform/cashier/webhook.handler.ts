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
          summary:
            "A payment provider's signed notification, verified over the raw body (the sandbox's X-Sandbox-Signature, Stripe's Stripe-Signature) or per item (Adyen's hmacSignature, answered [accepted])",
          params: z.object({ provider: z.string().max(40) }),
          response: {
            200: z.union([webhookResponseSchema, z.string().describe("The provider's own acknowledgement (Adyen: [accepted]), as text/plain")]),
            400: errorResponseSchema,
            401: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        // Every provider running here takes its webhooks, routed to new payments or not (issue 31).
        const provider = context.payments.get(request.params.provider);
        if (!provider) throw new AppError('NOT_FOUND', 'No such payment provider');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let notification;
        try {
          if (provider.parseWebhookBatch) {
            // Several items in one request (Adyen): all verified before any is stored, then stored, answered, settled.
            const notifications = provider.parseWebhookBatch(raw, request.headers);
            const fresh: string[] = [];
            for (const item of notifications) {
              const stored = await storeEvent(context.database.db, provider, item);
              if (!stored.duplicate) fresh.push(item.eventId);
              log.info(
                { provider: provider.id, eventId: item.eventId, type: item.type, paymentId: item.paymentId, duplicate: stored.duplicate },
                'cashier: provider notification stored',
              );
            }
            // One after the other: items of one payment settle in turn (each reads the whole stored set).
            void (async () => {
              for (const eventId of fresh) await settleStoredEvent(context, provider, eventId, log);
            })().catch((error: unknown) =>
              log.error({ err: error, provider: provider.id }, 'cashier: settling provider events failed; the reconciler tries again'),
            );
            if (provider.webhookAcknowledgement) return reply.type('text/plain; charset=utf-8').send(provider.webhookAcknowledgement);
            return { status: 'SUCCESS' as const, duplicate: fresh.length === 0 };
          }
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
              log.error(
                { err: error, provider: provider.id, eventId: notification.eventId },
                'cashier: settling a provider event failed; the reconciler tries again',
              ),
            );
          }
          log.info(
            { provider: provider.id, eventId: notification.eventId, type: notification.type, paymentId: notification.paymentId, duplicate: stored.duplicate },
            'cashier: provider notification stored',
          );
          return { status: 'SUCCESS' as const, duplicate: stored.duplicate };
        }
        const result = await applyNotification(context.database.db, provider.id, notification, log, context.config);
        // A success the credit rule refused: the provider voids what it authorised (after the commit, outside the transaction).
        if (notification.type === 'PAYMENT_SUCCEEDED' && result.paymentId) await voidRefusedDeposit(context.database.db, provider, result.paymentId, log);
        log.info(
          { provider: provider.id, eventId: notification.eventId, type: notification.type, paymentId: result.paymentId, duplicate: result.duplicate },
          'cashier: provider notification',
        );
        return { status: 'SUCCESS' as const, duplicate: result.duplicate };
      },
    );

    app.get(
      '/cashier/return/:provider',
      {
        schema: {
          tags: ['cashier'],
          summary:
            "Where the player comes back from a provider's page (Adyen: with a redirectResult): the outcome is asked of the provider's API, stored and settled, then the player goes to the portal",
          params: z.object({ provider: z.string().max(40) }),
          querystring: z.object({ paymentId: z.string().max(64).optional(), redirectResult: z.string().min(1).max(8_192) }),
          response: { 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const provider = context.payments.get(request.params.provider);
        if (!provider?.returnDetails) throw new AppError('NOT_FOUND', 'No such payment provider');
        try {
          const notification = await provider.returnDetails(request.query.redirectResult);
          if (notification) {
            // The same inbox as the notifications: stored once, settled from the whole stored set.
            const stored = await storeEvent(context.database.db, provider, notification);
            if (!stored.duplicate) await settleStoredEvent(context, provider, notification.eventId, log);
          }
        } catch (error) {
          // The notification settles it anyway; the player is not kept on an error page.
          log.warn(
            { err: error, provider: provider.id, paymentId: request.query.paymentId },
            'cashier: the payment details after a return could not be read; waiting for the notification',
          );
        }
        return reply.redirect('/', 303);
      },
    );
  };
