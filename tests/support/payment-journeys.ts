import { eq } from 'drizzle-orm';
import { player } from '../../server/db/schema';
import { card, cashierPlayer, formAction, openPage, pageResult, submitForm, type PageVisit } from './cashier';
import type { TestServer } from './test-server';

/**
 * The player's part of a payment, the way the provider the method is routed to asks for it
 * (issue 31). On the sandbox (the default) the test drives the sandbox PSP's own pages and test
 * values; with `TEST_PAYMENT_PROVIDERS=stripe-adyen` cards are paid with Stripe's test cards on
 * the Stripe simulator's card and 3-D Secure pages, and e-wallets are approved or declined on the
 * Adyen simulator's wallet page. The same test then passes in both modes.
 */

/** Whether cards and e-wallets go to the provider simulators rather than the sandbox PSP. */
export const onProviders = (server: TestServer) => server.paymentProviders !== null;

export type CardJourney = 'pay' | 'decline' | 'insufficient' | 'authenticate' | 'fail-authentication';

/** Each journey's test card: the sandbox's (server/sandbox/payments/test-inputs.ts) and Stripe's own. */
const sandboxCards: Record<CardJourney, string> = {
  pay: '4242424242424242',
  decline: '4000000000000002',
  insufficient: '4000000000009995',
  authenticate: '4000000000003220',
  'fail-authentication': '4000000000003220',
};
const stripeCards: Record<CardJourney, string> = {
  pay: '4242424242424242',
  decline: '4000000000000002',
  insufficient: '4000000000009995',
  authenticate: '4000002760003184',
  'fail-authentication': '4000002760003184',
};

/** The card number a journey uses in this server's mode (for a browser test typing it). */
export const testCard = (server: TestServer, journey: CardJourney) => (onProviders(server) ? stripeCards : sandboxCards)[journey];

export interface JourneyEnd {
  /** The last page the player saw. */
  page: PageVisit;
  /**
   * What the sandbox's result page tells the portal's frame; null on the providers, whose pages
   * send the player back to the portal instead (the cashier follows the payment by its status).
   */
  result: { paymentId: string; outcome: string; kind: string } | null;
}

/** Plain GET or form POST on a provider simulator's page (absolute URLs), without following redirects. */
async function providerRequest(url: string, fields?: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(url, {
    redirect: 'manual',
    ...(fields ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() } : {}),
  });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location, url).toString() : null, html: await response.text() };
}

const hiddenFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, match[2]!]));

/**
 * Pays the card page a deposit or a card check opened (continueUrl) with the journey's test card:
 * on the sandbox its card form (and its 3-D Secure code, 1234 passes), on Stripe the simulator's
 * card page (and its 3-D Secure page's Complete or Fail button). `extra` are sandbox form fields
 * (saveCard, nameOnCard); on Stripe's page only `card`, another of Stripe's test cards (5555…4444).
 */
export async function payByCard(server: TestServer, continueUrl: string, journey: CardJourney, extra: Record<string, string> = {}): Promise<JourneyEnd> {
  const failAuthentication = journey === 'fail-authentication';
  if (!onProviders(server)) {
    const form = await openPage(server, continueUrl);
    let page = await submitForm(server, formAction(form.html), card(testCard(server, journey), extra));
    if (journey === 'authenticate' || failAuthentication)
      page = await submitForm(server, formAction(page.html), { action: 'confirm', code: failAuthentication ? '9999' : '1234' });
    return { page, result: pageResult(page.html) };
  }
  const form = await providerRequest(continueUrl);
  const paid = await providerRequest(new URL('/pay', continueUrl).toString(), { ...hiddenFields(form.html), card: extra.card ?? testCard(server, journey) });
  let last = paid;
  if (paid.location && /\/3ds\/[\w-]+$/.test(paid.location)) last = await providerRequest(paid.location, { outcome: failAuthentication ? 'fail' : 'approve' });
  return { page: { status: last.status, url: last.location ?? continueUrl, html: last.html }, result: null };
}

/** Completes a 3-D Secure challenge a stored card's deposit answered with (continueUrl). */
export async function authenticateCard(server: TestServer, continueUrl: string, approve = true): Promise<void> {
  if (!onProviders(server)) {
    const challenge = await openPage(server, continueUrl);
    await submitForm(server, formAction(challenge.html), { action: 'confirm', code: approve ? '1234' : '9999' });
    return;
  }
  await providerRequest(continueUrl, { outcome: approve ? 'approve' : 'fail' });
}

export type WalletJourney = 'approve' | 'decline';

/**
 * An e-mail to pay from (payFromEmail) for a journey. The sandbox declines by the address; Adyen's
 * wallet page has its own Decline button (walletApproval), so its journeys take any address.
 */
export const walletEmail = (journey: WalletJourney | 'payout-fails') =>
  ({ approve: 'saoirse@example.test', decline: 'please.decline@example.test', 'payout-fails': 'payout.fail@example.test' })[journey];

/**
 * The e-wallet account a payout to fails: on the sandbox an address with "fail", on Adyen one with
 * "payout-decline" (the simulator's PAYOUT_DECLINE account; the sandbox would decline its deposits).
 */
export const failingPayoutEmail = (server: TestServer) => (onProviders(server) ? 'payout-decline@example.test' : walletEmail('payout-fails'));

/**
 * The player's answer on the e-wallet page a deposit opened: on the sandbox its sign-in form
 * (approve with a password; the address decides a decline), on Adyen the wallet page's Approve or
 * Decline, after which the player passes the cashier's return route back to the portal.
 */
export async function walletApproval(server: TestServer, continueUrl: string, journey: WalletJourney): Promise<JourneyEnd> {
  if (!onProviders(server)) {
    const form = await openPage(server, continueUrl);
    const page = await submitForm(server, formAction(form.html), { action: 'approve', password: 'anything' });
    return { page, result: pageResult(page.html) };
  }
  const answered = await providerRequest(continueUrl, { outcome: journey });
  // The return route sends the details to Adyen (/payments/details), as the player's browser would reach it.
  // The test server listens on a port picked at start (PORT=0), so the return URL the adapter gave
  // Adyen names no port: the same route is reached on the server's own address.
  const back = answered.location ? new URL(answered.location) : null;
  const page = back ? await openPage(server, `${back.pathname}${back.search}`) : { status: answered.status, url: continueUrl, html: answered.html };
  return { page, result: null };
}

/**
 * A cashier player with what an e-wallet payout names of its payee: Adyen's payout sends the
 * player's name, date of birth and country (a player who completed registration has them; the
 * test server's quick players do not). Malta: no credit-funding rule there, so Stripe's credit
 * test card pays as on the sandbox.
 */
export async function cashierPayee(server: TestServer, options: Parameters<typeof cashierPlayer>[1] = {}) {
  const signedIn = await cashierPlayer(server, options);
  await server.db
    .update(player)
    .set({ firstName: 'Saoirse', lastName: 'Walsh', birthDate: '1990-04-12', country: 'MT' })
    .where(eq(player.id, signedIn.partyId));
  return signedIn;
}
