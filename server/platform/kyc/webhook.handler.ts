import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { AppError } from '../../http/app-error';
import type { KycProvider, KycProviders } from '../../providers/kyc-provider';
import { WebhookFormatError, WebhookSignatureError } from '../../providers/payment-provider';
import type { ServiceContext } from '../../service-context';
import { processKycEvent, storeKycEvent, unprocessedKycEvents } from './kyc-checks';

const webhookResponseSchema = z.object({ status: z.literal('SUCCESS'), duplicate: z.boolean() });

/** An event still unprocessed this long after it was stored was cut off (a crash): the next webhook takes it up. */
const STRANDED_AFTER_MS = 60_000;

/**
 * POST /ps/kyc/webhook/:provider — an identity provider's signed decision events (Onfido's
 * X-SHA2-Signature over the raw body). Verified before anything is read (401, nothing stored),
 * stored once under the provider's event id, answered at once, then processed from the stored row
 * by asking the provider's API how the check stands: duplicates and reordering change nothing.
 */
export const kycWebhookRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const log = context.logger.child({ module: 'kyc' });
    const providers: KycProviders = context.identityProviders ?? {
      active: context.kyc,
      all: [context.kyc],
      get: (id) => (id === context.kyc.id ? context.kyc : undefined),
    };
    // The signature covers the exact bytes: keep the body raw in this route's scope.
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

    const process = (provider: KycProvider, eventId: string) =>
      processKycEvent({ db: context.database.db, provider, logger: log }, eventId).catch((error: unknown) =>
        log.error({ err: error, provider: provider.id, eventId }, 'kyc: processing a provider event failed; its next delivery takes it up again'),
      );

    app.post(
      '/kyc/webhook/:provider',
      {
        config: { signedServerCall: true },
        schema: {
          tags: ['platform'],
          summary:
            "An identity provider's signed decision event (Onfido: X-SHA2-Signature, HMAC-SHA256 of the raw body), stored once and processed after the answer",
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: webhookResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const provider = providers.get(request.params.provider);
        if (!provider?.webhooks) throw new AppError('NOT_FOUND', 'No such identity provider');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = provider.webhooks.parseWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            log.warn({ provider: provider.id }, 'kyc: webhook with a missing or wrong signature refused');
            throw new AppError('INVALID_SIGNATURE');
          }
          if (error instanceof WebhookFormatError) throw new AppError('INVALID_NOTIFICATION', `The identity event could not be read: ${error.message}`);
          throw error;
        }
        const stored = await storeKycEvent(context.database.db, provider.id, event);
        log.info({ provider: provider.id, eventId: event.eventId, checkId: event.checkId, duplicate: stored.duplicate }, 'kyc: provider event stored');
        // Acknowledged first: the provider's API call happens after the answer. A redelivery of an
        // event whose processing was cut off takes it up again, and so does any stranded older one.
        if (!stored.processed) {
          void (async () => {
            await process(provider, event.eventId);
            for (const stranded of await unprocessedKycEvents(context.database.db, provider.id, STRANDED_AFTER_MS)) await process(provider, stranded);
          })().catch((error: unknown) => log.error({ err: error, provider: provider.id }, 'kyc: sweeping stranded provider events failed'));
        }
        return { status: 'SUCCESS' as const, duplicate: stored.duplicate };
      },
    );
  };
