import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config/env';
import { bonusPlan, payment, playerBonus, playerMessage, staffAudit, staffLedgerAdjustment, walletTransaction } from '../../server/db/schema';
import { createPaymentMethodRegistry, reconcilePayments, type PaymentProvider } from '../../server/platform/cashier';
import { paymentProviders } from '../../server/providers';
import { getPlayerBalance } from '../../server/platform/wallet';
import type { ServiceContext } from '../../server/service-context';
import { DEMO_CONTRIBUTIONS } from '../../server/seed/demo/bonuses';
import { cashierPlayer, requestId, waitForPaymentStatus } from '../support/cashier';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The back office's money actions (issue 15; OPS-14, NS-28): withdrawals above the review
 * threshold held for approval, manual ledger adjustments with a second staff member's approval,
 * and goodwill bonuses — each behind the one access check and audited in its own transaction.
 */
let server: TestServer;
// €500.00: the test withdrawals of €600 are held, those of €40 are not.
const THRESHOLD = '50000';

beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_REVIEW_THRESHOLD: THRESHOLD, SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' });
});
afterAll(() => server.close());

const { call, passwordOnly, signIn } = staffApi(() => server);

const cash = async (partyId: string) => (await getPlayerBalance(server.db, partyId, 'EUR')).cash;
const auditOf = (action: string) => server.db.select().from(staffAudit).where(eq(staffAudit.action, action));

/** A player with cash from an e-wallet deposit, who may withdraw back to that account. */
async function playerWithCash(amount: bigint) {
  const created = await cashierPlayer(server);
  const paymentId = await server.fundPlayer(created.partyId, amount, 'EUR', { methodCode: 'NETELLER' });
  await server.db.update(payment).set({ payFromEmail: 'held@example.test' }).where(eq(payment.id, paymentId));
  return created;
}

type Player = Awaited<ReturnType<typeof playerWithCash>>;
const withdraw = (subject: Player, amount: number) =>
  subject.client.post<{ paymentId: string; paymentStatus: string; underReview: boolean }>('/ps/processWithdrawal', {
    requestId: requestId(),
    paymentMethod: 'NETELLER',
    amount,
    payFromEmail: 'held@example.test',
  });

let payments: string;
let operator: string;
let support: string;
let content: string;
let halfway: string;

beforeAll(async () => {
  [payments, operator, support, content] = [await signIn('bo.payments'), await signIn('bo.operator'), await signIn('bo.support'), await signIn('bo.content')];
  halfway = await passwordOnly('bo.auditor');
});

