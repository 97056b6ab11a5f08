import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { isEmailWalletMethod } from '../../../contracts/platform/cashier/payment-methods';
import { paymentWebhookSecret } from '../../config/payment-webhook-secret';
import type { ServiceContext } from '../../service-context';
import { isCoinAddress } from './crypto-rates';
import { cardPage, challengePage, cryptoPage, ewalletPage, indexPage, notFoundPage, resultPage, widgetPage } from './pages';
import { SandboxPsp, sandboxTiming, type SandboxDetails, type SandboxRow } from './psp';
import { isFundingSource } from './test-inputs';
import { WebhookDelivery } from './webhook-delivery';

/**
 * The sandbox PSP's pages under /sandbox/payments (outside production only). The cashier's
 * provider adapter starts payments through the PSP's merchant API (psp.ts); the player finishes
 * them here; the PSP then tells the cashier by a signed webhook. Webhooks go through the
 * cashier's real route, POST /ps/cashier/webhook/sandbox, dispatched in-process with
 * `app.inject` (the same raw body, signature check and handler as over the network). A page
 * delivers its webhook before it shows the result, so the cashier knows the outcome when the
 * portal hears of it; delayed and failed deliveries are sent by a timer from the rows'
 * `webhook_due_at`, which survives restarts.
 */
export const MERCHANT_WEBHOOK_PATH = '/ps/cashier/webhook/sandbox';

const assetsDir = path.join(import.meta.dirname, 'assets');
const assets = {
  'sandbox-pay.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(path.join(assetsDir, 'sandbox-pay.js'), 'utf8') },
  'sandbox-pay.css': { type: 'text/css; charset=utf-8', body: readFileSync(path.join(assetsDir, 'sandbox-pay.css'), 'utf8') },
};

const idParams = z.object({ id: z.string().max(100) });
const field = z.string().max(200).optional();
const formBody = z.object({
  action: field,
  cardNumber: field,
  nameOnCard: field,
  expiry: field,
  cvc: field,
  saveCard: field,
  code: field,
  email: field,
  password: field,
  method: field,
  destination: field,
  fromAddress: field,
  fundingSource: field,
});

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);
const isCard = (row: SandboxRow) => row.methodCode.startsWith('WPCGHOSTED_') && row.direction !== 'PAYOUT';
const isWallet = (row: SandboxRow) => isEmailWalletMethod(row.methodCode) && row.direction === 'DEPOSIT';
const isWidget = (row: SandboxRow) => row.methodCode === 'PAYMENTIQ_ALL';
const resultUrl = (row: SandboxRow) => `/sandbox/payments/result/${row.id}`;

