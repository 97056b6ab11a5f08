import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRemovalsResponseSchema, staffRemovalResponseSchema } from '../../contracts/back-office/register-removals';
import { playerProfileSchema } from '../../contracts/back-office/players';
import {
  accountRemoval,
  chatNickname,
  payment,
  player,
  playerMessage,
  playerSession,
  socialAccount,
  staffAudit,
  storedCard,
  userDocument,
  userDocumentFile,
  walletTransaction,
} from '../../server/db/schema';
import { monthsBefore, runAccountRegister } from '../../server/platform/account-register';
import { hashPassword } from '../../server/platform/accounts';
import { auditLedger, auditProblems, getPlayerBalance } from '../../server/platform/wallet';
import { ApiClient } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { cashierPlayer, requestId, waitForPaymentStatus } from '../support/cashier';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The account-holder register (issue 29 item 9; docs/compliance.md "Account-holder register"): a
 * player removed on request — refused while money is held or a withdrawal is under way — or after 13
 * months without a stake, told first by message and e-mail in their language; a stake in the notice
 * cancels it; the job on two nodes at once acts once; the personal data is gone from every module,
 * the ledger, payments and audit stay and balance; the account never signs in again. The clock of
 * the job is injected: the months pass by the `now` handed to it.
 */
const SLOT = 'SR-3001';
const PASSWORD = 'Register-test-1';
// €50.00: a whole-balance withdrawal of the test players (~€100) is held for a staff approval.
const THRESHOLD = '5000';

let server: TestServer;
let second: TestServer;
let client: ReturnType<typeof gameClient>;
const { call, signIn } = staffApi(() => server);
let operator: string;
let support: string;

beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_REVIEW_THRESHOLD: THRESHOLD, SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' });
  second = await startTestServer({}, { sameDatabaseAs: server });
  client = gameClient(server);
  [operator, support] = [await signIn('bo.operator'), await signIn('bo.support')];
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** A player of the given country with a password and personal data in every module that keeps some. */
async function holder(country: 'IE' | 'GB', language: 'en' | 'mk') {
  const created = await cashierPlayer(server);
  const username = `holder_${randomUUID().slice(0, 8)}`;
  const email = `${username}@example.test`;
  await server.db
    .update(player)
    .set({
      username,
      email,
      country,
      jurisdiction: country,
      language,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Aoife',
      lastName: 'Murphy',
      birthDate: '1980-01-01',
      mobile: '+353851234567',
      address: '1 Main Street',
      city: 'Cork',
      postalCode: 'T12 X2Y3',
      registrationIp: '192.0.2.10',
      identityDocumentType: 'PASSPORT',
      identityDocumentNumber: 'PA1234567',
    })
    .where(eq(player.id, created.partyId));
  await server.db.insert(chatNickname).values({ playerId: created.partyId, nickname: `nick_${username}` });
  await server.db.insert(storedCard).values({
    playerId: created.partyId,
    methodCode: 'WPCGHOSTED_CARD',
    provider: 'sandbox',
    providerToken: `tok_${username}`,
    brand: 'Visa',
    lastFour: '4242',
    nameOnCard: 'AOIFE MURPHY',
    expiryMonth: 1,
    expiryYear: 2040,
  });
  await server.db.insert(socialAccount).values({ provider: 'https://id.example.test', subject: username, playerId: created.partyId, email });
  const [document] = await server.db
    .insert(userDocument)
    .values({
      playerId: created.partyId,
      documentType: 'PASSPORT',
      documentNumber: 'PA1234567',
      issueDate: '2020-01-01',
      expiryDate: '2030-01-01',
      details: { birthPlace: 'Cork' },
    })
    .returning();
  await server.db.insert(userDocumentFile).values({
    documentId: document!.id,
    side: 'FRONT',
    fileName: 'passport.png',
    contentType: 'image/png',
    sizeBytes: 10,
    sha256: '0'.repeat(64),
    storageKey: `${randomUUID()}.png`,
  });
  return { ...created, username, email, documentId: document!.id };
}
type Holder = Awaited<ReturnType<typeof holder>>;

