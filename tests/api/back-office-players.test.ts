import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodwillPlansResponseSchema,
  playerPaymentsResponseSchema,
  playerRoundsResponseSchema,
  roundRecallSchema,
  staffUploadRequestsResponseSchema,
} from '../../contracts/back-office/player-records';
import { spinResponseSchema } from '../../contracts/games/play';
import { getDocumentUploadRequestsResponseSchema } from '../../contracts/platform/documents/upload-requests';
import { getPlayerMessagesResponseSchema } from '../../contracts/platform/messages/get-player-messages';
import { upsertPost } from '../../server/content/content-posts.repository';
import { bonusPlan, documentUploadRequest, payment, playerMessage, staffAudit } from '../../server/db/schema';
import { staffApi } from '../support/back-office';
import { cashierPlayer, requestId } from '../support/cashier';
import { photoWithMetadata, uploadDocument } from '../support/documents';
import { gameClient, minor } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A player's page in the back office (issue 15; NS-28, OPS-14): the ledger-backed history — payments
 * and rounds page by page, a round recalled with its seeds — and the identity reviewer's request for
 * a new document upload, which the player is told of and which their upload satisfies.
 */
let server: TestServer;
const GAME = 'SR-3001';

beforeAll(async () => {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'emerald-bo-players-'));
  server = await startTestServer({ DOCUMENT_DIR: storageDir });
  await upsertPost(server.db, {
    type: 'game',
    slug: 'lucky-sevens-classic',
    title: 'Lucky Sevens Classic',
    acf: { game_id: GAME, game_provider: 'emerald-studio', play_for_free: true },
  });
});
afterAll(() => server.close());

const { call, passwordOnly, signIn } = staffApi(() => server);

let support: string;
let identity: string;
let content: string;
let halfway: string;

beforeAll(async () => {
  [support, identity, content] = [await signIn('bo.support'), await signIn('bo.identity'), await signIn('bo.content')];
  halfway = await passwordOnly('bo.auditor');
});

type Player = Awaited<ReturnType<typeof cashierPlayer>>;

/** A player who deposited €100 by e-wallet, withdrew €40 back to it, and played three real-money spins. */
async function playerWhoPlayed(): Promise<{
  subject: Player;
  withdrawalId: string;
  depositId: string;
  rounds: { roundId: string; stake: number; win: number }[];
  gameCookie: string;
}> {
  const subject = await cashierPlayer(server);
  const depositId = await server.fundPlayer(subject.partyId, 10_000n, 'EUR', { methodCode: 'NETELLER' });
  await server.db.update(payment).set({ payFromEmail: 'records@example.test' }).where(eq(payment.id, depositId));
  const withdrawal = await subject.client.post<{ paymentId: string }>('/ps/processWithdrawal', {
    requestId: requestId(),
    paymentMethod: 'NETELLER',
    amount: 40,
    payFromEmail: 'records@example.test',
  });
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
  const games = gameClient(server);
  const { cookie, session } = await games.openGame(subject.cookie, GAME, true);
  const stake = session.title.limits.steps[0]!;
  const rounds = [];
  for (let i = 0; i < 3; i++) {
    const answer = await games.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const spun = spinResponseSchema.parse(answer.body);
    rounds.push({ roundId: spun.roundId, stake: spun.stake, win: spun.win });
  }
  return { subject, withdrawalId: withdrawal.body.paymentId, depositId, rounds: rounds.reverse(), gameCookie: cookie };
}

const fieldsOf = async (response: Response) => ((await response.json()) as { errors?: { field: string }[] }).errors?.map((error) => error.field) ?? [];
const auditCount = async () => (await server.db.select().from(staffAudit)).length;

