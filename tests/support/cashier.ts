import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { ApiClient } from './api-client';
import type { TestServer } from './test-server';

/** Helpers for the cashier's API tests: a signed-in client, the sandbox pages as a browser posts them, polling. */
export const requestId = () => randomUUID();

export async function cashierPlayer(server: TestServer, options: Parameters<TestServer['createSignedInPlayer']>[0] = {}) {
  const signedIn = await server.createSignedInPlayer({ currencies: ['EUR'], ...options });
  const client = new ApiClient(server.url);
  client.cookies.set('SESSION_KEY', signedIn.token);
  return { ...signedIn, client };
}

export async function cashBalance(server: TestServer, partyId: string, currency = 'EUR'): Promise<bigint> {
  return (await getPlayerBalance(server.db, partyId, currency)).cash;
}

export interface PageVisit {
  status: number;
  url: string;
  html: string;
}

/** GET a page, following redirects. */
export async function openPage(server: TestServer, url: string): Promise<PageVisit> {
  let current = url;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await fetch(new URL(current, server.url), { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      current = location;
      continue;
    }
    return { status: response.status, url: current, html: await response.text() };
  }
  throw new Error(`too many redirects from ${url}`);
}

/** POSTs an HTML form of a sandbox page as a browser would, then follows the redirect. */
export async function submitForm(server: TestServer, url: string, fields: Record<string, string>): Promise<PageVisit> {
  const response = await fetch(new URL(url, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status === 303 && location) return openPage(server, location);
  return { status: response.status, url, html: await response.text() };
}

/** The action of the first form on a page. */
export function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no form on the page');
  return match[1];
}

/** What a result page tells the portal's frame (the data attributes sandbox-pay.js posts). */
export function pageResult(html: string): { paymentId: string; outcome: string; kind: string } | null {
  const match = /data-payment-result data-payment-id="([^"]*)" data-outcome="([^"]*)" data-kind="([^"]*)"/.exec(html);
  return match ? { paymentId: match[1] ?? '', outcome: match[2] ?? '', kind: match[3] ?? '' } : null;
}

export const card = (cardNumber: string, extra: Record<string, string> = {}) => ({
  action: 'pay',
  cardNumber,
  nameOnCard: 'Saoirse Walsh',
  expiry: `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`,
  cvc: '123',
  ...extra,
});

interface PaymentStatusBody {
  status: string;
  paymentStatus: string;
  message: string | null;
}

/** Polls getPaymentStatus until the payment reaches `wanted` (or fails the test after `timeoutMs`). */
export async function waitForPaymentStatus(client: ApiClient, paymentId: string, wanted: string, timeoutMs = 8_000): Promise<PaymentStatusBody> {
  const deadline = Date.now() + timeoutMs;
  let last: PaymentStatusBody | undefined;
  while (Date.now() < deadline) {
    const response = await client.get<PaymentStatusBody>(`/ps/getPaymentStatus?paymentId=${paymentId}`);
    expect(response.status).toBe(200);
    last = response.body;
    if (last.paymentStatus === wanted) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`payment ${paymentId} stayed ${last?.paymentStatus} (wanted ${wanted})`);
}
