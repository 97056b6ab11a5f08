import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import type { AdyenSimulator } from '../../server/sandbox/adyen';
import type { StripeSimulator } from '../../server/sandbox/stripe';
import { player, playerCurrencyAccount, sandboxPspCard, storedCard } from '../../server/db/schema';
import { createSession, SESSION_COOKIE, type SessionPolicy } from '../../server/platform/session';
import { getPlayerBalance } from '../../server/platform/wallet';

/**
 * The cashier's part of the crash test (issue 11, defect 1): players deposit (card from a stored
 * card, bank transfer OMEGA_BANK, e-wallet NETELLER through the provider's sign-in page, crypto
 * through quote, address and the blockchain simulator) and withdraw (card, bank, e-wallet) while
 * the server is killed; a request whose answer was lost is sent again with the same requestId
 * and body, a page post again as a browser would. Afterwards every payment the provider took
 * must be credited or paid exactly once, none twice, none left open past the reconcile interval.
 *
 * With `providers` (issue 31, `--providers stripe,adyen`), cards go to the Stripe adapter and
 * e-wallets to the Adyen adapter, each against its simulator running in the harness process (so
 * the provider's books and its webhook retries outlive the server's kills): a card deposit is
 * entered on Stripe's card page (some declined, some through 3-D Secure), a card withdrawal is a
 * refund, an e-wallet deposit is approved (or declined) on Adyen's wallet page and the player
 * comes back through the cashier's return route, an e-wallet withdrawal is an Adyen payout (some
 * declined by the wallet). What "the provider took it" means is then read from the simulators.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomInt = (below: number) => Math.floor(Math.random() * below);

/** The provider simulators the cashier's cards and e-wallets are routed to (issue 31). */
export interface CashierProviders {
  stripe: StripeSimulator;
  adyen: AdyenSimulator;
}

export interface CashierPlayer {
  id: string;
  cookie: string;
  /** The stored card withdrawals go back to (with providers: the card of the player's first Stripe deposit, known after it). */
  cardId: string;
  bankAccount: string;
  email: string;
}

export type CashierOperationKind =
  | 'deposit-card'
  | 'deposit-bank'
  | 'deposit-ewallet'
  | 'deposit-crypto'
  | 'withdraw-card'
  | 'withdraw-bank'
  | 'withdraw-ewallet';

export interface CashierOperation {
  kind: CashierOperationKind;
  playerId: string;
  requestId: string;
  amount: number;
  paymentId: string | null;
  /** ok: the operation's answer came (and its page step was done); refused: a 4xx answer. */
  outcome: 'pending' | 'ok' | 'refused';
  refusal?: string;
  retries: number;
}

/**
 * Players with a live session, a stored card the sandbox PSP knows, a bank account and an e-wallet,
 * and the name, date of birth and country an Adyen payout needs. With providers every fourth
 * player's e-wallet declines payouts (the Adyen simulator's `payout-decline` account), so failed
 * payouts are in the mix as the sandbox bank's are.
 */
export async function createCashierPlayers(database: Database, count: number, providers = false): Promise<CashierPlayer[]> {
  const { db } = database;
  const policy = { absoluteTimeoutMs: 86_400_000 } as SessionPolicy;
  const players: CashierPlayer[] = [];
  for (let index = 0; index < count; index += 1) {
    const [row] = await db
      .insert(player)
      .values({
        username: `cashier${index}`,
        email: `cashier${index}@example.test`,
        registrationStatus: 'PLAYER',
        kycStatus: 'PASS',
        firstName: 'Crash',
        lastName: `Tester${index}`,
        birthDate: '1985-06-15',
        country: 'IE',
      })
      .returning({ id: player.id });
    const id = row!.id;
    await db.insert(playerCurrencyAccount).values({ playerId: id, currency: 'EUR', isPrimary: true });
    const token = `tok_${randomBytes(18).toString('base64url')}`;
    await db.insert(sandboxPspCard).values({
      token,
      customerReference: id,
      brand: 'Visa',
      lastFour: '4242',
      nameOnCard: 'CRASH TEST',
      expiryMonth: 12,
      expiryYear: 2040,
      scenario: 'success',
    });
    const [card] = await db
      .insert(storedCard)
      .values({
        playerId: id,
        methodCode: 'WPCGHOSTED_CARD',
        provider: 'sandbox',
        providerToken: token,
        brand: 'Visa',
        lastFour: '4242',
        nameOnCard: 'CRASH TEST',
        expiryMonth: 12,
        expiryYear: 2040,
      })
      .returning({ id: storedCard.id });
    const session = await createSession(db, id, policy);
    // Player 2's account ends 0002: the sandbox bank returns payouts to it, so failed payouts are in the mix.
    players.push({
      id,
      cookie: `${SESSION_COOKIE}=${session}`,
      cardId: card!.id,
      bankAccount: `IE29AIBK931152${String(10_000_000 + index)}`,
      email: providers && index % 4 === 3 ? `payout-decline${index}@example.test` : `wallet${index}@example.test`,
    });
  }
  return players;
}

