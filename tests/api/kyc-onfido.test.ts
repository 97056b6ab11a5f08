import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycCheck, kycEvent, player } from '../../server/db/schema';
import { reconcileKycChecks } from '../../server/platform/kyc';
import { onfidoSignature, startOnfidoSimulator, type OnfidoSimulator } from '../../server/sandbox/onfido';
import { ApiClient } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 31: identity verification through the Onfido adapter on the official SDK (`@onfido/api`),
 * against the Onfido simulator — sign-up step 2 (SIGNUP-31) creates an applicant and a check; the
 * decision comes by the webhook signed with X-SHA2-Signature (two tokens during a rotation),
 * stored once per event, acknowledged, then read back from the API and mapped onto kycStatus
 * (KYC-02, DIS-01): clear → EXPERIAN_PASS, consider → ID_CHECK_LOCK and the staff review queue,
 * rejected or suspected → KYC_FAILED_LOCK.
 */
const API_TOKEN = 'api_sandbox.emerald_simulator_token';
const CURRENT = 'onfido_webhook_token_current_0123456789';
const PREVIOUS = 'onfido_webhook_token_previous_9876543210';
const RETIRED = 'onfido_webhook_token_retired_5555555555';

let onfido: OnfidoSimulator;
let server: TestServer;
const { call, signIn } = staffApi(() => server);

beforeAll(async () => {
  onfido = await startOnfidoSimulator({ apiToken: API_TOKEN, webhookToken: CURRENT, retryBaseMs: 50, decisionDelayMs: 30 });
  server = await startTestServer({
    KYC_PROVIDER: 'onfido',
    ONFIDO_API_TOKEN: API_TOKEN,
    ONFIDO_WEBHOOK_TOKENS: `${CURRENT},${PREVIOUS}`,
    ONFIDO_API_URL: onfido.url,
  });
  onfido.setWebhookUrl(`${server.url}/ps/kyc/webhook/onfido`);
});
afterAll(async () => {
  await server?.close();
  await onfido?.close();
});