export const paymentsSandboxRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, database } = context;
    const timing = sandboxTiming(config.SANDBOX_PAYMENT_WEBHOOK_DELAY_MS);
    const psp = new SandboxPsp(database.db, timing);
    const logger = context.logger.child({ module: 'sandbox-payments' });
    const delivery = new WebhookDelivery(
      psp,
      paymentWebhookSecret(config),
      async (body, headers) => (await app.inject({ method: 'POST', url: MERCHANT_WEBHOOK_PATH, headers, payload: body })).statusCode,
      logger,
    );
    const pollMs = Math.max(50, Math.min(1_000, Math.floor(timing.webhookDelayMs / 4)));
    app.addHook('onReady', async () => delivery.start(pollMs));
    app.addHook('onClose', async () => delivery.stop());

    // The pages post ordinary HTML forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const page = { schema: { hide: true, params: idParams } };
    const form = { schema: { hide: true, params: idParams, body: formBody } };

    app.get('/payments', { schema: { hide: true } }, async (_request, reply) => html(reply, indexPage(await psp.recent())));

    app.get('/payments/assets/:file', { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } }, async (request, reply) => {
      const asset = assets[request.params.file as keyof typeof assets] as (typeof assets)[keyof typeof assets] | undefined;
      if (!asset) return html(reply, notFoundPage(), 404);
      return reply.type(asset.type).header('Cache-Control', 'no-cache').send(asset.body);
    });

    // ── card ───────────────────────────────────────────────────────────────────────────────────
    app.get('/payments/card/:id', page, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isCard(row)) return html(reply, notFoundPage(), 404);
      if (row.status === 'CHALLENGE') return reply.redirect(`/sandbox/payments/card/${row.id}/3ds`, 303);
      if (row.status !== 'CREATED') return reply.redirect(resultUrl(row), 303);
      return html(reply, cardPage(row));
    });

    app.post('/payments/card/:id', form, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isCard(row)) return html(reply, notFoundPage(), 404);
      if (row.status !== 'CREATED') return reply.redirect(`/sandbox/payments/card/${row.id}`, 303);
      if (request.body.action === 'cancel') {
        await psp.cancel(row);
        await delivery.deliver(row.id);
        return reply.redirect(resultUrl(row), 303);
      }
      const outcome = await psp.submitCard(row, request.body);
      if ('errors' in outcome) return html(reply, cardPage(row, outcome.errors, { nameOnCard: request.body.nameOnCard, expiry: request.body.expiry }), 400);
      if (outcome.next === 'challenge') return reply.redirect(`/sandbox/payments/card/${row.id}/3ds`, 303);
      await delivery.deliver(row.id);
      return reply.redirect(resultUrl(row), 303);
    });

    app.get('/payments/card/:id/3ds', page, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isCard(row)) return html(reply, notFoundPage(), 404);
      if (row.status !== 'CHALLENGE') return reply.redirect(resultUrl(row), 303);
      return html(reply, challengePage(row));
    });

    app.post('/payments/card/:id/3ds', form, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isCard(row)) return html(reply, notFoundPage(), 404);
      if (row.status !== 'CHALLENGE') return reply.redirect(resultUrl(row), 303);
      if (request.body.action === 'cancel') await psp.cancel(row);
      else await psp.submitChallenge(row, request.body.code);
      await delivery.deliver(row.id);
      return reply.redirect(resultUrl(row), 303);
    });

    // ── e-wallets ──────────────────────────────────────────────────────────────────────────────
    app.get('/payments/ewallet/:id', page, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isWallet(row)) return html(reply, notFoundPage(), 404);
      if (row.status !== 'CREATED') return reply.redirect(resultUrl(row), 303);
      return html(reply, ewalletPage(row));
    });

    app.post('/payments/ewallet/:id', form, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isWallet(row)) return html(reply, notFoundPage(), 404);
      if (row.status !== 'CREATED') return reply.redirect(resultUrl(row), 303);
      if (request.body.action === 'cancel') {
        await psp.cancel(row);
      } else {
        if (!request.body.password) return html(reply, ewalletPage(row, [{ field: 'password', error: 'Enter your password' }]), 400);
        const funding = request.body.fundingSource;
        if (funding !== undefined && !isFundingSource(funding))
          return html(reply, ewalletPage(row, [{ field: 'fundingSource', error: 'Choose what to pay with' }]), 400);
        await psp.approveEwallet(row, funding);
      }
      await delivery.deliver(row.id);
      return reply.redirect(resultUrl(row), 303);
    });

    // ── embedded cashier widget (deposits and payouts) ─────────────────────────────────────────
    const widgetOpen = (row: SandboxRow) =>
      row.direction === 'PAYOUT' ? !row.webhookSentAt && (row.details as unknown as SandboxDetails).destination === 'default' : row.status === 'CREATED';

    app.get('/payments/widget/:id', page, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isWidget(row)) return html(reply, notFoundPage(), 404);
      if (!widgetOpen(row)) return reply.redirect(resultUrl(row), 303);
      return html(reply, widgetPage(row));
    });

    app.post('/payments/widget/:id', form, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row || !isWidget(row)) return html(reply, notFoundPage(), 404);
      if (!widgetOpen(row)) return reply.redirect(resultUrl(row), 303);
      if (row.direction === 'PAYOUT') {
        await psp.confirmWidgetPayout(row, request.body.destination === 'wallet' ? 'wallet' : 'bank');
      } else if (request.body.action === 'cancel') {
        await psp.cancel(row);
      } else {
        const method = request.body.method;
        await psp.payWidget(row, method === 'bank' || method === 'decline' ? method : 'card');
      }
      await delivery.deliver(row.id);
      return reply.redirect(resultUrl(row), 303);
    });

    // ── crypto: the blockchain simulator ───────────────────────────────────────────────────────
    app.get('/payments/crypto/:id', page, async (request, reply) => {
      const row = await psp.findCrypto(request.params.id);
      if (!row) return html(reply, notFoundPage(), 404);
      const quote = (row.details as unknown as SandboxDetails).chosenQuote;
      const qr = quote ? await QRCode.toString(quote.paymentUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : null;
      return html(reply, cryptoPage(row, qr));
    });

    app.post('/payments/crypto/:id', form, async (request, reply) => {
      const row = await psp.findCrypto(request.params.id);
      if (!row) return html(reply, notFoundPage(), 404);
      const quote = (row.details as unknown as SandboxDetails).chosenQuote;
      if (row.status === 'AWAITING_PAYMENT' && quote) {
        const fromAddress = request.body.fromAddress?.trim() || undefined;
        if (fromAddress !== undefined && !isCoinAddress(quote.coin, fromAddress)) {
          const qr = await QRCode.toString(quote.paymentUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
          return html(
            reply,
            cryptoPage(row, qr, [{ field: 'fromAddress', error: `Enter an address of the ${quote.coin} network to send from` }], fromAddress),
            400,
          );
        }
        await psp.sendCrypto(row, request.body.action !== 'short', fromAddress);
        await delivery.deliver(row.id);
      }
      return reply.redirect(`/sandbox/payments/crypto/${row.id}`, 303);
    });

    app.get('/payments/result/:id', page, async (request, reply) => {
      const row = await psp.find(request.params.id);
      if (!row) return html(reply, notFoundPage(), 404);
      return html(reply, resultPage(row));
    });
  };