type Answer = { status: number; body: Record<string, unknown>; location: string | null } | 'lost';

function call(port: number, method: 'GET' | 'POST', path: string, cookie: string, body?: string, type = 'application/json'): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        timeout: 15_000,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const location = typeof response.headers.location === 'string' ? response.headers.location : null;
          let parsed: Record<string, unknown> = {};
          try {
            parsed =
              type === 'application/json' && text && response.headers['content-type']?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            resolve('lost');
            return;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed, location });
        });
        response.on('error', () => resolve('lost'));
      },
    );
    request.on('error', () => resolve('lost'));
    request.on('timeout', () => request.destroy());
    request.end(body);
  });
}

/** Sends until a definitive answer: a dropped connection or a 5xx means "in doubt: send the same again". */
async function definitive(port: () => number, operation: CashierOperation, method: 'GET' | 'POST', path: string, cookie: string, body?: string, type?: string) {
  for (;;) {
    const answer = await call(port(), method, path, cookie, body, type);
    if (answer === 'lost' || answer.status >= 500) {
      operation.retries += 1;
      await sleep(50 + randomInt(200));
      continue;
    }
    return answer;
  }
}

const euros = (minimum: number) => minimum + randomInt(20);

/** Runs one cashier operation to its end (including the provider page step a player would take). */
export async function runCashierOperation(
  port: () => number,
  who: CashierPlayer,
  kind: CashierOperationKind,
  operations: CashierOperation[],
  { amount, providers, succeed = false }: { amount?: number; providers?: CashierProviders | undefined; succeed?: boolean } = {},
): Promise<CashierOperation> {
  const operation: CashierOperation = {
    kind,
    playerId: who.id,
    requestId: randomUUID(),
    amount: amount ?? euros(kind === 'withdraw-bank' ? 50 : 20),
    paymentId: null,
    outcome: 'pending',
    retries: 0,
  };
  operations.push(operation);
  const post = (path: string, body: Record<string, unknown>) => definitive(port, operation, 'POST', path, who.cookie, JSON.stringify(body));
  const page = (path: string, form: Record<string, string>) =>
    definitive(port, operation, 'POST', path, who.cookie, new URLSearchParams(form).toString(), 'application/x-www-form-urlencoded');
  const finish = (answer: Exclude<Answer, 'lost'>) => {
    if (answer.status === 200) {
      operation.outcome = 'ok';
      operation.paymentId = String(answer.body.paymentId);
    } else {
      operation.outcome = 'refused';
      operation.refusal = String(answer.body.status);
    }
    return answer;
  };
  const base = { requestId: operation.requestId, amount: operation.amount };
  // Where the cashier sends the player next, if it does (also on a replay of a lost answer).
  const continueUrlOf = (answer: Exclude<Answer, 'lost'>) =>
    answer.status === 200 && typeof answer.body.continueUrl === 'string' ? answer.body.continueUrl : null;
  if (providers && kind === 'deposit-card') {
    const continueUrl = continueUrlOf(finish(await post('/ps/processDeposit', { ...base, paymentMethod: 'WPCGHOSTED_CARD' })));
    if (continueUrl) await payOnStripe(providers.stripe, continueUrl, succeed ? 'succeed' : randomCardOutcome());
    return operation;
  }
  if (providers && kind === 'deposit-ewallet') {
    const continueUrl = continueUrlOf(finish(await post('/ps/processDeposit', { ...base, paymentMethod: 'NETELLER', payFromEmail: who.email })));
    const pspReference = continueUrl ? /\/hpp\/([A-Z0-9]+)$/.exec(new URL(continueUrl).pathname)?.[1] : undefined;
    if (pspReference) {
      // The player approves (one in eight declines) on the wallet's page and is sent back through the cashier's return route.
      const back = new URL(await providers.adyen.choose(pspReference, succeed || Math.random() >= 0.125));
      await definitive(port, operation, 'GET', `${back.pathname}${back.search}`, who.cookie);
    }
    return operation;
  }
  switch (kind) {
    case 'deposit-card':
      finish(await post('/ps/processDeposit', { ...base, paymentMethod: 'WPCGHOSTED_CARD', storedCardId: who.cardId }));
      break;
    case 'deposit-bank':
      finish(await post('/ps/processDeposit', { ...base, paymentMethod: 'OMEGA_BANK', accountId: who.bankAccount, secureId: '123456' }));
      break;
    case 'deposit-ewallet': {
      const answer = finish(await post('/ps/processDeposit', { ...base, paymentMethod: 'NETELLER', payFromEmail: who.email }));
      const continueUrl = answer.status === 200 ? answer.body.continueUrl : null;
      // The player signs in at the e-wallet and approves; a page whose payment moved on redirects.
      if (typeof continueUrl === 'string') await page(continueUrl, { password: 'secret' });
      break;
    }
    case 'deposit-crypto': {
      const quoted = await post('/ps/prepareDeposit', { paymentMethod: 'NB_NEKBIT', action: 'GET_QUOTE', amount: operation.amount });
      const quotes = quoted.status === 200 ? (quoted.body.quotes as { id: string }[]) : [];
      if (!quotes[0]) {
        finish(quoted);
        break;
      }
      const answer = finish(await post('/ps/processDeposit', { ...base, paymentMethod: 'NB_NEKBIT', quoteId: quotes[0].id, paymentId: quoted.body.paymentId }));
      // The blockchain simulator: the exact amount arrives at the address.
      if (answer.status === 200) await page(`/sandbox/payments/crypto/${String(quoted.body.paymentId)}`, { action: 'exact' });
      break;
    }
    case 'withdraw-card':
      finish(await post('/ps/processWithdrawal', { ...base, paymentMethod: 'WPCGHOSTED_CARD', storedCardId: who.cardId }));
      break;
    case 'withdraw-bank':
      finish(await post('/ps/processWithdrawal', { ...base, paymentMethod: 'OMEGA_BANK' }));
      break;
    case 'withdraw-ewallet':
      finish(await post('/ps/processWithdrawal', { ...base, paymentMethod: 'NETELLER', payFromEmail: who.email }));
      break;
  }
  return operation;
}

