import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender, pickSending, type SendingOptions } from '../webhook-sender';
import { formatMinorMoney } from '../../../contracts/format';
import { escapeHtml } from '../../http/html';

/**
 * A local stand-in for the part of Adyen the cashier's Adyen adapter uses (issue 31), in Adyen's
 * wire format, so the adapter runs end to end on one machine with the official SDK (its HTTP
 * client pointed at this address):
 *
 * - Checkout v72: `POST /checkout/v72/payments` (an e-wallet answers RedirectShopper with
 *   `action.url` to the hosted wallet page), `POST /checkout/v72/payments/details` (the
 *   redirectResult the page sent the player back with), `POST /checkout/v72/payments/:psp/refunds`.
 * - Payout v68: `POST /pal/servlet/Payout/v68/storeDetailAndSubmitThirdParty`
 *   (`[payout-submit-received]`, then PAYOUT_THIRDPARTY or PAYOUT_DECLINE).
 * - `X-API-Key`, `Idempotency-Key` (the same key again answers the first answer, also for a
 *   request whose answer was lost), errors as `{ status, errorCode, message, errorType }`.
 * - The hosted wallet page (`/hpp/:pspReference`) where the player (the test) approves or
 *   declines.
 * - Notifications to `webhookUrl` in Adyen's standard format (`notificationItems[]`), each item
 *   signed with `additionalData.hmacSignature` under the hex HMAC key, retried with back-off
 *   until answered 2xx; on request sent twice (`duplicates`) or held and released in another
 *   order (`hold` then `release('reverse')`).
 * - `duplicateEvery` / `lateEvery`: every n-th notification sent twice, or held back so that later
 *   ones overtake it (what `npm run sandbox:adyen` does by default).
 * - `dropAnswers(path, count)`: the next requests to that path are carried out but their answer
 *   is lost (the connection is cut), as a timeout would lose it.
 *
 * Test values: docs/adyen-adapter.md.
 */

type Json = Record<string, unknown>;

export interface AdyenAmount {
  value: number;
  currency: string;
}

export interface AdyenPaymentRecord {
  pspReference: string;
  merchantReference: string;
  amount: AdyenAmount;
  paymentMethod: string;
  shopperEmail: string | null;
  shopperReference: string | null;
  metadata: Record<string, string>;
  returnUrl: string;
  status: 'RedirectShopper' | 'Authorised' | 'Refused' | 'Refunded';
  redirectResult: string;
}

export interface AdyenPayoutRecord {
  pspReference: string;
  merchantReference: string;
  amount: AdyenAmount;
  selectedBrand: string;
  shopperEmail: string;
  shopperReference: string;
  status: 'Received' | 'Paid' | 'Declined';
}

export interface AdyenNotificationSent {
  /** `${pspReference}:${eventCode}`. */
  id: string;
  eventCode: string;
  merchantReference: string;
  /** The request body exactly as sent. */
  body: string;
  /** The item as signed. */
  item: Json;
}

export interface AdyenDelivery {
  id: string;
  eventCode: string;
  attempt: number;
  /** The HTTP status the merchant answered, or 0 when it could not be reached. */
  status: number;
  /** The body of the answer (Adyen expects `[accepted]`). */
  answer: string;
}

/** With the webhook sender's retries, duplicates and late sends (SendingOptions). */
export interface AdyenSimulatorOptions extends SendingOptions {
  /** The API key the SDK must send (X-API-Key). */
  apiKey: string;
  /** The merchant account the payments are booked to (merchantAccountCode of the notifications). */
  merchantAccount: string;
  /** The notification webhook's HMAC key, hex. */
  hmacKey: string;
  /** Where notifications go; may be set later (`setWebhookUrl`). */
  webhookUrl?: string;
  /** Milliseconds a payout waits before its outcome (default 100). */
  payoutDelayMs?: number;
}

