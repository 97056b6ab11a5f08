import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender, pickSending, type SendingOptions } from '../webhook-sender';
import { formatMinorMoney } from '../../../contracts/format';
import { escapeHtml } from '../../http/html';

/**
 * A local stand-in for the part of Stripe's API the cashier's Stripe adapter uses (issue 31), in
 * Stripe's wire format, so the adapter runs end to end on one machine with the official SDK
 * pointed at it (its host, port and protocol settings):
 *
 * - `POST /v1/payment_intents`, `GET /v1/payment_intents/:id`, `POST /v1/payment_intents/:id/confirm`,
 *   `POST /v1/payment_intents/:id/cancel`, `GET /v1/payment_intents/search?query=…` (metadata and
 *   status clauses joined by AND), `GET /v1/payment_methods/:id`, `POST /v1/refunds`,
 *   `GET /v1/refunds/:id`, `GET /v1/refunds?payment_intent=…`. Form-encoded bodies, `Bearer` key,
 *   `Idempotency-Key` (the same key again answers the first answer; with other parameters 400
 *   idempotency_error), errors as `{ error: { type, code, decline_code, message, payment_intent } }`.
 * - The card page (`/pay`) where a player enters a test card for a PaymentIntent (Stripe
 *   Elements' part), and the 3-D Secure page (`/3ds/:id`) that `next_action.redirect_to_url` names.
 * - Webhooks to `webhookUrl`, signed as Stripe signs them (`Stripe-Signature: t=…,v1=…`, HMAC
 *   SHA-256 of `${t}.${body}` under the endpoint's whsec_ secret), retried with back-off until
 *   answered 2xx; on request sent twice (`duplicates`) or held and released in another order
 *   (`hold` then `release('reverse')`).
 *
 * Test cards (as Stripe's): docs/stripe-adapter.md.
 */

export interface StripeTestCard {
  brand: string;
  funding: 'credit' | 'debit';
  outcome: 'succeed' | 'authenticate' | 'decline';
  declineCode?: string;
}

/** Card numbers and PaymentMethod shortcuts the simulator knows, with what Stripe's test mode does for them. */
export const stripeTestCards: Record<string, StripeTestCard> = {
  '4000056655665556': { brand: 'visa', funding: 'debit', outcome: 'succeed' },
  '4242424242424242': { brand: 'visa', funding: 'credit', outcome: 'succeed' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', outcome: 'succeed' },
  '4000002760003184': { brand: 'visa', funding: 'debit', outcome: 'authenticate' },
  '4000000000000002': { brand: 'visa', funding: 'debit', outcome: 'decline', declineCode: 'generic_decline' },
  '4000000000009995': { brand: 'visa', funding: 'debit', outcome: 'decline', declineCode: 'insufficient_funds' },
};
const shortcuts: Record<string, string> = {
  pm_card_visa_debit: '4000056655665556',
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_threeDSecure2Required: '4000002760003184',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};

type Json = Record<string, unknown>;

interface Intent extends Json {
  id: string;
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  client_secret: string;
  created: number;
  last_payment_error: Json | null;
  next_action: Json | null;
  cancellation_reason: string | null;
}

interface Refund extends Json {
  id: string;
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
}

export interface StripeEvent {
  id: string;
  type: string;
  /** The body exactly as sent (Stripe's pretty-printed JSON). */
  body: string;
}

export interface StripeDelivery {
  eventId: string;
  type: string;
  attempt: number;
  /** The HTTP status the merchant answered, or 0 when it could not be reached. */
  status: number;
}

/** With the webhook sender's retries, duplicates and late sends (SendingOptions). */
export interface StripeSimulatorOptions extends SendingOptions {
  /** The secret key the SDK must send (Authorization: Bearer …). */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  signingSecret: string;
  /** Where webhooks go; may be set later (`setWebhookUrl`). */
  webhookUrl?: string;
  /** Milliseconds a refund stays pending before it succeeds (default 100). */
  refundDelayMs?: number;
}

export interface StripeSimulator {
  /** http://127.0.0.1:PORT: the SDK's host/port/protocol and STRIPE_API_URL. */
  url: string;
  setWebhookUrl(url: string): void;
  /** Signs with a new endpoint secret from now on (a rotation); the old one is no longer used. */
  rotateSigningSecret(secret: string): void;
  /** Sends every webhook twice (a retry whose first answer was lost). */
  duplicates: boolean;
  /** Holds webhooks back until `release`: to deliver them late and in another order. */
  hold(): void;
  release(order?: 'sent' | 'reverse'): Promise<void>;
  /** Every event created, oldest first. */
  events: StripeEvent[];
  deliveries: StripeDelivery[];
  /** Resolves once no webhook is queued, held or being retried. */
  idle(): Promise<void>;
  /** The player's part on the card page: enters a card for a PaymentIntent; answers where the page sends them next. */
  payWithCard(intentId: string, cardNumber: string): Promise<string>;
  /** The player's part on the 3-D Secure page. */
  authenticate(intentId: string, approve: boolean): Promise<void>;
  intent(id: string): Intent | undefined;
  /** Every PaymentIntent, oldest first (the simulator's books, for checks across a crash test). */
  paymentIntents(): Intent[];
  /** Every refund, oldest first. */
  refunds(): Refund[];
  close(): Promise<void>;
}

/** Stripe-Signature for a body, as Stripe computes it. */

/** The simulator's card page (Stripe's Elements' part): a card number, picked from the test cards, posted to /pay with the intent's id and secret. */
function cardForm(heading: string, hidden: Record<string, string>, button: string): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const options = Object.keys(stripeTestCards)
    .map((number) => `<option value="${number}">${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</option>`)
    .join('');
  return `<h1>${escapeHtml(heading)}</h1><form method="post" action="/pay">${fields}<label>Card number <input name="card" list="cards" autocomplete="off" required></label><datalist id="cards">${options}</datalist> <button>${button}</button></form>`;
}