describe('the access check on every money action (OPS-14)', () => {
  let subject: Player;
  let playerCookie: string;
  beforeAll(async () => {
    subject = await playerWithCash(10_000n);
    playerCookie = subject.cookie;
  });

  const operations = () =>
    [
      ['GET', '/bo/reviews/withdrawals', undefined],
      ['POST', `/bo/reviews/withdrawals/${randomUUID()}/approve`, undefined],
      ['POST', `/bo/reviews/withdrawals/${randomUUID()}/reject`, { reason: 'no' }],
      ['POST', `/bo/players/${subject.partyId}/adjustments`, { direction: 'CREDIT', amount: 5, currency: 'EUR', reason: 'goodwill' }],
      ['GET', '/bo/reviews/adjustments', undefined],
      ['POST', `/bo/reviews/adjustments/${randomUUID()}/approve`, undefined],
      ['POST', `/bo/reviews/adjustments/${randomUUID()}/reject`, { reason: 'no' }],
      ['POST', `/bo/players/${subject.partyId}/bonuses`, { planId: 1, amount: 5, reason: 'sorry' }],
    ] as const;

  it('no staff session or a player session → 401; a forged cookie → 401; before two-factor or without the permission → 403; nothing audited or moved', async () => {
    const before = (await server.db.select().from(staffAudit)).length;
    for (const cookie of [null, playerCookie, `BO_SESSION=${randomUUID()}`]) {
      for (const [method, pathName, body] of operations()) {
        expect((await call(method, pathName, cookie, body)).status, `${method} ${pathName}`).toBe(401);
      }
    }
    for (const cookie of [halfway, content]) {
      for (const [method, pathName, body] of operations()) {
        const response = await call(method, pathName, cookie, body);
        expect(response.status, `${method} ${pathName}`).toBe(403);
        expect(await response.json()).toMatchObject({ status: 'FORBIDDEN' });
      }
    }
    // Support may grant a goodwill bonus but not touch payments.
    for (const [method, pathName, body] of operations().filter(([, pathName]) => !pathName.endsWith('/bonuses'))) {
      expect((await call(method, pathName, support, body)).status, `${method} ${pathName}`).toBe(403);
    }
    expect((await server.db.select().from(staffAudit)).length).toBe(before);
    expect(await cash(subject.partyId)).toBe(10_000n);
    expect(await server.db.select().from(staffLedgerAdjustment).where(eq(staffLedgerAdjustment.playerId, subject.partyId))).toEqual([]);
  });

  it('bad input is 400 naming the field and changes nothing; unknown ids are 404', async () => {
    const before = (await server.db.select().from(staffAudit)).length;
    const expectField = async (response: Response, field: string) => {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { field: string }[] };
      expect(body.errors.map((error) => error.field)).toContain(field);
    };
    await expectField(await call('POST', '/bo/reviews/withdrawals/not-an-id/approve', payments), 'paymentId');
    await expectField(await call('POST', `/bo/reviews/withdrawals/${randomUUID()}/reject`, payments, { reason: ' ' }), 'reason');
    await expectField(
      await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, { direction: 'SIDEWAYS', amount: 5, currency: 'EUR', reason: 'x' }),
      'direction',
    );
    await expectField(
      await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, { direction: 'CREDIT', amount: -5, currency: 'EUR', reason: 'x' }),
      'amount',
    );
    await expectField(
      await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, { direction: 'CREDIT', amount: 5.001, currency: 'EUR', reason: 'x' }),
      'amount',
    );
    await expectField(
      await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, { direction: 'CREDIT', amount: 5, currency: 'EUR', reason: '' }),
      'reason',
    );
    await expectField(
      await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, { direction: 'CREDIT', amount: 5, currency: 'XXX', reason: 'x' }),
      'currency',
    );
    await expectField(await call('POST', '/bo/reviews/adjustments/nope/approve', operator), 'adjustmentId');
    await expectField(await call('POST', `/bo/players/${subject.partyId}/bonuses`, support, { planId: 'one', amount: 5, reason: 'x' }), 'planId');
    // A debit larger than the player's cash is refused when it is asked for.
    await expectField(
      await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, { direction: 'DEBIT', amount: 100.01, currency: 'EUR', reason: 'x' }),
      'amount',
    );

    expect((await call('POST', `/bo/reviews/withdrawals/${randomUUID()}/approve`, payments)).status).toBe(404);
    expect((await call('POST', `/bo/reviews/withdrawals/${randomUUID()}/reject`, payments, { reason: 'no' })).status).toBe(404);
    expect(
      (await call('POST', `/bo/players/${randomUUID()}/adjustments`, payments, { direction: 'CREDIT', amount: 5, currency: 'EUR', reason: 'x' })).status,
    ).toBe(404);
    expect((await call('POST', `/bo/reviews/adjustments/${randomUUID()}/approve`, operator)).status).toBe(404);
    expect((await call('POST', `/bo/reviews/adjustments/${randomUUID()}/reject`, operator, { reason: 'no' })).status).toBe(404);
    expect((await call('POST', `/bo/players/${randomUUID()}/bonuses`, support, { planId: 1, amount: 5, reason: 'x' })).status).toBe(404);
    expect((await call('POST', `/bo/players/${subject.partyId}/bonuses`, support, { planId: 987_654, amount: 5, reason: 'x' })).status).toBe(404);

    expect((await server.db.select().from(staffAudit)).length).toBe(before);
    expect(await cash(subject.partyId)).toBe(10_000n);
  });
});

