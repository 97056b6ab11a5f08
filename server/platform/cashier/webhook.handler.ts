import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { applyNotification } from './payment-settlement';
import { WebhookFormatError, WebhookSignatureError } from './providers/payment-provider';

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
        schema: {
          tags: ['cashier'],
          summary: "A payment provider's signed notification (HMAC-SHA256 of the raw body)",
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: webhookResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const provider = context.payments;
        if (request.params.provider !== provider.id) throw new AppError('NOT_FOUND', 'No such payment provider');
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
          throw error;
        }
        const result = await applyNotification(context.database.db, provider.id, notification, log);
        log.info({ provider: provider.id, eventId: notification.eventId, type: notification.type, paymentId: result.paymentId, duplicate: result.duplicate }, 'cashier: provider notification');
        return { status: 'SUCCESS' as const, duplicate: result.duplicate };
      },
    );
  };