type CardOutcome = 'succeed' | 'decline' | 'authenticate' | 'fail-authentication';

/** Mostly paid; some declined, some through 3-D Secure (passed or failed). */
function randomCardOutcome(): CardOutcome {
  const roll = Math.random();
  return roll < 0.7 ? 'succeed' : roll < 0.8 ? 'decline' : roll < 0.93 ? 'authenticate' : 'fail-authentication';
}

/** Stripe's test cards for each outcome (debit cards: credit funding would be refused and refunded for IE players). */
const stripeCards: Record<CardOutcome, string> = {
  succeed: '4000056655665556',
  decline: '4000000000000002',
  authenticate: '4000002760003184',
  'fail-authentication': '4000002760003184',
};

/**
 * The player on Stripe's card page (and its 3-D Secure page): enters the card for the PaymentIntent
 * the cashier sent them to. A PaymentIntent already paid or ended (the player's second visit after
 * a lost answer) is left as it is, as Stripe's page would refuse it.
 */
async function payOnStripe(stripe: StripeSimulator, continueUrl: string, outcome: CardOutcome): Promise<void> {
  const intentId = new URL(continueUrl).searchParams.get('payment_intent');
  const intent = intentId ? stripe.intent(intentId) : undefined;
  if (!intent || intent.status !== 'requires_payment_method') return;
  try {
    const next = await stripe.payWithCard(intent.id, stripeCards[outcome]);
    if (next.includes('/3ds/')) await stripe.authenticate(intent.id, outcome === 'authenticate');
  } catch {
    // A declined card: the page shows the decline; the webhook tells the cashier.
  }
}

const kinds: CashierOperationKind[] = [
  'deposit-card',
  'deposit-bank',
  'deposit-ewallet',
  'deposit-crypto',
  'withdraw-card',
  'withdraw-bank',
  'withdraw-ewallet',
];
const providerKinds: CashierOperationKind[] = ['deposit-card', 'deposit-ewallet', 'withdraw-card', 'withdraw-ewallet'];
/** Any kind; with providers two in three are the kinds routed to them (cards and e-wallets), so the providers see most of the load. */
export const randomCashierKind = (providers = false) =>
  providers && Math.random() < 2 / 3 ? providerKinds[randomInt(providerKinds.length)]! : kinds[randomInt(kinds.length)]!;

/** Refusals a withdrawal may meet under load that leave nothing behind. */
const harmlessRefusals = ['INSUFFICIENT_FUNDS', 'LOW_LIMIT'];