describe('withdrawals above the review threshold (issue 15)', () => {
  it('a withdrawal at or below the threshold goes to the provider at once; one above is held, reserved, and pending for the player', async () => {
    const subject = await playerWithCash(100_000n);
    const small = await withdraw(subject, 40);
    expect(small.status).toBe(200);
    expect(small.body.underReview).toBe(false);
    await waitForPaymentStatus(subject.client, small.body.paymentId, 'SUCCESS');

    const large = await withdraw(subject, 600);
    expect(large.status).toBe(200);
    expect(large.body.paymentStatus).toBe('PENDING');
    // Issue 26 (10): the player is told it waits for review, not that it was processed.
    expect(large.body.underReview).toBe(true);
    const [row] = await server.db.select().from(payment).where(eq(payment.id, large.body.paymentId));
    expect(row?.status).toBe('HELD');
    expect(await cash(subject.partyId)).toBe(100_000n - 4_000n - 60_000n);
    const status = await subject.client.get<{ paymentStatus: string }>(`/ps/getPaymentStatus?paymentId=${large.body.paymentId}`);
    expect(status.body.paymentStatus).toBe('PENDING');
    const month = new Date().toISOString().slice(0, 10);
    const history = await subject.client.get<{ histories: { id: string; status: string }[] }>(`/ps/getBankingHistory?startDate=${month}&endDate=${month}`);
    expect(history.body.histories.find((entry) => entry.id === large.body.paymentId)?.status).toBe('PENDING');

    const queue = await call('GET', '/bo/reviews/withdrawals', payments);
    expect(queue.status).toBe(200);
    const listed = ((await queue.json()) as { withdrawals: { paymentId: string; amount: number; currency: string; paymentMethod: string }[] }).withdrawals;
    expect(listed.find((entry) => entry.paymentId === large.body.paymentId)).toMatchObject({ amount: 600, currency: 'EUR', paymentMethod: 'NETELLER' });
  });

  it('the reconciler leaves a held withdrawal alone: the provider is neither asked about it nor sent its payout', async () => {
    const subject = await playerWithCash(100_000n);
    const held = await withdraw(subject, 650);
    const asked: string[] = [];
    const provider = {
      id: 'sandbox',
      paymentStatus: async (request: { paymentId: string }) => {
        asked.push(request.paymentId);
        return { state: 'OPEN', providerReference: 'unchanged' };
      },
      payout: async (request: { paymentId: string }) => {
        asked.push(request.paymentId);
        throw new Error('not expected');
      },
    } as unknown as PaymentProvider;
    const context = {
      // The server's own modules (its limits, inducements, wallet), with this test's provider and settings.
      ...server.context,
      config: { PAYMENT_RECONCILE_INTERVAL_MS: 60_000 } as Config,
      database: server.database,
      startedAt: new Date(),
      logger: pino({ level: 'silent' }),
      payments: paymentProviders(provider),
      paymentMethods: createPaymentMethodRegistry({ PAYMENT_METHODS: ['NETELLER'], PAYMENT_PROVIDER: 'sandbox' }),
    } as ServiceContext;
    await reconcilePayments(context, { olderThanMs: 0 });
    expect(asked).not.toContain(held.body.paymentId);
    const [row] = await server.db.select().from(payment).where(eq(payment.id, held.body.paymentId));
    expect(row?.status).toBe('HELD');
  });

  it('a held withdrawal approved by two staff members at once pays out once, audited once; the chain verifies', async () => {
    const subject = await playerWithCash(100_000n);
    const held = await withdraw(subject, 700);
    const paymentId = held.body.paymentId;
    const [first, second] = await Promise.all([
      call('POST', `/bo/reviews/withdrawals/${paymentId}/approve`, payments),
      call('POST', `/bo/reviews/withdrawals/${paymentId}/approve`, operator),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    await waitForPaymentStatus(subject.client, paymentId, 'SUCCESS');
    const payouts = await server.db
      .select()
      .from(walletTransaction)
      .where(and(eq(walletTransaction.reference, paymentId), eq(walletTransaction.kind, 'WITHDRAWAL_PAYOUT')));
    expect(payouts).toHaveLength(1);
    expect(await cash(subject.partyId)).toBe(30_000n);
    const approvals = (await auditOf('withdrawal.approve')).filter((row) => row.subjectId === paymentId);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      permission: 'payments.review',
      subjectType: 'payment',
      detail: { playerId: subject.partyId, amount: '70000', currency: 'EUR' },
    });
    // Issue 26 (10): the player is told when it is approved, once.
    const messages = await server.db.select().from(playerMessage).where(eq(playerMessage.playerId, subject.partyId));
    expect(messages.map((message) => message.subject)).toEqual(['Your withdrawal was approved']);
    expect(messages[0]!.body).toContain('€700.00');
    expect((await call('POST', `/bo/reviews/withdrawals/${paymentId}/reject`, payments, { reason: 'late' })).status).toBe(404);
    const verified = await call('GET', '/bo/audit/verify', operator);
    expect(await verified.json()).toMatchObject({ valid: true });
  });

  it('a rejected held withdrawal returns the money to the player and tells them why, audited', async () => {
    const subject = await playerWithCash(100_000n);
    const held = await withdraw(subject, 800);
    expect(await cash(subject.partyId)).toBe(20_000n);
    const rejected = await call('POST', `/bo/reviews/withdrawals/${held.body.paymentId}/reject`, payments, { reason: 'Source of funds <check> pending' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ paymentStatus: 'DECLINED', returned: 800, currency: 'EUR' });
    expect(await cash(subject.partyId)).toBe(100_000n);
    const [row] = await server.db.select().from(payment).where(eq(payment.id, held.body.paymentId));
    expect(row).toMatchObject({ status: 'DECLINED', failureReason: 'Source of funds <check> pending' });
    const messages = await server.db.select().from(playerMessage).where(eq(playerMessage.playerId, subject.partyId));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain('Source of funds &lt;check&gt; pending');
    expect((await auditOf('withdrawal.reject')).filter((entry) => entry.subjectId === held.body.paymentId)).toHaveLength(1);
    // Decided: neither approval nor a second rejection finds it.
    expect((await call('POST', `/bo/reviews/withdrawals/${held.body.paymentId}/approve`, operator)).status).toBe(404);
    expect((await call('POST', `/bo/reviews/withdrawals/${held.body.paymentId}/reject`, operator, { reason: 'again' })).status).toBe(404);
    expect(await cash(subject.partyId)).toBe(100_000n);
  });
});