/** Cash from an e-wallet deposit (a withdrawal may go back to that account) and one real slot spin. */
async function fundAndPlay(someone: Holder) {
  const paymentId = await server.fundPlayer(someone.partyId, 10_000n, 'EUR', { methodCode: 'NETELLER' });
  await server.db.update(payment).set({ payFromEmail: 'holder@example.test' }).where(eq(payment.id, paymentId));
  const slot = await client.openGame(someone.cookie, SLOT, true);
  const spun = await client.call('POST', '/gs/slots/spin', { cookie: slot.cookie, body: { stake: 1, clientRequestId: randomUUID() } });
  expect(spun.status, JSON.stringify(spun.body)).toBe(200);
}

const removalsOf = (partyId: string) => server.db.select().from(accountRemoval).where(eq(accountRemoval.playerId, partyId));
const playerRow = async (partyId: string) => (await server.db.select().from(player).where(eq(player.id, partyId)))[0]!;
const ledgerRows = (partyId: string) => server.db.select().from(walletTransaction).where(eq(walletTransaction.playerId, partyId)).orderBy(walletTransaction.id);
const noticesOf = (partyId: string) =>
  server.db
    .select()
    .from(playerMessage)
    .where(and(eq(playerMessage.playerId, partyId), eq(playerMessage.kind, 'ACCOUNT_REMOVAL')));
const requestRemoval = (someone: { client: ApiClient }, body: unknown) =>
  someone.client.post<{ status: string; errors?: { field: string }[]; removedAt?: string }>('/ps/requestAccountRemoval', body);
const login = (username: string, password: string) => new ApiClient(server.url).post<{ status?: string }>('/ps/login', { username, password });
const DAY_MS = 86_400_000;

/** Everything the register forgets is gone; what the law keeps is there. */
async function expectAnonymised(someone: Holder) {
  const row = await playerRow(someone.partyId);
  expect(row.anonymisedAt).not.toBeNull();
  expect(row.username).toBe(`removed-${someone.partyId}`);
  expect(row.email).toBe(`removed-${someone.partyId}@removed.invalid`);
  expect(row).toMatchObject({
    passwordHash: null,
    firstName: null,
    lastName: null,
    birthDate: null,
    mobile: null,
    address: null,
    city: null,
    postalCode: null,
    registrationIp: null,
    identityDocumentNumber: null,
    receiveEmail: false,
  });
  // The country stays: the regulator's figures and the duty base are by country.
  expect(row.country).toBe('IE');
  expect(await server.db.select().from(chatNickname).where(eq(chatNickname.playerId, someone.partyId))).toHaveLength(0);
  expect(await server.db.select().from(storedCard).where(eq(storedCard.playerId, someone.partyId))).toHaveLength(0);
  expect(await server.db.select().from(socialAccount).where(eq(socialAccount.playerId, someone.partyId))).toHaveLength(0);
  const [document] = await server.db.select().from(userDocument).where(eq(userDocument.id, someone.documentId));
  expect(document).toMatchObject({ documentType: 'PASSPORT', documentNumber: null, issueDate: null, expiryDate: null, details: {} });
  expect(await server.db.select().from(userDocumentFile).where(eq(userDocumentFile.documentId, someone.documentId))).toHaveLength(0);
  expect(
    await server.db
      .select()
      .from(playerSession)
      .where(and(eq(playerSession.playerId, someone.partyId))),
  ).toSatisfy((sessions: { endedAt: Date | null }[]) => sessions.every((session) => session.endedAt !== null));
  expect(await server.outbox(someone.email)).toHaveLength(0);
  // The account never signs in again: not by its old name, its e-mail, nor the name it has now.
  for (const name of [someone.username, someone.email, row.username]) expect((await login(name, PASSWORD)).status).toBe(400);
  expect((await someone.client.get('/ps/getPlayerMessages')).status).toBe(401);
}