export interface AdyenSimulator {
  /** http://127.0.0.1:PORT: ADYEN_API_URL. */
  url: string;
  setWebhookUrl(url: string): void;
  /** Signs with a new HMAC key from now on (a rotation); the old one is no longer used. */
  rotateHmacKey(hexKey: string): void;
  /** Sends every notification twice (a retry whose first answer was lost). */
  duplicates: boolean;
  /** Holds notifications back until `release`: to deliver them late and in another order. */
  hold(): void;
  release(order?: 'sent' | 'reverse'): Promise<void>;
  /** The next `count` requests whose path ends with `pathEnd` are carried out, but their answer is lost. */
  dropAnswers(pathEnd: string, count?: number): void;
  /** Every notification made, oldest first. */
  notifications: AdyenNotificationSent[];
  deliveries: AdyenDelivery[];
  /** Requests received per path (to count creates). */
  requests: { path: string; idempotencyKey: string | null; replayed: boolean }[];
  /** Resolves once no notification is queued, held or being retried. */
  idle(): Promise<void>;
  /** The player's part on the wallet page: answers where the page sends them next (the return URL with redirectResult). */
  choose(pspReference: string, approve: boolean): Promise<string>;
  payment(pspReference: string): AdyenPaymentRecord | undefined;
  paymentByReference(merchantReference: string): AdyenPaymentRecord | undefined;
  /** Every payment, oldest first (the simulator's books, for checks across a crash test). */
  payments(): AdyenPaymentRecord[];
  payouts: AdyenPayoutRecord[];
  close(): Promise<void>;
}

/** The string Adyen signs for a notification item: the eight fields joined by `:`. */
export function adyenSignedData(item: Json): string {
  const amount = (item.amount ?? {}) as { value?: number; currency?: string };
  return [
    item.pspReference,
    item.originalReference,
    item.merchantAccountCode,
    item.merchantReference,
    amount.value,
    amount.currency,
    item.eventCode,
    item.success,
  ]
    .map((value) => (value === undefined || value === null ? '' : String(value)))
    .join(':');
}

/** additionalData.hmacSignature of an item, as Adyen computes it: HMAC-SHA256 under the hex-decoded key, base64. */
export function adyenItemSignature(item: Json, hexKey: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(adyenSignedData(item), 'utf8').digest('base64');
}

/** An item with its hmacSignature set (the simulator's signing, also for tests that forge or replay). */
export function signAdyenItem(item: Json, hexKey: string): Json {
  const additionalData = { ...((item.additionalData ?? {}) as Json) };
  delete additionalData.hmacSignature;
  return { ...item, additionalData: { ...additionalData, hmacSignature: adyenItemSignature({ ...item, additionalData }, hexKey) } };
}

/** A notification request body of these items. */
export function adyenNotificationBody(items: Json[]): string {
  return JSON.stringify({ live: 'false', notificationItems: items.map((item) => ({ NotificationRequestItem: item })) });
}

const pspReference = () => {
  // Adyen's references are 16 characters of capitals and digits.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

class AdyenError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly errorType = 'validation',
  ) {
    super(message);
  }
}

const wallets: Record<string, string> = { skrill: 'Skrill', neteller: 'NETELLER' };