describe('manual ledger adjustments with a second approval', () => {
  const request = (subject: Player, direction: 'CREDIT' | 'DEBIT', amount: number, cookie = payments) =>
    call('POST', `/bo/players/${subject.partyId}/adjustments`, cookie, { direction, amount, currency: 'EUR', reason: 'Game fault refund, ticket 42' });

  it('a credit moves nothing until another member approves it; the requester cannot approve their own; posted once as its own kind, audited', async () => {
    const subject = await playerWithCash(1_000n);
    const asked = await request(subject, 'CREDIT', 25.5);
    expect(asked.status).toBe(200);
    const adjustment = (await asked.json()) as { adjustmentId: string; status: string; requestedBy: string };
    expect(adjustment).toMatchObject({ status: 'REQUESTED', requestedBy: 'bo.payments' });
    expect(await cash(subject.partyId)).toBe(1_000n);
    const listed = (await (await call('GET', '/bo/reviews/adjustments', operator)).json()) as { adjustments: { adjustmentId: string }[] };
    expect(listed.adjustments.map((entry) => entry.adjustmentId)).toContain(adjustment.adjustmentId);

    const own = await call('POST', `/bo/reviews/adjustments/${adjustment.adjustmentId}/approve`, payments);
    expect(own.status).toBe(403);
    expect(await cash(subject.partyId)).toBe(1_000n);

    const [one, two] = await Promise.all([
      call('POST', `/bo/reviews/adjustments/${adjustment.adjustmentId}/approve`, operator),
      call('POST', `/bo/reviews/adjustments/${adjustment.adjustmentId}/approve`, operator),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 404]);
    expect(await cash(subject.partyId)).toBe(3_550n);
    const posted = await server.db.select().from(walletTransaction).where(eq(walletTransaction.reference, adjustment.adjustmentId));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: 'MANUAL_CREDIT', amount: 2_550n });
    const [stored] = await server.db.select().from(staffLedgerAdjustment).where(eq(staffLedgerAdjustment.id, adjustment.adjustmentId));
    expect(stored).toMatchObject({ status: 'APPROVED', ledgerTransactionId: posted[0]!.id });
    expect((await auditOf('adjustment.request')).filter((row) => row.detail.adjustmentId === adjustment.adjustmentId)).toHaveLength(1);
    expect((await auditOf('adjustment.approve')).filter((row) => row.subjectId === adjustment.adjustmentId)).toHaveLength(1);
  });

  it('a debit that would make the balance negative is refused at approval and nothing is kept; a rejected one posts nothing', async () => {
    const subject = await playerWithCash(5_000n);
    const asked = (await (await request(subject, 'DEBIT', 40)).json()) as { adjustmentId: string };
    // The player spends meanwhile: a withdrawal reserves €30, leaving €20.
    expect((await withdraw(subject, 30)).status).toBe(200);
    const before = (await auditOf('adjustment.approve')).length;
    const refused = await call('POST', `/bo/reviews/adjustments/${asked.adjustmentId}/approve`, operator);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('amount');
    expect(await cash(subject.partyId)).toBe(2_000n);
    expect((await auditOf('adjustment.approve')).length).toBe(before);
    const [stored] = await server.db.select().from(staffLedgerAdjustment).where(eq(staffLedgerAdjustment.id, asked.adjustmentId));
    expect(stored?.status).toBe('REQUESTED');

    const rejected = await call('POST', `/bo/reviews/adjustments/${asked.adjustmentId}/reject`, operator, { reason: 'Balance spent' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ status: 'REJECTED', decidedBy: 'bo.operator' });
    expect(await server.db.select().from(walletTransaction).where(eq(walletTransaction.reference, asked.adjustmentId))).toEqual([]);

    const debit = (await (await request(subject, 'DEBIT', 15)).json()) as { adjustmentId: string };
    expect((await call('POST', `/bo/reviews/adjustments/${debit.adjustmentId}/approve`, operator)).status).toBe(200);
    expect(await cash(subject.partyId)).toBe(500n);
  });

  it('issue 27 item 13: an identical request within a day asks for confirmation (409, nothing kept or audited), also when both are sent at once; confirmed, it is requested', async () => {
    const subject = await playerWithCash(1_000n);
    const first = await request(subject, 'CREDIT', 12);
    expect(first.status).toBe(200);
    const auditedBefore = (await auditOf('adjustment.request')).length;
    const again = await request(subject, 'CREDIT', 12);
    expect(again.status).toBe(409);
    const body = (await again.json()) as { status: string; errors: { field: string; error: string }[] };
    expect(body.status).toBe('DUPLICATE_ADJUSTMENT');
    expect(body.errors[0]).toMatchObject({ field: 'confirmDuplicate' });
    expect(body.errors[0]!.error).toContain('An identical credit of €12.00 was requested at');
    expect((await auditOf('adjustment.request')).length).toBe(auditedBefore);
    // Not the same: another amount, the other direction, another player.
    expect((await request(subject, 'CREDIT', 12.01)).status).toBe(200);
    expect((await request(subject, 'DEBIT', 1)).status).toBe(200);
    // Two identical new requests at once: one is requested, the other warned.
    const [one, two] = await Promise.all([request(subject, 'CREDIT', 7), request(subject, 'CREDIT', 7)]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    // Confirmed, the repeat is requested and audited like any other.
    const confirmed = await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, {
      direction: 'CREDIT',
      amount: 12,
      currency: 'EUR',
      reason: 'Second refund, ticket 43',
      confirmDuplicate: true,
    });
    expect(confirmed.status).toBe(200);
    expect(
      await server.db
        .select()
        .from(staffLedgerAdjustment)
        .where(and(eq(staffLedgerAdjustment.playerId, subject.partyId), eq(staffLedgerAdjustment.amount, 1_200n))),
    ).toHaveLength(2);
    // A rejected request does not count: after rejection the same request passes without confirmation.
    const seven = (
      await server.db
        .select()
        .from(staffLedgerAdjustment)
        .where(and(eq(staffLedgerAdjustment.playerId, subject.partyId), eq(staffLedgerAdjustment.amount, 700n)))
    )[0]!;
    expect((await call('POST', `/bo/reviews/adjustments/${seven.id}/reject`, operator, { reason: 'Keyed twice' })).status).toBe(200);
    expect((await request(subject, 'CREDIT', 7)).status).toBe(200);
    expect(
      (
        await call('POST', `/bo/players/${subject.partyId}/adjustments`, payments, {
          direction: 'CREDIT',
          amount: 1,
          currency: 'EUR',
          reason: 'x',
          confirmDuplicate: 'yes',
        })
      ).status,
    ).toBe(400);
  });
});