describe('the access check on the player page operations (OPS-14, NS-28)', () => {
  let subject: Player;
  let roundId: string;
  beforeAll(async () => {
    const played = await playerWhoPlayed();
    subject = played.subject;
    roundId = played.rounds[0]!.roundId;
  });

  const operations = () =>
    [
      ['GET', `/bo/players/${subject.partyId}/payments`, undefined],
      ['GET', `/bo/players/${subject.partyId}/rounds`, undefined],
      ['GET', `/bo/players/${subject.partyId}/rounds/${roundId}`, undefined],
      ['GET', `/bo/players/${subject.partyId}/uploadRequests`, undefined],
      ['POST', `/bo/players/${subject.partyId}/uploadRequests`, { documentType: 'PASSPORT', reason: 'The photo is blurred' }],
      ['GET', '/bo/bonusPlans/goodwill', undefined],
    ] as const;

  it('no staff session, a player session or a forged cookie → 401; before two-factor or without the permission → 403; nothing written', async () => {
    const before = await auditCount();
    for (const cookie of [null, subject.cookie, `BO_SESSION=${randomUUID()}`]) {
      for (const [method, pathName, body] of operations()) {
        expect((await call(method, pathName, cookie, body)).status, `${method} ${pathName} ${cookie}`).toBe(401);
      }
    }
    for (const cookie of [halfway, content]) {
      for (const [method, pathName, body] of operations()) {
        const response = await call(method, pathName, cookie, body);
        expect(response.status, `${method} ${pathName}`).toBe(403);
        expect(await response.json()).toMatchObject({ status: 'FORBIDDEN' });
      }
    }
    // Support reads the player and grants goodwill bonuses, but asking for documents is the identity reviewer's.
    expect((await call('POST', `/bo/players/${subject.partyId}/uploadRequests`, support, { documentType: 'PASSPORT', reason: 'x' })).status).toBe(403);
    // The identity reviewer grants no bonuses.
    expect((await call('GET', '/bo/bonusPlans/goodwill', identity)).status).toBe(403);
    expect(await auditCount()).toBe(before);
    expect(await server.db.select().from(documentUploadRequest).where(eq(documentUploadRequest.playerId, subject.partyId))).toEqual([]);
  });

  it('bad input is 400 naming the field and changes nothing; an unknown player, or another player’s round, is 404', async () => {
    const before = await auditCount();
    const expectField = async (response: Response, field: string) => {
      expect(response.status).toBe(400);
      expect(await fieldsOf(response)).toContain(field);
    };
    await expectField(await call('GET', '/bo/players/not-a-player/payments', support), 'playerId');
    await expectField(await call('GET', `/bo/players/${subject.partyId}/payments?page=-1`, support), 'page');
    await expectField(await call('GET', `/bo/players/${subject.partyId}/rounds?size=500`, support), 'size');
    await expectField(await call('GET', `/bo/players/${subject.partyId}/rounds?size=two`, support), 'size');
    await expectField(await call('GET', `/bo/players/${subject.partyId}/rounds/not-a-round`, support), 'roundId');
    await expectField(await call('POST', `/bo/players/${subject.partyId}/uploadRequests`, identity, { documentType: 'SELFIE', reason: 'x' }), 'documentType');
    await expectField(await call('POST', `/bo/players/${subject.partyId}/uploadRequests`, identity, { documentType: 'PASSPORT', reason: '  ' }), 'reason');

    const unknown = randomUUID();
    for (const [method, pathName, body] of [
      ['GET', `/bo/players/${unknown}/payments`, undefined],
      ['GET', `/bo/players/${unknown}/rounds`, undefined],
      ['GET', `/bo/players/${unknown}/rounds/${roundId}`, undefined],
      ['GET', `/bo/players/${unknown}/uploadRequests`, undefined],
      ['GET', `/bo/players/${subject.partyId}/rounds/${randomUUID()}`, undefined],
    ] as const) {
      expect((await call(method, pathName, support, body)).status, pathName).toBe(404);
    }
    expect((await call('POST', `/bo/players/${unknown}/uploadRequests`, identity, { documentType: 'PASSPORT', reason: 'x' })).status).toBe(404);
    // Another player's round under this player's id is not found, not shown.
    const other = await server.createSignedInPlayer();
    expect((await call('GET', `/bo/players/${other.partyId}/rounds/${roundId}`, support)).status).toBe(404);
    expect(await auditCount()).toBe(before);
    expect(await server.db.select().from(documentUploadRequest).where(eq(documentUploadRequest.playerId, subject.partyId))).toEqual([]);
  });
});