export async function startAdyenSimulator(options: AdyenSimulatorOptions, port = 0): Promise<AdyenSimulator> {
  const payments = new Map<string, AdyenPaymentRecord>();
  const payouts: AdyenPayoutRecord[] = [];
  const idempotency = new Map<string, { hash: string; status: number; body: string }>();
  const notifications: AdyenNotificationSent[] = [];
  const deliveries: AdyenDelivery[] = [];
  const requests: AdyenSimulator['requests'] = [];
  const drops = new Map<string, number>();
  let webhookUrl = options.webhookUrl;
  let hmacKey = options.hmacKey;
  let url = '';

  // Items are signed when the notification is made (`sent.body`), as Adyen signs each item once.
  const webhooksOut = createWebhookSender<AdyenNotificationSent>({
    url: () => webhookUrl,
    request: (sent) => ({ headers: { 'content-type': 'application/json', 'user-agent': 'Adyen HttpClient 1.0' }, body: sent.body }),
    attempted: (sent, { attempt, status, answer }) => deliveries.push({ id: sent.id, eventCode: sent.eventCode, attempt, status, answer }),
    duplicates: () => simulator.duplicates,
    ...pickSending(options),
  });
  const later = (ms: number, run: () => void) => webhooksOut.later(ms, run);

  /** A notification item, signed with the current key and sent (or held). */
  const notify = (item: {
    pspReference: string;
    originalReference?: string;
    merchantReference: string;
    amount: AdyenAmount;
    eventCode: string;
    success: boolean;
    paymentMethod: string;
    reason?: string;
    additionalData?: Record<string, string>;
  }) => {
    const unsigned: Json = {
      additionalData: item.additionalData ?? {},
      amount: item.amount,
      eventCode: item.eventCode,
      eventDate: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      merchantAccountCode: options.merchantAccount,
      merchantReference: item.merchantReference,
      ...(item.originalReference ? { originalReference: item.originalReference } : {}),
      paymentMethod: item.paymentMethod,
      pspReference: item.pspReference,
      reason: item.reason ?? '',
      success: String(item.success),
    };
    const signed = signAdyenItem(unsigned, hmacKey);
    const sent: AdyenNotificationSent = {
      id: `${item.pspReference}:${item.eventCode}`,
      eventCode: item.eventCode,
      merchantReference: item.merchantReference,
      body: adyenNotificationBody([signed]),
      item: signed,
    };
    notifications.push(sent);
    webhooksOut.send(sent, notifications.length);
  };

  const metadataOf = (payment: AdyenPaymentRecord) => Object.fromEntries(Object.entries(payment.metadata).map(([key, value]) => [`metadata.${key}`, value]));

  const createPayment = (body: Json): Json => {
    const amount = body.amount as Partial<AdyenAmount> | undefined;
    if (typeof body.merchantAccount !== 'string' || body.merchantAccount !== options.merchantAccount)
      throw new AdyenError(403, '901', 'Invalid Merchant Account', 'security');
    if (!amount || !Number.isSafeInteger(amount.value) || (amount.value ?? 0) < 1) throw new AdyenError(422, '137', 'Invalid amount specified');
    if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency)) throw new AdyenError(422, '138', 'Invalid currency specified');
    if (typeof body.reference !== 'string' || body.reference === '') throw new AdyenError(422, '130', "Required field 'reference' is not provided.");
    if (typeof body.returnUrl !== 'string') throw new AdyenError(422, '14_006', "Required field 'returnUrl' is not provided.");
    const method = String((body.paymentMethod as Json | undefined)?.type ?? '');
    if (!wallets[method])
      throw new AdyenError(
        422,
        '905_1',
        `Could not find an acquirer account for the provided currency (${String(amount.currency)}) and payment method (${method}).`,
        'configuration',
      );
    const record: AdyenPaymentRecord = {
      pspReference: pspReference(),
      merchantReference: body.reference,
      amount: { value: amount.value!, currency: amount.currency },
      paymentMethod: method,
      shopperEmail: typeof body.shopperEmail === 'string' ? body.shopperEmail : null,
      shopperReference: typeof body.shopperReference === 'string' ? body.shopperReference : null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      returnUrl: body.returnUrl,
      status: 'RedirectShopper',
      redirectResult: randomBytes(24).toString('base64url'),
    };
    payments.set(record.pspReference, record);
    return {
      resultCode: 'RedirectShopper',
      pspReference: record.pspReference,
      merchantReference: record.merchantReference,
      action: { paymentMethodType: method, type: 'redirect', method: 'GET', url: `${url}/hpp/${record.pspReference}` },
    };
  };

  const details = (body: Json): Json => {
    const token = String((body.details as Json | undefined)?.redirectResult ?? '');
    const found = [...payments.values()].find((payment) => payment.redirectResult === token);
    if (!found) throw new AdyenError(422, '101', 'Invalid redirectResult');
    const answer: Json = {
      pspReference: found.pspReference,
      merchantReference: found.merchantReference,
      amount: found.amount,
      additionalData: metadataOf(found),
    };
    if (found.status === 'RedirectShopper') return { ...answer, resultCode: 'Pending' };
    if (found.status === 'Refused') return { ...answer, resultCode: 'Refused', refusalReason: 'Refused', refusalReasonCode: '2' };
    return { ...answer, resultCode: 'Authorised' };
  };

  const choose = async (reference: string, approve: boolean): Promise<string> => {
    const found = payments.get(reference);
    if (!found) throw new AdyenError(404, '000', 'Unknown payment');
    if (found.status === 'RedirectShopper') {
      found.status = approve ? 'Authorised' : 'Refused';
      notify({
        pspReference: found.pspReference,
        merchantReference: found.merchantReference,
        amount: found.amount,
        eventCode: 'AUTHORISATION',
        success: approve,
        paymentMethod: found.paymentMethod,
        reason: approve ? '' : 'Refused',
        additionalData: { ...metadataOf(found), ...(found.shopperReference ? { shopperReference: found.shopperReference } : {}) },
      });
    }
    const back = new URL(found.returnUrl);
    back.searchParams.set('redirectResult', found.redirectResult);
    return back.toString();
  };

  const refund = (reference: string, body: Json): Json => {
    const found = payments.get(reference);
    if (!found || found.status !== 'Authorised') throw new AdyenError(422, '167', 'Original pspReference required for this operation');
    const refundReference = pspReference();
    found.status = 'Refunded';
    later(options.payoutDelayMs ?? 100, () =>
      notify({
        pspReference: refundReference,
        originalReference: found.pspReference,
        merchantReference: found.merchantReference,
        amount: found.amount,
        eventCode: 'REFUND',
        success: true,
        paymentMethod: found.paymentMethod,
      }),
    );
    return {
      merchantAccount: options.merchantAccount,
      paymentPspReference: found.pspReference,
      pspReference: refundReference,
      reference: body.reference ?? null,
      status: 'received',
      amount: found.amount,
    };
  };

  const submitPayout = (body: Json): Json => {
    const amount = body.amount as Partial<AdyenAmount> | undefined;
    if (body.merchantAccount !== options.merchantAccount) throw new AdyenError(403, '901', 'Invalid Merchant Account', 'security');
    if (!amount || !Number.isSafeInteger(amount.value) || (amount.value ?? 0) < 1) throw new AdyenError(422, '137', 'Invalid amount specified');
    for (const field of ['reference', 'shopperEmail', 'shopperReference', 'dateOfBirth', 'nationality', 'entityType'] as const) {
      if (typeof body[field] !== 'string' || body[field] === '') throw new AdyenError(422, '100', `Required field '${field}' is not provided.`);
    }
    const record: AdyenPayoutRecord = {
      pspReference: pspReference(),
      merchantReference: String(body.reference),
      amount: { value: amount.value!, currency: String(amount.currency) },
      selectedBrand: String(body.selectedBrand ?? ''),
      shopperEmail: String(body.shopperEmail),
      shopperReference: String(body.shopperReference),
      status: 'Received',
    };
    payouts.push(record);
    // Test value: an account e-mail with "payout-decline" is declined by the wallet; every other payout is paid.
    const declined = record.shopperEmail.includes('payout-decline');
    later(options.payoutDelayMs ?? 100, () => {
      record.status = declined ? 'Declined' : 'Paid';
      notify({
        pspReference: record.pspReference,
        merchantReference: record.merchantReference,
        amount: record.amount,
        eventCode: declined ? 'PAYOUT_DECLINE' : 'PAYOUT_THIRDPARTY',
        success: !declined,
        paymentMethod: record.selectedBrand,
        reason: declined ? 'Declined by the wallet' : '',
        additionalData: { shopperReference: record.shopperReference },
      });
    });
    return { pspReference: record.pspReference, resultCode: '[payout-submit-received]' };
  };

  /** The API: answers [status, body]. */
  const api = (method: string, path: string, body: Json): [number, Json] => {
    if (method !== 'POST') throw new AdyenError(405, '000', 'Method not allowed', 'validation');
    if (path === '/checkout/v72/payments') return [200, createPayment(body)];
    if (path === '/checkout/v72/payments/details') return [200, details(body)];
    const refunds = /^\/checkout\/v72\/payments\/([A-Z0-9]+)\/refunds$/.exec(path);
    if (refunds) return [201, refund(refunds[1]!, body)];
    if (path === '/pal/servlet/Payout/v68/storeDetailAndSubmitThirdParty') return [200, submitPayout(body)];
    throw new AdyenError(404, '000', `Unknown endpoint ${path}`, 'validation');
  };

  const keyMatches = (header: string | string[] | undefined) => {
    const expected = Buffer.from(options.apiKey);
    const given = Buffer.from(typeof header === 'string' ? header : '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const html = (response: ServerResponse, body: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Adyen simulator</title></head><body style="font-family:system-ui;max-width:28rem;margin:2rem auto">${body}</body></html>`,
    );
  };

  /** The hosted wallet page: what the player sees of Skrill or NETELLER. */
  const page = async (request: IncomingMessage, response: ServerResponse, location: URL) => {
    const match = /^\/hpp\/([A-Z0-9]+)$/.exec(location.pathname);
    const found = match ? payments.get(match[1]!) : undefined;
    if (!found) return html(response, '<h1>Unknown payment</h1>');
    if (request.method === 'GET') {
      const wallet = wallets[found.paymentMethod] ?? found.paymentMethod;
      return html(
        response,
        `<h1>${escapeHtml(wallet)}</h1><p>Pay ${escapeHtml(formatMinorMoney(found.amount.value, found.amount.currency, 'en'))} from ${escapeHtml(found.shopperEmail ?? 'your account')}?</p><form method="post" action="/hpp/${found.pspReference}"><button name="outcome" value="approve">Approve</button> <button name="outcome" value="decline">Decline</button></form>`,
      );
    }
    const form = new URLSearchParams(await readBody(request));
    response.writeHead(303, { location: await choose(found.pspReference, form.get('outcome') === 'approve') });
    response.end();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const location = new URL(request.url ?? '/', 'http://simulator');
    if (!location.pathname.startsWith('/checkout/') && !location.pathname.startsWith('/pal/')) return page(request, response, location);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', pspreference: pspReference() });
      response.end(body);
    };
    if (!keyMatches(request.headers['x-api-key']))
      return send(401, JSON.stringify({ status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' }));
    const text = await readBody(request);
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const hash = createHash('sha256').update(`${location.pathname} ${text}`).digest('hex');
    const seen = key ? idempotency.get(key) : undefined;
    requests.push({ path: location.pathname, idempotencyKey: key, replayed: seen !== undefined });
    let status: number;
    let body: string;
    if (seen) {
      // Adyen answers a key's first answer again; the same key with another request is refused.
      [status, body] =
        seen.hash === hash
          ? [seen.status, seen.body]
          : [422, JSON.stringify({ status: 422, errorCode: '704', message: 'request already processed or in progress', errorType: 'validation' })];
    } else {
      let parsed: Json;
      try {
        parsed = JSON.parse(text) as Json;
      } catch {
        return send(400, JSON.stringify({ status: 400, errorCode: '702', message: 'Structure of the request is invalid', errorType: 'validation' }));
      }
      try {
        const [answerStatus, answer] = api(request.method ?? 'GET', location.pathname, parsed);
        [status, body] = [answerStatus, JSON.stringify(answer)];
      } catch (error) {
        if (!(error instanceof AdyenError)) throw error;
        [status, body] = [
          error.status,
          JSON.stringify({ status: error.status, errorCode: error.errorCode, message: error.message, errorType: error.errorType }),
        ];
      }
      if (key && status < 500) idempotency.set(key, { hash, status, body });
    }
    // A lost answer: the request was carried out (and its answer kept under its key), the connection is cut.
    const pending = [...drops.entries()].find(([pathEnd, count]) => count > 0 && location.pathname.endsWith(pathEnd));
    if (pending) {
      drops.set(pending[0], pending[1] - 1);
      request.socket.destroy();
      return;
    }
    send(status, body);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ status: 500, errorCode: '000', message: error instanceof Error ? error.message : 'simulator failure', errorType: 'internal' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const simulator: AdyenSimulator = {
    url,
    duplicates: false,
    notifications,
    deliveries,
    requests,
    payouts,
    setWebhookUrl(target) {
      webhookUrl = target;
    },
    rotateHmacKey(hexKey) {
      hmacKey = hexKey;
    },
    hold: () => webhooksOut.hold(),
    release: (order) => webhooksOut.release(order),
    dropAnswers(pathEnd, count = 1) {
      drops.set(pathEnd, (drops.get(pathEnd) ?? 0) + count);
    },
    idle: () => webhooksOut.idle(),
    choose,
    payment: (reference) => payments.get(reference),
    payments: () => [...payments.values()],
    paymentByReference: (merchantReference) => [...payments.values()].find((payment) => payment.merchantReference === merchantReference),
    async close() {
      webhooksOut.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return simulator;
}