describe('goodwill bonuses', () => {
  it("support grants a goodwill bonus through the bonuses module: the player's bonus balance, audited with the reason", async () => {
    const [plan] = await server.db
      .insert(bonusPlan)
      .values({
        kind: 'NO_DEPOSIT',
        name: 'Goodwill',
        currency: 'EUR',
        cap: 10_000n,
        wageringMultiplier: 5,
        contributions: DEMO_CONTRIBUTIONS,
        validityDays: 30,
      })
      .returning();
    const [matchPlan] = await server.db
      .insert(bonusPlan)
      .values({
        kind: 'DEPOSIT_MATCH',
        name: 'Match',
        currency: 'EUR',
        percentage: 50,
        cap: 2_500n,
        minDeposit: 2_000n,
        wageringMultiplier: 10,
        contributions: DEMO_CONTRIBUTIONS,
        validityDays: 7,
      })
      .returning();
    const subject = await playerWithCash(1_000n);
    const wrongKind = await call('POST', `/bo/players/${subject.partyId}/bonuses`, support, { planId: matchPlan!.id, amount: 10, reason: 'x' });
    expect(wrongKind.status).toBe(400);
    const granted = await call('POST', `/bo/players/${subject.partyId}/bonuses`, support, { planId: plan!.id, amount: 12.5, reason: 'Sorry for the outage' });
    expect(granted.status).toBe(200);
    const body = (await granted.json()) as { bonusId: string; status: string; amount: number };
    expect(body).toMatchObject({ status: 'ACTIVE', amount: 12.5, currency: 'EUR' });
    expect((await getPlayerBalance(server.db, subject.partyId, 'EUR')).bonus).toBe(1_250n);
    const rows = await server.db.select().from(playerBonus).where(eq(playerBonus.playerId, subject.partyId));
    expect(rows).toHaveLength(1);
    const audit = (await auditOf('bonus.goodwill')).filter((row) => row.subjectId === subject.partyId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ permission: 'bonuses.grant', detail: { bonusId: body.bonusId, reason: 'Sorry for the outage', amount: '1250' } });
  });
});