let serial = 0;
/** Sign-up steps 1 and 2 as the portal sends them, with the chosen last name. */
async function signUp(lastName: string) {
  serial += 1;
  const name = `onf${Date.now().toString(36)}${serial}`;
  const client = new ApiClient(server.url);
  const quick = await client.post<{ partyId: string }>('/ps/quickSignup', {
    username: name,
    password: 'green4tables',
    birthDate: '1991-03-09',
    currency: 'EUR',
    email: `${name}@example.test`,
    receiveEmail: true,
    consents: [1, 2],
  });
  expect(quick.status, JSON.stringify(quick.body)).toBe(200);
  const completed = await client.post<{ status: string; kycStatus: string }>('/ps/quickSignupCompletion', {
    firstName: 'Aoife',
    lastName,
    gender: 'F',
    profession: 'Nurse',
    address: '1 Grafton Street',
    municipality: 'Dublin',
    country: 'IE',
    postalCode: 'D02 X285',
    city: 'Dublin 2',
    mobile: '353861234567',
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  const [check] = await server.db.select().from(kycCheck).where(eq(kycCheck.playerId, quick.body.partyId));
  return { client, partyId: quick.body.partyId, username: name, completed: completed.body, checkId: check!.checkId };
}

const identification = async (client: ApiClient) => (await client.get<{ kycStatus: string; mayPlayForReal: boolean }>('/ps/getIdentificationStatus')).body;
const kycStatusOf = async (partyId: string) =>
  (await server.db.select({ kycStatus: player.kycStatus }).from(player).where(eq(player.id, partyId)))[0]!.kycStatus;
const eventsOf = (checkId: string) =>
  server.db
    .select()
    .from(kycEvent)
    .where(and(eq(kycEvent.provider, 'onfido'), eq(kycEvent.checkId, checkId)));
const postWebhook = (body: string, signature: string | null, provider = 'onfido') =>
  fetch(`${server.url}/ps/kyc/webhook/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-sha2-signature': signature }) },
    body,
  });

/** Waits until every stored Onfido event has been processed (the route answers before it processes). */
async function processed() {
  await onfido.idle();
  await expect
    .poll(async () => (await server.db.select().from(kycEvent).where(eq(kycEvent.provider, 'onfido'))).filter((row) => row.processedAt === null).length, {
      timeout: 8_000,
    })
    .toBe(0);
}

describe('issue 31: identity checks through the Onfido adapter and its simulator', () => {
  it('SIGNUP-31, SIGNUP-36, KYC-02: a clear check — applicant and identity_enhanced check created, the player waits (not real play), then EXPERIAN_PASS from the signed check.completed', async () => {
    const who = await signUp('Byrne');
    // While Onfido decides, step 2 answers that the check is running and real play waits (DIS-01).
    expect(who.completed).toMatchObject({ status: 'KYC_FAILED_LOCK', kycStatus: 'NOT_CHECKED' });
    const check = onfido.check(who.checkId)!;
    expect(check).toMatchObject({ report_names: ['identity_enhanced'], tags: [`party:${who.partyId}`] });
    expect(onfido.applicant(check.applicant_id)).toMatchObject({
      first_name: 'Aoife',
      last_name: 'Byrne',
      dob: '1991-03-09',
      address: { country: 'IRL', postcode: 'D02 X285', town: 'Dublin 2' },
    });

    await expect.poll(async () => identification(who.client), { timeout: 8_000 }).toMatchObject({ kycStatus: 'EXPERIAN_PASS', mayPlayForReal: true });
    await processed();
    const [row] = await server.db.select().from(kycCheck).where(eq(kycCheck.checkId, who.checkId));
    expect(row).toMatchObject({ status: 'VERIFIED', result: 'clear', applicantId: check.applicant_id });
    // check.started, report.completed and check.completed were each stored once and answered 200.
    expect((await eventsOf(who.checkId)).map((event) => event.action).sort()).toEqual(['check.completed', 'check.started']);
    expect(onfido.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
  });

  it('KYC-02, DIS-09: consider is referred — ID_CHECK_LOCK and the staff review queue; staff approval makes the player PASS and empties the queue', async () => {
    const who = await signUp('Consider');
    await expect.poll(async () => kycStatusOf(who.partyId), { timeout: 8_000 }).toBe('ID_CHECK_LOCK');
    expect(await identification(who.client)).toMatchObject({ mayPlayForReal: false });
    const staff = await signIn('bo.identity');
    const queue = (await (await call('GET', '/bo/reviews/documents', staff)).json()) as {
      players: { partyId?: string; id?: string; username: string; documents: number; referredBy: string | null }[];
    };
    expect(queue.players.find((entry) => entry.username === who.username)).toMatchObject({ documents: 0, referredBy: 'onfido' });

    const decided = await call('POST', `/bo/players/${who.partyId}/identity`, staff, { decision: 'approve', reason: 'Document checked by hand' });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toEqual({ documents: 0, kycStatus: 'PASS', mayPlayForReal: true });
    expect(await identification(who.client)).toMatchObject({ kycStatus: 'PASS', mayPlayForReal: true });
    const after = (await (await call('GET', '/bo/reviews/documents', staff)).json()) as { players: { username: string }[] };
    expect(after.players.some((entry) => entry.username === who.username)).toBe(false);
    // Nothing is left to decide: a second decision finds nothing waiting.
    expect((await call('POST', `/bo/players/${who.partyId}/identity`, staff, { decision: 'reject', reason: 'Again' })).status).toBe(404);
  });

  it('KYC-02: a rejected or suspected document report rejects the check — KYC_FAILED_LOCK, never referred to staff', async () => {
    for (const lastName of ['Rejected', 'Suspected']) {
      const who = await signUp(lastName);
      await expect.poll(async () => kycStatusOf(who.partyId), { timeout: 8_000 }).toBe('KYC_FAILED_LOCK');
      const [row] = await server.db.select().from(kycCheck).where(eq(kycCheck.checkId, who.checkId));
      expect(row).toMatchObject({ status: 'REJECTED', result: 'consider', subResult: lastName.toLowerCase() });
    }
  });

  it('forged and rotated-out signatures are refused with 401 and store nothing; the previous token of a rotation is accepted', async () => {
    const who = await signUp('Walsh');
    await processed();
    const before = (await eventsOf(who.checkId)).length;
    const body = onfido.webhookBody('check', 'check.reopened', who.checkId);
    expect((await postWebhook(body, onfidoSignature(body, RETIRED))).status).toBe(401);
    expect((await postWebhook(body, onfidoSignature(`${body} `, CURRENT))).status).toBe(401);
    expect((await postWebhook(body, 'not-hex')).status).toBe(401);
    expect((await postWebhook(body, null)).status).toBe(401);
    expect((await eventsOf(who.checkId)).length).toBe(before);
    const accepted = await postWebhook(body, onfidoSignature(body, PREVIOUS));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ status: 'SUCCESS', duplicate: false });
    await processed();
    expect((await eventsOf(who.checkId)).length).toBe(before + 1);
    // The simulator signs with a new token from now on; the server accepts it once configured (it is: PREVIOUS).
    onfido.rotateWebhookToken(PREVIOUS);
    const rotated = await signUp('Kelly');
    await expect.poll(async () => kycStatusOf(rotated.partyId), { timeout: 8_000 }).toBe('EXPERIAN_PASS');
    onfido.rotateWebhookToken(CURRENT);
  });

  it('duplicated and reordered webhooks are applied once: check.completed before check.started, every event twice', async () => {
    onfido.hold();
    onfido.duplicates = true;
    try {
      const who = await signUp('Consider');
      await expect.poll(() => onfido.check(who.checkId)?.status, { timeout: 8_000 }).toBe('complete');
      expect(await kycStatusOf(who.partyId)).toBe('NOT_CHECKED');
      await onfido.release('reverse');
      await processed();
      expect(await kycStatusOf(who.partyId)).toBe('ID_CHECK_LOCK');
      const events = await eventsOf(who.checkId);
      expect(events.map((event) => event.action).sort()).toEqual(['check.completed', 'check.started']);
      const rows = await server.db.select().from(kycCheck).where(eq(kycCheck.checkId, who.checkId));
      expect(rows).toHaveLength(1);
      const decidedAt = rows[0]!.decidedAt;
      // A late replay of the completion changes nothing: the decision was taken once.
      const body = onfido.webhookBody('check', 'check.completed', who.checkId);
      const replay = await postWebhook(body, onfidoSignature(body, CURRENT));
      expect(await replay.json()).toEqual({ status: 'SUCCESS', duplicate: true });
      await processed();
      expect((await server.db.select().from(kycCheck).where(eq(kycCheck.checkId, who.checkId)))[0]!.decidedAt).toEqual(decidedAt);
      expect(await kycStatusOf(who.partyId)).toBe('ID_CHECK_LOCK');
    } finally {
      onfido.duplicates = false;
      await onfido.release();
    }
  });

  it('a check whose every webhook was lost is decided by the reconciler, which asks Onfido', async () => {
    onfido.hold();
    try {
      const who = await signUp('Rejected');
      await expect.poll(() => onfido.check(who.checkId)?.status, { timeout: 8_000 }).toBe('complete');
      expect(await kycStatusOf(who.partyId)).toBe('NOT_CHECKED');
      expect(await reconcileKycChecks(server.context, { olderThanMs: 0 })).toMatchObject({ decided: 1 });
      expect(await kycStatusOf(who.partyId)).toBe('KYC_FAILED_LOCK');
      // Nothing is left: another pass decides nothing.
      expect(await reconcileKycChecks(server.context, { olderThanMs: 0 })).toMatchObject({ decided: 0 });
    } finally {
      // The held webhooks arrive late and change nothing.
      await onfido.release();
      await processed();
    }
  });

  it('Onfido unreachable at step 2 (the answer to /applicants lost): 503 SERVICE_UNAVAILABLE, nothing written; sending step 2 again creates the check', async () => {
    serial += 1;
    const name = `onfdrop${Date.now().toString(36)}${serial}`;
    const client = new ApiClient(server.url);
    const quick = await client.post<{ partyId: string }>('/ps/quickSignup', {
      username: name,
      password: 'green4tables',
      birthDate: '1991-03-09',
      currency: 'EUR',
      email: `${name}@example.test`,
      receiveEmail: true,
      consents: [1, 2],
    });
    expect(quick.status).toBe(200);
    const step2 = {
      firstName: 'Aoife',
      lastName: 'Byrne',
      gender: 'F',
      profession: 'Nurse',
      address: '1 Grafton Street',
      municipality: 'Dublin',
      country: 'IE',
      postalCode: 'D02 X285',
      city: 'Dublin 2',
      mobile: '353861234567',
    };
    onfido.dropAnswers('/applicants');
    const refused = await client.post<{ status: string }>('/ps/quickSignupCompletion', step2);
    expect(refused.status).toBe(503);
    expect(refused.body.status).toBe('SERVICE_UNAVAILABLE');
    expect((await server.db.select().from(player).where(eq(player.id, quick.body.partyId)))[0]).toMatchObject({ registrationStatus: 'QUICK_REG' });
    expect(await server.db.select().from(kycCheck).where(eq(kycCheck.playerId, quick.body.partyId))).toEqual([]);
    const again = await client.post<{ status: string }>('/ps/quickSignupCompletion', step2);
    expect(again.status).toBe(200);
    await expect.poll(async () => kycStatusOf(quick.body.partyId), { timeout: 8_000 }).toBe('EXPERIAN_PASS');
  });

  it('bad input: a signed body that is not JSON or not an Onfido event is 400; an unknown provider or one without webhooks is 404', async () => {
    const notJson = 'this is not json';
    const refused = await postWebhook(notJson, onfidoSignature(notJson, CURRENT));
    expect(refused.status).toBe(400);
    const notEvent = JSON.stringify({ payload: { action: 'check.completed' } });
    expect((await postWebhook(notEvent, onfidoSignature(notEvent, CURRENT))).status).toBe(400);
    const body = JSON.stringify({ payload: { resource_type: 'check', action: 'check.completed', object: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect((await postWebhook(body, onfidoSignature(body, CURRENT), 'nobody')).status).toBe(404);
    expect((await postWebhook(body, onfidoSignature(body, CURRENT), 'sandbox')).status).toBe(404);
  });

  it('no session is needed but a signature is: an unsigned event is 401; a signed event about a check that is not ours changes no player', async () => {
    const foreign = JSON.stringify({ payload: { resource_type: 'check', action: 'check.completed', object: { id: '11111111-1111-4111-8111-111111111111' } } });
    expect((await postWebhook(foreign, null)).status).toBe(401);
    const answered = await postWebhook(foreign, onfidoSignature(foreign, CURRENT));
    // Acknowledged (or Onfido would retry for days); the simulator answers 404 for the check, so nothing is decided.
    expect(answered.status).toBe(200);
    await expect
      .poll(async () => (await server.db.select().from(kycEvent).where(eq(kycEvent.eventId, 'check.completed:11111111-1111-4111-8111-111111111111'))).length)
      .toBe(1);
    expect(await server.db.select().from(kycCheck).where(eq(kycCheck.checkId, '11111111-1111-4111-8111-111111111111'))).toEqual([]);
    // Not ours: processed without asking Onfido about it.
    await processed();
    expect(onfido.requests.some((request) => request.path.endsWith('/checks/11111111-1111-4111-8111-111111111111'))).toBe(false);
  });
});