type PaymentRow = {
  id: string;
  player_id: string;
  provider: string;
  request_id: string;
  type: string;
  method_code: string;
  status: string;
  amount: string;
  updated_at: Date;
};
type PspRow = { merchant_reference: string; direction: string; status: string; n: string };
type LedgerRow = { reference: string; kind: string; n: string };

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Open cashier payments (deposits PENDING / AWAITING_PAYMENT, withdrawals PENDING). */
export async function openPayments(database: Database): Promise<number> {
  const [row] = await rows<{ n: string }>(database, sql`SELECT count(*)::text AS n FROM payment WHERE status IN ('PENDING', 'AWAITING_PAYMENT')`);
  return Number(row?.n ?? 0);
}

/**
 * The cashier's check: every payment the provider took is credited (deposits) or paid out
 * (withdrawals) exactly once in the ledger, nothing the provider did not take moved money,
 * nothing was paid out twice, nothing is left open, every answered request has its payment,
 * refused requests left nothing, and each player's cash equals their settled payments.
 */
export async function verifyCashier(
  database: Database,
  players: CashierPlayer[],
  operations: CashierOperation[],
  providers?: CashierProviders,
): Promise<string[]> {
  const problems: string[] = [];
  const payments = await rows<PaymentRow>(
    database,
    sql`SELECT id::text, player_id::text, provider, request_id, type, method_code, status, amount::text, updated_at FROM payment WHERE status <> 'CREATED'`,
  );
  const psp = await rows<PspRow>(
    database,
    sql`SELECT merchant_reference, direction, min(status) AS status, count(*)::text AS n FROM sandbox_psp_payment WHERE direction <> 'CARD_SETUP' GROUP BY merchant_reference, direction`,
  );
  const ledger = await rows<LedgerRow>(
    database,
    sql`SELECT reference, kind, count(*)::text AS n FROM wallet_transaction WHERE kind IN ('DEPOSIT', 'WITHDRAWAL_RESERVE', 'WITHDRAWAL_PAYOUT', 'WITHDRAWAL_RETURN') AND reference IS NOT NULL GROUP BY reference, kind`,
  );
  // What each provider holds for a payment: `${DEPOSIT|PAYOUT}:${payment id}` → its record(s); took: it holds the money taken or paid.
  const books = new Map<string, { status: string; n: number; took: boolean }>();
  for (const row of psp)
    books.set(`${row.direction}:${row.merchant_reference}`, {
      status: row.status,
      n: Number(row.n),
      took: row.direction === 'PAYOUT' ? row.status === 'PAID_OUT' : ['AUTHORISED', 'PAID'].includes(row.status),
    });
  const providerBooks = new Map<string, Map<string, { status: string; n: number; took: boolean }>>();
  if (providers) {
    const book = (entries: [string, string, boolean][]) => {
      const kept = new Map<string, { status: string; n: number; took: boolean }>();
      for (const [key, status, took] of entries) {
        const seen = kept.get(key);
        kept.set(key, { status: seen ? `${seen.status},${status}` : status, n: (seen?.n ?? 0) + 1, took: (seen?.took ?? false) || took });
      }
      return kept;
    };
    providerBooks.set(
      'stripe',
      book([
        ...providers.stripe
          .paymentIntents()
          .map((intent): [string, string, boolean] => [`DEPOSIT:${intent.metadata.payment_id ?? ''}`, intent.status, intent.status === 'succeeded']),
        ...providers.stripe
          .refunds()
          .map((refund): [string, string, boolean] => [`PAYOUT:${refund.metadata.payment_id ?? ''}`, refund.status, refund.status === 'succeeded']),
      ]),
    );
    providerBooks.set(
      'adyen',
      book([
        // A refunded payment is one the cashier refused after it was authorised: the money went back.
        ...providers.adyen
          .payments()
          .map((record): [string, string, boolean] => [`DEPOSIT:${record.merchantReference}`, record.status, record.status === 'Authorised']),
        ...providers.adyen.payouts.map((record): [string, string, boolean] => [`PAYOUT:${record.merchantReference}`, record.status, record.status === 'Paid']),
      ]),
    );
  }
  const bookOf = (row: PaymentRow, direction: 'DEPOSIT' | 'PAYOUT') => (providerBooks.get(row.provider) ?? books).get(`${direction}:${row.id}`);
  const ledgerOf = new Map(ledger.map((row) => [`${row.kind}:${row.reference}`, Number(row.n)]));
  const count = (kind: string, paymentId: string) => ledgerOf.get(`${kind}:${paymentId}`) ?? 0;
  const ours = new Set(players.map((who) => who.id));
  const expected = new Map(players.map((who) => [who.id, 0n]));

  for (const row of payments) {
    if (!ours.has(row.player_id)) continue;
    const amount = BigInt(row.amount);
    if (row.status === 'PENDING' || row.status === 'AWAITING_PAYMENT')
      problems.push(`${row.type} ${row.id} (${row.method_code}) is still ${row.status} past the reconcile interval`);
    if (row.type === 'DEPOSIT') {
      const taken = bookOf(row, 'DEPOSIT');
      const tookIt = taken?.took === true;
      if (taken && taken.n > 1) problems.push(`deposit ${row.id}: the provider holds ${taken.n} payments for it`);
      const credits = count('DEPOSIT', row.id);
      if (tookIt && (row.status !== 'SUCCESS' || credits !== 1))
        problems.push(`deposit ${row.id} (${row.method_code}): the provider took it (${taken.status}) but it is ${row.status} with ${credits} credits`);
      if (!tookIt && (row.status === 'SUCCESS' || credits !== 0))
        problems.push(
          `deposit ${row.id} (${row.method_code}): credited ${credits} times though the provider did not take it (${taken?.status ?? 'no record'})`,
        );
      if (row.status === 'SUCCESS') expected.set(row.player_id, expected.get(row.player_id)! + amount);
    } else {
      const payout = bookOf(row, 'PAYOUT');
      if (payout && payout.n > 1) problems.push(`withdrawal ${row.id}: paid out ${payout.n} times by the provider`);
      const paid = payout?.took === true;
      if (count('WITHDRAWAL_RESERVE', row.id) !== 1) problems.push(`withdrawal ${row.id}: reserved ${count('WITHDRAWAL_RESERVE', row.id)} times`);
      if (paid && (row.status !== 'SUCCESS' || count('WITHDRAWAL_PAYOUT', row.id) !== 1 || count('WITHDRAWAL_RETURN', row.id) !== 0)) {
        problems.push(
          `withdrawal ${row.id} (${row.method_code}): paid out by the provider but ${row.status} with ${count('WITHDRAWAL_PAYOUT', row.id)} payouts and ${count('WITHDRAWAL_RETURN', row.id)} returns`,
        );
      }
      if (!paid && (row.status === 'SUCCESS' || count('WITHDRAWAL_PAYOUT', row.id) !== 0))
        problems.push(`withdrawal ${row.id} (${row.method_code}): settled as paid though the provider did not pay it (${payout?.status ?? 'no record'})`);
      if (row.status === 'FAILED' && count('WITHDRAWAL_RETURN', row.id) !== 1)
        problems.push(`withdrawal ${row.id}: failed but returned ${count('WITHDRAWAL_RETURN', row.id)} times`);
      if (row.status !== 'FAILED') expected.set(row.player_id, expected.get(row.player_id)! - amount);
    }
  }

  const byRequest = new Map(payments.map((row) => [`${row.player_id}:${row.request_id}`, row]));
  for (const operation of operations) {
    const stored = byRequest.get(`${operation.playerId}:${operation.requestId}`);
    if (operation.outcome === 'pending') problems.push(`${operation.kind} ${operation.requestId} never got an answer`);
    if (operation.outcome === 'ok' && stored?.id !== operation.paymentId)
      problems.push(`${operation.kind} ${operation.requestId} answered payment ${operation.paymentId} but stored ${stored?.id ?? 'nothing'}`);
    if (operation.outcome === 'refused') {
      // A payment that failed while its answer was lost — a deposit killed before it reached the
      // provider, a payout to an account ending 0002 (which the bank returns) settled by the
      // reconciler — is heard by the player's retry as declined, or (never reached the provider) as
      // not completed with nothing taken; its money is checked above.
      if ((operation.refusal === 'PAYMENT_DECLINED' || operation.refusal === 'PAYMENT_NOT_COMPLETED') && stored?.status === 'FAILED') continue;
      if (!harmlessRefusals.includes(operation.refusal ?? '') && operation.refusal !== 'WITHDRAWAL_DESTINATION_NOT_ALLOWED') {
        problems.push(`${operation.kind} ${operation.requestId} refused with ${operation.refusal}`);
      }
      if (stored) problems.push(`${operation.kind} ${operation.requestId} was refused (${operation.refusal}) but left payment ${stored.id}`);
    }
  }

  for (const who of players) {
    const balance = await getPlayerBalance(database.db, who.id, 'EUR');
    if (balance.cash !== expected.get(who.id))
      problems.push(`cashier player ${who.id}: cash ${balance.cash}, expected ${expected.get(who.id)} from the settled payments`);
  }
  return problems;
}