export function stripeSignatureHeader(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** Stripe's form encoding (`metadata[payment_id]=…`, `allowed_payment_method_types[0]=card`) read back into objects. */
function parseForm(text: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target: Json = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Json;
    });
  }
  return result;
}

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

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid_empty', message, ...(param ? { param } : {}) });
const missing = (id: string) => new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` });

export async function startStripeSimulator(options: StripeSimulatorOptions, port = 0): Promise<StripeSimulator> {
  const intents = new Map<string, Intent>();
  const setupIntents = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const refunds = new Map<string, Refund>();
  const idempotency = new Map<string, { hash: string; status: number; body: string }>();
  const events: StripeEvent[] = [];
  const deliveries: StripeDelivery[] = [];
  let webhookUrl = options.webhookUrl;
  let signingSecret = options.signingSecret;
  let url = '';

  // Signed at each attempt, with the time of sending, as Stripe does.
  const webhooksOut = createWebhookSender<StripeEvent>({
    url: () => webhookUrl,
    request: (event) => ({
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': stripeSignatureHeader(event.body, signingSecret),
      },
      body: event.body,
    }),
    attempted: (event, { attempt, status }) => deliveries.push({ eventId: event.id, type: event.type, attempt, status }),
    duplicates: () => simulator.duplicates,
    ...pickSending(options),
  });
  const later = (ms: number, run: () => void) => webhooksOut.later(ms, run);

  const emit = (type: string, object: Json) => {
    const created = Math.floor(Date.now() / 1000);
    const event = {
      id: randomId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const sent: StripeEvent = { id: event.id, type, body: JSON.stringify(event, null, 2) };
    events.push(sent);
    webhooksOut.send(sent, events.length);
  };

  const paymentMethodFor = (given: string): Json => {
    const number = shortcuts[given] ?? given.replace(/\s+/g, '');
    const existing = methods.get(given);
    if (existing) return existing;
    const card = stripeTestCards[number];
    if (!card) throw invalid(`No such PaymentMethod: '${given}'`, 'payment_method');
    const method = {
      id: randomId('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { name: 'Test Cardholder', email: null, phone: null, address: null },
      card: {
        brand: card.brand,
        funding: card.funding,
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'IE',
        fingerprint: createHash('sha256').update(number).digest('hex').slice(0, 16),
      },
      created: Math.floor(Date.now() / 1000),
      customer: null,
      livemode: false,
      metadata: {},
    };
    methods.set(method.id, method);
    return method;
  };

  const cardOf = (intent: Intent) => {
    const method = intent.payment_method ? methods.get(intent.payment_method) : undefined;
    const number = Object.entries(stripeTestCards).find(([digits]) => digits.slice(-4) === (method?.card as { last4?: string } | undefined)?.last4);
    return number?.[1];
  };

  const decline = (intent: Intent, code: string, declineCode: string | undefined, message: string) => {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'card_error',
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      message,
      payment_method: intent.payment_method ? methods.get(intent.payment_method) : null,
    };
    emit('payment_intent.payment_failed', intent);
  };

  const succeed = (intent: Intent) => {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.next_action = null;
    emit('payment_intent.succeeded', intent);
  };

  /** Confirms with the attached card: succeeds, asks for 3-D Secure or declines, as the card says. */
  const confirm = (intent: Intent, returnUrl: string | undefined) => {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}`,
      });
    }
    const card = cardOf(intent);
    if (!card) throw invalid('A payment method is required to confirm', 'payment_method');
    intent.last_payment_error = null;
    if (card.outcome === 'succeed') succeed(intent);
    else if (card.outcome === 'decline')
      decline(
        intent,
        'card_declined',
        card.declineCode,
        card.declineCode === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      );
    else {
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${url}/3ds/${intent.id}`, return_url: returnUrl ?? null } };
      intent.return_url = returnUrl ?? null;
      emit('payment_intent.requires_action', intent);
    }
  };

  const cardError = (intent: Intent) => {
    const error = intent.last_payment_error as Json;
    return new StripeError(402, { ...error, payment_intent: intent });
  };

  const requireIntent = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw missing(id);
    return intent;
  };

  const createIntent = (params: Json): Intent => {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Amount must be a positive integer', 'amount');
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency)) throw invalid('Invalid currency', 'currency');
    const id = randomId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency,
      status: 'requires_payment_method',
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_method: null,
      client_secret: `${id}_secret_${randomBytes(12).toString('base64url')}`,
      created: Math.floor(Date.now() / 1000),
      last_payment_error: null,
      next_action: null,
      cancellation_reason: null,
      livemode: false,
    };
    intents.set(id, intent);
    emit('payment_intent.created', intent);
    if (typeof params.payment_method === 'string') {
      intent.payment_method = paymentMethodFor(params.payment_method).id as string;
      intent.status = 'requires_confirmation';
      if (params.confirm === 'true') {
        confirm(intent, params.return_url as string | undefined);
        if (intent.last_payment_error) throw cardError(intent);
      }
    }
    return intent;
  };

  const cancel = (intent: Intent) => {
    if (intent.status === 'canceled') return intent;
    if (intent.status === 'succeeded')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
      });
    intent.status = 'canceled';
    intent.next_action = null;
    intent.cancellation_reason = 'requested_by_customer';
    intent.canceled_at = Math.floor(Date.now() / 1000);
    emit('payment_intent.canceled', intent);
    return intent;
  };

  const search = (query: string): Intent[] => {
    const clauses = query.split(/\s+AND\s+/i).map((clause) => {
      const metadata = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(clause.trim());
      if (metadata) return (intent: Intent) => intent.metadata[metadata[1]!] === metadata[2];
      const status = /^status:'([^']*)'$/.exec(clause.trim());
      if (status) return (intent: Intent) => intent.status === status[1];
      throw invalid(`Unsupported search clause: ${clause}`, 'query');
    });
    return [...intents.values()].filter((intent) => clauses.every((matches) => matches(intent))).sort((a, b) => b.created - a.created);
  };

  const createRefund = (params: Json): Refund => {
    const intent = requireIntent(String(params.payment_intent ?? ''));
    if (intent.status !== 'succeeded')
      throw new StripeError(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has not succeeded' });
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = params.amount === undefined ? intent.amount_received - refunded : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount_received - refunded) {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: 'Refund amount is greater than unrefunded amount on charge',
      });
    }
    const refund: Refund = {
      id: randomId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'pending',
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      reason: params.reason ?? null,
      failure_reason: null,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    emit('refund.created', refund);
    later(options.refundDelayMs ?? 100, () => {
      refund.status = 'succeeded';
      emit('refund.updated', refund);
    });
    return refund;
  };

  /** A SetupIntent: a card saved for later off-session charges without a payment (DEP-49). */
  const createSetupIntent = (params: Json): Json => {
    const setupId = randomId('seti');
    const setup: Json = {
      id: setupId,
      object: 'setup_intent',
      client_secret: `${setupId}_secret_${randomBytes(12).toString('base64url')}`,
      status: 'requires_payment_method',
      usage: String(params.usage ?? 'off_session'),
      payment_method: null,
      payment_method_types: ['card'],
      last_setup_error: null,
      metadata: (params.metadata as Json | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    setupIntents.set(setupId, setup);
    return setup;
  };

  /** The card entered for a SetupIntent: saved, or refused as the test card says (its 3-D Secure comes with a charge). */
  const setUpCard = (setup: Json, cardNumber: string) => {
    if (setup.status !== 'requires_payment_method') return;
    const number = shortcuts[cardNumber] ?? cardNumber.replace(/\s+/g, '');
    const card = stripeTestCards[number];
    const method = paymentMethodFor(cardNumber);
    if (card?.outcome === 'decline') {
      setup.last_setup_error = { type: 'card_error', code: 'card_declined', decline_code: card.declineCode ?? null, message: 'Your card was declined.' };
      emit('setup_intent.setup_failed', setup);
      return;
    }
    setup.payment_method = method.id;
    setup.status = 'succeeded';
    setup.last_setup_error = null;
    emit('setup_intent.succeeded', setup);
  };

  const list = (data: Json[], path: string) => ({ object: 'list', data, has_more: false, url: path });

  /** The API under /v1: answers [status, body]. */
  const api = async (method: string, path: string, params: Json): Promise<[number, Json]> => {
    const segments = path.split('/').filter(Boolean).slice(1);
    const [resource, id, action] = segments;
    if (resource === 'payment_intents') {
      if (method === 'POST' && !id) return [200, createIntent(params)];
      if (method === 'GET' && id === 'search') {
        const found = search(String(params.query ?? ''));
        return [
          200,
          { object: 'search_result', data: found.slice(0, Number(params.limit ?? 10)), has_more: false, next_page: null, url: '/v1/payment_intents/search' },
        ];
      }
      const intent = requireIntent(id ?? '');
      if (method === 'GET' && !action) return [200, intent];
      if (method === 'POST' && action === 'cancel') return [200, cancel(intent)];
      if (method === 'POST' && action === 'confirm') {
        if (typeof params.payment_method === 'string') intent.payment_method = paymentMethodFor(params.payment_method).id as string;
        confirm(intent, params.return_url as string | undefined);
        if (intent.last_payment_error) throw cardError(intent);
        return [200, intent];
      }
    }
    if (resource === 'setup_intents') {
      if (method === 'POST' && !id) return [200, createSetupIntent(params)];
      const setup = setupIntents.get(id ?? '');
      if (!setup) throw missing(id ?? '');
      if (method === 'GET' && !action) return [200, setup];
    }
    if (resource === 'payment_methods' && method === 'GET' && id) {
      const found = methods.get(id);
      if (!found) throw missing(id);
      return [200, found];
    }
    if (resource === 'refunds') {
      if (method === 'POST' && !id) return [200, createRefund(params)];
      if (method === 'GET' && !id)
        return [
          200,
          list(
            [...refunds.values()].filter((refund) => !params.payment_intent || refund.payment_intent === params.payment_intent),
            '/v1/refunds',
          ),
        ];
      if (method === 'GET' && id) {
        const found = refunds.get(id);
        if (!found) throw missing(id);
        return [200, found];
      }
    }
    throw new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `Unrecognized request URL (${method}: ${path})` });
  };

  const keyMatches = (header: string | undefined) => {
    const expected = Buffer.from(`Bearer ${options.secretKey}`);
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const html = (response: ServerResponse, body: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe simulator</title></head><body style="font-family:system-ui;max-width:28rem;margin:2rem auto">${body}</body></html>`,
    );
  };
  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(303, { location });
    response.end();
  };

  const payWithCard = async (intentId: string, cardNumber: string): Promise<string> => {
    const intent = requireIntent(intentId);
    intent.payment_method = paymentMethodFor(cardNumber).id as string;
    confirm(intent, (intent.return_url as string | undefined) ?? undefined);
    return intent.status === 'requires_action' ? `${url}/3ds/${intent.id}` : String(intent.return_url ?? `${url}/pay/done`);
  };

  const authenticate = async (intentId: string, approve: boolean) => {
    const intent = requireIntent(intentId);
    if (intent.status !== 'requires_action') throw invalid('This PaymentIntent does not wait for authentication');
    if (approve) succeed(intent);
    else decline(intent, 'payment_intent_authentication_failure', undefined, 'The provided PaymentMethod has failed authentication.');
  };

  /** The card entered for a PaymentIntent on the card page. */
  const payPage = async (response: ServerResponse, form: Json) => {
    const intent = intents.get(String(form.payment_intent ?? ''));
    if (!intent || intent.client_secret !== form.client_secret) return html(response, '<h1>Unknown payment</h1>');
    try {
      return redirect(response, await payWithCard(intent.id, String(form.card ?? '')));
    } catch (error) {
      return html(response, `<h1>${escapeHtml(error instanceof Error ? error.message : 'Refused')}</h1>`);
    }
  };

  /** The card page and the 3-D Secure page: what the player sees of Stripe. */
  const page = async (request: IncomingMessage, response: ServerResponse, location: URL) => {
    if (location.pathname === '/pay' && request.method === 'GET' && location.searchParams.has('setup_intent')) {
      const setup = setupIntents.get(location.searchParams.get('setup_intent') ?? '');
      if (!setup || setup.client_secret !== location.searchParams.get('setup_intent_client_secret')) return html(response, '<h1>Unknown card setup</h1>');
      setup.return_url = location.searchParams.get('return_url') ?? setup.return_url ?? null;
      return html(response, cardForm('Save a card', { setup_intent: String(setup.id), client_secret: String(setup.client_secret) }, 'Save'));
    }
    if (location.pathname === '/pay' && request.method === 'POST') {
      const text = await readBody(request);
      const form = parseForm(text);
      if (form.setup_intent !== undefined) {
        const setup = setupIntents.get(String(form.setup_intent));
        if (!setup || setup.client_secret !== form.client_secret) return html(response, '<h1>Unknown card setup</h1>');
        try {
          setUpCard(setup, String(form.card ?? ''));
        } catch (error) {
          return html(response, `<h1>${escapeHtml(error instanceof Error ? error.message : 'Refused')}</h1>`);
        }
        return redirect(response, String(setup.return_url ?? `${url}/pay/done`));
      }
      return payPage(response, form);
    }
    if (location.pathname === '/pay' && request.method === 'GET') {
      const intent = intents.get(location.searchParams.get('payment_intent') ?? '');
      if (!intent || intent.client_secret !== location.searchParams.get('payment_intent_client_secret')) return html(response, '<h1>Unknown payment</h1>');
      intent.return_url = location.searchParams.get('return_url') ?? intent.return_url ?? null;
      const amount = formatMinorMoney(intent.amount, intent.currency.toUpperCase(), 'en');
      return html(response, cardForm(`Pay ${amount}`, { payment_intent: intent.id, client_secret: intent.client_secret }, 'Pay'));
    }
    const challenge = /^\/3ds\/([\w-]+)$/.exec(location.pathname);
    if (challenge) {
      const intent = intents.get(challenge[1]!);
      if (!intent) return html(response, '<h1>Unknown payment</h1>');
      if (request.method === 'GET') {
        return html(
          response,
          `<h1>3-D Secure</h1><p>Authenticate ${escapeHtml(formatMinorMoney(intent.amount, intent.currency.toUpperCase(), 'en'))}?</p><form method="post"><button name="outcome" value="approve">Complete authentication</button> <button name="outcome" value="fail">Fail authentication</button></form>`,
        );
      }
      const form = parseForm(await readBody(request));
      if (intent.status === 'requires_action') await authenticate(intent.id, form.outcome === 'approve');
      return redirect(response, String(intent.return_url ?? `${url}/pay/done`));
    }
    return html(response, '<h1>Done</h1><p>You can close this page.</p>');
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const location = new URL(request.url ?? '/', 'http://simulator');
    if (!location.pathname.startsWith('/v1/')) return page(request, response, location);
    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req'), ...headers });
      response.end(JSON.stringify(body));
    };
    if (!keyMatches(request.headers.authorization)) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const text = request.method === 'GET' ? location.search.slice(1) : await readBody(request);
    const params = parseForm(text);
    const key = request.headers['idempotency-key'];
    const hash = createHash('sha256').update(`${request.method} ${location.pathname} ${text}`).digest('hex');
    if (typeof key === 'string' && request.method === 'POST') {
      const seen = idempotency.get(key);
      if (seen) {
        if (seen.hash !== hash)
          return send(400, {
            error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with.` },
          });
        response.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return response.end(seen.body);
      }
    }
    let status: number;
    let body: Json;
    try {
      [status, body] = await api(request.method ?? 'GET', location.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    const serialised = JSON.stringify(body);
    // Stripe keeps a key's answer (also an error from a card) for 24 hours; 5xx and 409 are not kept.
    if (typeof key === 'string' && request.method === 'POST' && status < 500) idempotency.set(key, { hash, status, body: serialised });
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
    response.end(serialised);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: error instanceof Error ? error.message : 'simulator failure' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const simulator: StripeSimulator = {
    url,
    duplicates: false,
    events,
    deliveries,
    setWebhookUrl(target) {
      webhookUrl = target;
    },
    rotateSigningSecret(secret) {
      signingSecret = secret;
    },
    hold: () => webhooksOut.hold(),
    release: (order) => webhooksOut.release(order),
    idle: () => webhooksOut.idle(),
    payWithCard,
    authenticate,
    intent: (id) => intents.get(id),
    paymentIntents: () => [...intents.values()],
    refunds: () => [...refunds.values()],
    async close() {
      webhooksOut.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return simulator;
}