describe('removal on the player request', () => {
  let someone: Holder;
  let ledgerBefore: Awaited<ReturnType<typeof ledgerRows>>;
  let withdrawalId: string;

  beforeAll(async () => {
    someone = await holder('IE', 'en');
    await fundAndPlay(someone);
  });

  it('needs a session, the confirmation and the password, naming the field', async () => {
    expect((await requestRemoval({ client: new ApiClient(server.url) }, { confirm: true, password: PASSWORD })).status).toBe(401);
    const unconfirmed = await requestRemoval(someone, { confirm: false, password: PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.errors?.map((error) => error.field)).toContain('confirm');
    const noPassword = await requestRemoval(someone, { confirm: true });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors?.map((error) => error.field)).toContain('password');
    const wrong = await requestRemoval(someone, { confirm: true, password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 'WRONG_PASSWORD', errors: [{ field: 'password' }] });
    expect(await removalsOf(someone.partyId)).toHaveLength(0);
    expect((await playerRow(someone.partyId)).anonymisedAt).toBeNull();
  });

  it('is refused while the account holds money, naming the balance, and keeps nothing', async () => {
    const refused = await requestRemoval(someone, { confirm: true, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'ACCOUNT_REMOVAL_BLOCKED', errors: [{ field: 'balance' }] });
    expect(await removalsOf(someone.partyId)).toHaveLength(0);
    expect((await playerRow(someone.partyId)).firstName).toBe('Aoife');
  });

  it('is refused while a withdrawal is under way, naming it', async () => {
    const cash = (await getPlayerBalance(server.db, someone.partyId, 'EUR')).cash;
    const held = await someone.client.post<{ paymentId: string; underReview: boolean }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: Number(cash) / 100,
      payFromEmail: 'holder@example.test',
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.underReview).toBe(true);
    withdrawalId = held.body.paymentId;
    const refused = await requestRemoval(someone, { confirm: true, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'ACCOUNT_REMOVAL_BLOCKED', errors: [{ field: 'withdrawal' }] });
    expect(await removalsOf(someone.partyId)).toHaveLength(0);
  });

  it('once paid out, removes the player at once: personal data anonymised, ledger, payments and audit kept', async () => {
    expect((await call('POST', `/bo/reviews/withdrawals/${withdrawalId}/approve`, operator)).status).toBe(200);
    await waitForPaymentStatus(someone.client, withdrawalId, 'SUCCESS');
    ledgerBefore = await ledgerRows(someone.partyId);
    const paymentsBefore = await server.db.select().from(payment).where(eq(payment.playerId, someone.partyId));

    const removed = await requestRemoval(someone, { confirm: true, password: PASSWORD });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.status).toBe('REMOVED');

    const [row] = await removalsOf(someone.partyId);
    expect(row).toMatchObject({ reason: 'REQUEST', status: 'DONE', requestedBy: 'player' });
    await expectAnonymised(someone);
    // The ledger and payments are the law's record: every row is still there, unchanged, and balances.
    expect(await ledgerRows(someone.partyId)).toEqual(ledgerBefore);
    expect(ledgerBefore.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['DEPOSIT', 'GAME_BET', 'WITHDRAWAL_RESERVE', 'WITHDRAWAL_PAYOUT']));
    expect(await server.db.select().from(payment).where(eq(payment.playerId, someone.partyId))).toHaveLength(paymentsBefore.length);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
    const approvals = await server.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'withdrawal.approve'), eq(staffAudit.subjectId, withdrawalId)));
    expect(approvals).toHaveLength(1);
  });

  it('staff see it and the player page shows the anonymised state', async () => {
    const list = await call('GET', `/bo/registerRemovals?playerId=${someone.partyId}`, operator);
    expect(list.status).toBe(200);
    const body = registerRemovalsResponseSchema.parse(await list.json());
    expect(body.removals).toEqual([
      expect.objectContaining({ reason: 'REQUEST', status: 'DONE', requestedBy: 'player', username: `removed-${someone.partyId}` }),
    ]);
    const page = await call('GET', `/bo/players/${someone.partyId}`, operator);
    expect(page.status).toBe(200);
    const profile = playerProfileSchema.parse(await page.json());
    expect(profile.player.anonymisedAt).not.toBeNull();
    expect(profile.player).toMatchObject({ username: `removed-${someone.partyId}`, firstName: null, lastName: null, identityDocument: null });
  });
});