describe('ledger-backed history with recall (NS-28)', () => {
  it('the payments and rounds are what the player did, newest first, in minor units, page by page', async () => {
    const { subject, depositId, withdrawalId, rounds } = await playerWhoPlayed();
    const payments = playerPaymentsResponseSchema.parse(await (await call('GET', `/bo/players/${subject.partyId}/payments`, support)).json());
    expect(payments.total).toBe(2);
    expect(payments.payments.map((entry) => entry.paymentId)).toEqual([withdrawalId, depositId]);
    const [withdrawal, deposit] = payments.payments;
    expect(deposit).toMatchObject({ type: 'DEPOSIT', method: 'NETELLER', status: 'SUCCESS', currency: 'EUR', amountMinor: 10_000 });
    expect(deposit!.ledgerTransactionId).toMatch(/^\d+$/);
    expect(withdrawal).toMatchObject({ type: 'WITHDRAWAL', method: 'NETELLER', currency: 'EUR', amountMinor: 4_000 });
    const stored = await server.db.select({ status: payment.status }).from(payment).where(eq(payment.id, withdrawalId));
    expect(withdrawal!.status).toBe(stored[0]!.status);

    const second = playerPaymentsResponseSchema.parse(await (await call('GET', `/bo/players/${subject.partyId}/payments?page=1&size=1`, support)).json());
    expect(second).toMatchObject({ page: 1, size: 1, total: 2 });
    expect(second.payments.map((entry) => entry.paymentId)).toEqual([depositId]);

    const played = playerRoundsResponseSchema.parse(await (await call('GET', `/bo/players/${subject.partyId}/rounds?size=2`, support)).json());
    expect(played.total).toBe(3);
    expect(played.rounds.map((round) => round.roundId)).toEqual(rounds.slice(0, 2).map((round) => round.roundId));
    for (const [index, round] of played.rounds.entries()) {
      expect(round).toMatchObject({ gameId: GAME, gameName: 'Lucky Sevens Classic', mode: 'REAL', currency: 'EUR', status: 'SETTLED' });
      expect(round.stakeMinor).toBe(Number(minor(rounds[index]!.stake)));
      expect(round.winMinor).toBe(Number(minor(rounds[index]!.win)));
    }
    const last = playerRoundsResponseSchema.parse(await (await call('GET', `/bo/players/${subject.partyId}/rounds?size=2&page=1`, support)).json());
    expect(last.rounds.map((round) => round.roundId)).toEqual([rounds[2]!.roundId]);
  });

  it('a recalled round shows its outcome and seed commitment; the server seed and the verification only once the player revealed it', async () => {
    const { subject, rounds, gameCookie } = await playerWhoPlayed();
    const roundId = rounds[0]!.roundId;
    const games = gameClient(server);
    const before = roundRecallSchema.parse(await (await call('GET', `/bo/players/${subject.partyId}/rounds/${roundId}`, support)).json());
    expect(before).toMatchObject({ roundId, gameId: GAME, status: 'SETTLED', nonce: 2, seed: { revealed: false, serverSeed: null }, verification: null });
    expect(before.seed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.outcome).toBeTruthy();

    const rotated = await games.call('POST', '/gs/seeds/rotate', { cookie: gameCookie, body: {} });
    expect(rotated.status).toBe(200);
    const after = roundRecallSchema.parse(await (await call('GET', `/bo/players/${subject.partyId}/rounds/${roundId}`, support)).json());
    expect(after.seed.revealed).toBe(true);
    expect(after.seed.serverSeed).toBe((rotated.body.revealed as { serverSeed: string }).serverSeed);
    expect(after.verification).toMatchObject({ verified: true });
    expect(after.outcome).toEqual(before.outcome);
  });
});