describe('removal after 13 months without play (injected clock)', () => {
  let idleMk: Holder;
  let moneyHeld: Holder;
  let playsAgain: Holder;
  let british: Holder;
  const start = new Date();
  const noticeAt = new Date(start.getTime() + 400 * DAY_MS);
  const dueAt = new Date(noticeAt.getTime() + 31 * DAY_MS);

  beforeAll(async () => {
    idleMk = await holder('IE', 'mk');
    moneyHeld = await holder('IE', 'en');
    playsAgain = await holder('IE', 'en');
    british = await holder('GB', 'en');
    await fundAndPlay(moneyHeld);
    // Before 13 months nobody is told.
    const early = await runAccountRegister(server.context, new Date(start.getTime() + 300 * DAY_MS));
    expect(early.failed).toBe(0);
    expect(await noticesOf(idleMk.partyId)).toHaveLength(0);
    // The job on two nodes at once, twice on the first: one notice per player.
    const runs = await Promise.all([
      runAccountRegister(server.context, noticeAt),
      runAccountRegister(second.context, noticeAt, 2),
      runAccountRegister(server.context, noticeAt, 3),
    ]);
    expect(runs.map((run) => run.failed)).toEqual([0, 0, 0]);
  });

  it('tells each IE player once, by message and e-mail, in their language; GB players are not removed for inactivity', async () => {
    for (const someone of [idleMk, moneyHeld, playsAgain]) {
      const rows = await removalsOf(someone.partyId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ reason: 'INACTIVITY', status: 'NOTICE', requestedBy: 'job' });
      expect(rows[0]!.dueAt.getTime()).toBe(noticeAt.getTime() + 30 * DAY_MS);
      const notices = await noticesOf(someone.partyId);
      expect(notices).toHaveLength(1);
      expect(rows[0]!.messageId).toBe(notices[0]!.id);
      const mails = (await server.outbox(someone.email)).filter((mail) => mail.template === 'account-removal-notice');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(notices[0]!.subject);
      expect(rows[0]!.emailedAt).not.toBeNull();
    }
    expect((await noticesOf(idleMk.partyId))[0]!.subject).toMatch(/^Вашата сметка ќе биде затворена на \d+ [а-ш]+ \d{4}$/);
    expect((await noticesOf(playsAgain.partyId))[0]!.subject).toMatch(/^Your account will be closed on \d+ [A-Z][a-z]+ \d{4}$/);
    // The player who staked is told since when; the one who never did, since sign-up.
    expect((await removalsOf(moneyHeld.partyId))[0]!.lastPlayAt).not.toBeNull();
    expect((await removalsOf(idleMk.partyId))[0]!.lastPlayAt).toBeNull();
    expect(await removalsOf(british.partyId)).toHaveLength(0);
    expect(await noticesOf(british.partyId)).toHaveLength(0);
  });

  it('removes nobody before the notice ends', async () => {
    await runAccountRegister(server.context, new Date(noticeAt.getTime() + 10 * DAY_MS));
    expect((await playerRow(idleMk.partyId)).anonymisedAt).toBeNull();
    expect((await removalsOf(idleMk.partyId))[0]!.status).toBe('NOTICE');
  });

  it('at the end of the notice removes the idle player once, blocks the one holding money and cancels for the one who played', async () => {
    await fundAndPlay(playsAgain);
    const runs = await Promise.all([
      runAccountRegister(server.context, dueAt),
      runAccountRegister(second.context, dueAt),
      runAccountRegister(server.context, dueAt),
    ]);
    expect(runs.map((run) => run.failed)).toEqual([0, 0, 0]);
    const removedRows = await removalsOf(idleMk.partyId);
    expect(removedRows).toHaveLength(1);
    expect(removedRows[0]).toMatchObject({ status: 'DONE', reason: 'INACTIVITY' });
    expect(removedRows[0]!.doneAt!.getTime()).toBe(dueAt.getTime());
    expect((await playerRow(idleMk.partyId)).anonymisedAt!.getTime()).toBe(dueAt.getTime());
    await expectAnonymised(idleMk);

    const [blocked] = await removalsOf(moneyHeld.partyId);
    expect(blocked).toMatchObject({ status: 'BLOCKED', blockedReason: 'BALANCE' });
    expect((await playerRow(moneyHeld.partyId)).anonymisedAt).toBeNull();
    expect((await playerRow(moneyHeld.partyId)).firstName).toBe('Aoife');

    const [cancelled] = await removalsOf(playsAgain.partyId);
    expect(cancelled).toMatchObject({ status: 'CANCELLED' });
    expect((await playerRow(playsAgain.partyId)).anonymisedAt).toBeNull();
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('staff list what the job did, by status', async () => {
    const blocked = registerRemovalsResponseSchema.parse(await (await call('GET', '/bo/registerRemovals?status=BLOCKED', support)).json());
    expect(blocked.removals).toContainEqual(
      expect.objectContaining({ playerId: moneyHeld.partyId, status: 'BLOCKED', blockedReason: 'BALANCE', reason: 'INACTIVITY', username: moneyHeld.username }),
    );
    const done = registerRemovalsResponseSchema.parse(await (await call('GET', '/bo/registerRemovals?status=DONE', support)).json());
    expect(done.removals).toContainEqual(expect.objectContaining({ playerId: idleMk.partyId, reason: 'INACTIVITY', username: `removed-${idleMk.partyId}` }));
    expect(done.removals.every((removal) => removal.status === 'DONE')).toBe(true);
  });
});

describe('staff removal on a player request', () => {
  it('needs a staff session and players.remove, names bad input, answers 404 for an unknown player', async () => {
    const someone = await holder('IE', 'en');
    const path = `/bo/players/${someone.partyId}/registerRemoval`;
    expect((await call('POST', path, null, { note: 'Asked by telephone' })).status).toBe(401);
    expect((await call('POST', path, support, { note: 'Asked by telephone' })).status).toBe(403);
    const empty = await call('POST', path, operator, { note: ' ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('"field":"note"');
    const badId = await call('POST', '/bo/players/not-an-id/registerRemoval', operator, { note: 'Asked by telephone' });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(await badId.json())).toContain('"field":"playerId"');
    expect((await call('POST', `/bo/players/${randomUUID()}/registerRemoval`, operator, { note: 'Asked by telephone' })).status).toBe(404);
    expect((await call('GET', `/bo/registerRemovals?playerId=${randomUUID()}`, operator)).status).toBe(404);
    expect((await call('GET', '/bo/registerRemovals?status=GONE', operator)).status).toBe(400);
    expect((await call('GET', '/bo/registerRemovals', null)).status).toBe(401);
    expect(await removalsOf(someone.partyId)).toHaveLength(0);
  });

  it('refuses while money is held, with no audit row; removes and audits in one transaction otherwise', async () => {
    const withMoney = await holder('IE', 'en');
    await server.fundPlayer(withMoney.partyId, 500n);
    const refused = await call('POST', `/bo/players/${withMoney.partyId}/registerRemoval`, operator, { note: 'Asked by letter' });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain('"field":"balance"');
    const audits = () => server.db.select().from(staffAudit).where(eq(staffAudit.action, 'player.register_removal'));
    expect((await audits()).filter((row) => row.subjectId === withMoney.partyId)).toHaveLength(0);

    const someone = await holder('IE', 'en');
    const done = await call('POST', `/bo/players/${someone.partyId}/registerRemoval`, operator, { note: 'Asked by telephone' });
    expect(done.status).toBe(200);
    const { removal } = staffRemovalResponseSchema.parse(await done.json());
    expect(removal).toMatchObject({ playerId: someone.partyId, reason: 'REQUEST', status: 'DONE', requestedBy: 'staff:bo.operator' });
    await expectAnonymised(someone);
    const [audit] = (await audits()).filter((row) => row.subjectId === someone.partyId);
    expect(audit).toMatchObject({ permission: 'players.remove', subjectType: 'player' });
    expect(audit!.detail).toMatchObject({ removalId: removal.id, note: 'Asked by telephone' });
    // Again: the same removal, nothing new anonymised.
    const again = staffRemovalResponseSchema.parse(
      await (await call('POST', `/bo/players/${someone.partyId}/registerRemoval`, operator, { note: 'Asked again' })).json(),
    );
    expect(again.removal.id).toBe(removal.id);
    expect(await removalsOf(someone.partyId)).toHaveLength(1);
  });
});

describe('the register clock', () => {
  it('counts whole calendar months back, to the last day of a shorter month', () => {
    expect(monthsBefore(new Date('2027-03-31T10:00:00Z'), 13).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2027-01-15T00:00:00Z'), 13).toISOString()).toBe('2025-12-15T00:00:00.000Z');
  });
});