describe('ask for a new upload (NS-28)', () => {
  it('the identity reviewer’s request reaches the player’s Messages and documents page, is audited once, and an upload of that kind satisfies it', async () => {
    const subject = await server.createSignedInPlayer();
    const auditBefore = await auditCount();
    const reason = 'The photo of your passport is blurred <b>please</b>';
    const asked = await call('POST', `/bo/players/${subject.partyId}/uploadRequests`, identity, { documentType: 'PASSPORT', reason });
    expect(asked.status).toBe(200);
    const { requestId: askedId, messageId } = (await asked.json()) as { requestId: string; messageId: string };

    const audit = await server.db.select().from(staffAudit).where(eq(staffAudit.action, 'document.request_upload'));
    const mine = audit.filter((row) => row.subjectId === subject.partyId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ permission: 'identity.review', subjectType: 'player' });
    expect(mine[0]!.detail).toMatchObject({ requestId: askedId, documentType: 'PASSPORT', reason });
    expect(await auditCount()).toBe(auditBefore + 1);

    const playerCall = (pathName: string) => fetch(`${server.url}${pathName}`, { headers: { cookie: subject.cookie } });
    const open = getDocumentUploadRequestsResponseSchema.parse(await (await playerCall('/ps/getDocumentUploadRequests')).json());
    expect(open.uploadRequests).toEqual([expect.objectContaining({ id: askedId, documentType: 'PASSPORT', reason })]);
    const messages = getPlayerMessagesResponseSchema.parse(await (await playerCall('/ps/getPlayerMessages')).json());
    const told = messages.messages.find((message) => message.id === messageId);
    expect(told?.subject).toBe('Please upload your passport again');
    // The reason is the staff member's text, shown as text: never markup.
    expect(told?.body).toContain('&lt;b&gt;please&lt;/b&gt;');
    expect(told?.body).not.toContain('<b>');
    expect(await playerCall('/ps/getDocumentUploadRequests').then((response) => response.status)).toBe(200);
    expect((await fetch(`${server.url}/ps/getDocumentUploadRequests`)).status).toBe(401);

    // Another player sees none of it.
    const other = await server.createSignedInPlayer();
    const theirs = getDocumentUploadRequestsResponseSchema.parse(
      await (await fetch(`${server.url}/ps/getDocumentUploadRequests`, { headers: { cookie: other.cookie } })).json(),
    );
    expect(theirs.uploadRequests).toEqual([]);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // A document of another kind leaves the request open.
    const statement = await uploadDocument(server.url, subject.cookie, 'saveUserDocument', { documentType: 'BANK_STATEMENT', issueDate: day(-30) }, [
      { name: 'statement.jpg', bytes: await photoWithMetadata(), type: 'image/jpeg' },
    ]);
    expect(statement.status).toBe(200);
    expect(getDocumentUploadRequestsResponseSchema.parse(await (await playerCall('/ps/getDocumentUploadRequests')).json()).uploadRequests).toHaveLength(1);

    const passport = await uploadDocument(
      server.url,
      subject.cookie,
      'saveUserDocument',
      { documentType: 'PASSPORT', issueDate: day(-365), expiryDate: day(365), documentNumber: 'PA1234567' },
      [{ name: 'passport.jpg', bytes: await photoWithMetadata(), type: 'image/jpeg' }],
    );
    expect(passport.status).toBe(200);
    expect(getDocumentUploadRequestsResponseSchema.parse(await (await playerCall('/ps/getDocumentUploadRequests')).json()).uploadRequests).toEqual([]);
    const [row] = await server.db.select().from(documentUploadRequest).where(eq(documentUploadRequest.id, askedId));
    expect(row?.satisfiedAt).not.toBeNull();
    expect(row?.satisfiedByDocumentId).toBe(passport.body.documentId);

    const staffView = staffUploadRequestsResponseSchema.parse(await (await call('GET', `/bo/players/${subject.partyId}/uploadRequests`, support)).json());
    expect(staffView.uploadRequests).toEqual([
      expect.objectContaining({ id: askedId, documentType: 'PASSPORT', requestedBy: 'bo.identity', satisfiedAt: expect.any(String) }),
    ]);
    expect(await server.db.select().from(playerMessage).where(eq(playerMessage.playerId, subject.partyId))).toHaveLength(1);
  });

  it('support lists the plans a goodwill bonus may use: active no-deposit and code plans only, with their amount in minor units', async () => {
    const plan = (kind: string, name: string, active = true) => ({
      kind,
      name,
      currency: 'EUR',
      cap: 2_500n,
      wageringMultiplier: 5,
      contributions: { slot: 100 },
      validityDays: 7,
      active,
    });
    const [noDeposit, inactive, match] = await server.db
      .insert(bonusPlan)
      .values([plan('NO_DEPOSIT', 'Goodwill credit'), plan('NO_DEPOSIT', 'Retired credit', false), plan('DEPOSIT_MATCH', 'Match')])
      .returning();
    const plans = goodwillPlansResponseSchema.parse(await (await call('GET', '/bo/bonusPlans/goodwill', support)).json());
    for (const listed of plans.plans) expect(['NO_DEPOSIT', 'CODE']).toContain(listed.kind);
    const ids = plans.plans.map((listed) => listed.planId);
    expect(plans.plans.find((listed) => listed.planId === noDeposit!.id)).toEqual({
      planId: noDeposit!.id,
      name: 'Goodwill credit',
      kind: 'NO_DEPOSIT',
      currency: 'EUR',
      amountMinor: 2_500,
    });
    expect(ids).not.toContain(inactive!.id);
    expect(ids).not.toContain(match!.id);
  });
});
