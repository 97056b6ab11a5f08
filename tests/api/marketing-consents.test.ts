import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketingConsent } from '../../contracts/platform/marketing/marketing-consents';
import { bonusPlan, consentVersion, mailOutbox, marketingConsent, player, playerConsent, referralInvitation, staffAudit } from '../../server/db/schema';
import { setMarketingConsents } from '../../server/platform/consents';
import { sendBonusOffer, sendMarketingMail } from '../../server/platform/marketing';
import { ensureReferralCode } from '../../server/platform/referrals';
import { ApiClient, newSignup } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Marketing consent per product and channel (UKGC SR 5.1.12; docs/compliance.md "Marketing
 * consent"): every box unticked by default, asked at sign-up, changed by the player and by staff
 * (audited), and asked by every marketing send at send time — a box of another product or channel
 * never stands in. The migration of the older single consents widens nothing.
 */
type ErrorBody = { status: string; errors?: { field: string; error: string }[] };
type Matrix = { status: string; consents: MarketingConsent[] };

let server: TestServer;
const staff = staffApi(() => server);

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'http://emerald.test' });
});
afterAll(() => server.close());

async function signedIn() {
  const created = await server.createSignedInPlayer({ currencies: ['EUR'] });
  const client = new ApiClient(server.url);
  client.cookies.set('SESSION_KEY', created.token);
  const [row] = await server.db.select({ email: player.email }).from(player).where(eq(player.id, created.partyId));
  return { ...created, client, email: row!.email };
}

const tick = (playerId: string, boxes: { product: 'GAMING' | 'BINGO'; channel: 'EMAIL' | 'SMS' | 'PHONE' | 'POST'; granted?: boolean }[]) =>
  setMarketingConsents(
    server.db,
    playerId,
    boxes.map((box) => ({ granted: true, ...box })),
    { kind: 'PLAYER', playerId },
  );
const granted = (matrix: MarketingConsent[]) => matrix.filter((box) => box.granted).map((box) => `${box.product}:${box.channel}`);
const mailTo = (email: string) => server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
const context = () => ({ db: server.db, mailer: server.context.mailer, config: server.context.config, inducements: server.context.inducements });

describe('the player’s matrix', () => {
  it('is every offered product × channel, all unticked, for a new player; BETTING is not offered', async () => {
    const api = new ApiClient(server.url);
    expect((await api.post('/ps/quickSignup', newSignup())).status).toBe(200);
    const matrix = await api.get<Matrix>('/ps/user/marketingConsents');
    expect(matrix.status).toBe(200);
    expect(matrix.body.consents.map((box) => `${box.product}:${box.channel}`)).toEqual([
      'GAMING:EMAIL',
      'GAMING:SMS',
      'GAMING:PHONE',
      'GAMING:POST',
      'BINGO:EMAIL',
      'BINGO:SMS',
      'BINGO:PHONE',
      'BINGO:POST',
    ]);
    expect(matrix.body.consents.every((box) => !box.granted && box.changedAt === null && box.changedBy === null)).toBe(true);
  });

  it('keeps the boxes ticked at sign-up and no others', async () => {
    const api = new ApiClient(server.url);
    const signup = await api.post<{ partyId: string }>(
      '/ps/quickSignup',
      newSignup({
        marketingConsents: [
          { product: 'BINGO', channel: 'EMAIL' },
          { product: 'GAMING', channel: 'POST' },
        ],
      }),
    );
    expect(signup.status, signup.text).toBe(200);
    const matrix = (await api.get<Matrix>('/ps/user/marketingConsents')).body.consents;
    expect(granted(matrix)).toEqual(['GAMING:POST', 'BINGO:EMAIL']);
    expect(matrix.find((box) => box.product === 'BINGO' && box.channel === 'EMAIL')).toMatchObject({ changedBy: 'PLAYER', changedAt: expect.any(String) });
  });

  it('refuses a sign-up naming BETTING or an unknown channel, naming the field, and makes no player', async () => {
    for (const [box, field] of [
      [{ product: 'BETTING', channel: 'EMAIL' }, 'marketingConsents.0.product'],
      [{ product: 'GAMING', channel: 'FAX' }, 'marketingConsents.0.channel'],
    ] as const) {
      const body = newSignup({ marketingConsents: [box] });
      const answer = await new ApiClient(server.url).post<ErrorBody>('/ps/quickSignup', body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors?.map((error) => error.field)).toContain(field);
      expect(await server.db.select().from(player).where(eq(player.email, body.email))).toEqual([]);
    }
  });

  it('changes the named boxes only, and unticks', async () => {
    const { client } = await signedIn();
    const first = await client.request<Matrix>('PUT', '/ps/user/marketingConsents', {
      consents: [
        { product: 'GAMING', channel: 'SMS', granted: true },
        { product: 'BINGO', channel: 'PHONE', granted: true },
      ],
    });
    expect(first.status).toBe(200);
    expect(granted(first.body.consents)).toEqual(['GAMING:SMS', 'BINGO:PHONE']);
    const second = await client.request<Matrix>('PUT', '/ps/user/marketingConsents', { consents: [{ product: 'GAMING', channel: 'SMS', granted: false }] });
    expect(granted(second.body.consents)).toEqual(['BINGO:PHONE']);
    expect(second.body.consents.find((box) => box.product === 'GAMING' && box.channel === 'SMS')).toMatchObject({ granted: false, changedBy: 'PLAYER' });
  });

  it.each([
    ['no boxes', { consents: [] }, 'consents'],
    ['BETTING (reserved, not offered)', { consents: [{ product: 'BETTING', channel: 'EMAIL', granted: true }] }, 'consents.0.product'],
    ['an unknown channel', { consents: [{ product: 'GAMING', channel: 'FAX', granted: true }] }, 'consents.0.channel'],
    [
      'a box named twice',
      {
        consents: [
          { product: 'GAMING', channel: 'EMAIL', granted: true },
          { product: 'GAMING', channel: 'EMAIL', granted: false },
        ],
      },
      'consents',
    ],
    ['granted not a boolean', { consents: [{ product: 'GAMING', channel: 'EMAIL', granted: 'yes' }] }, 'consents.0.granted'],
    ['no consents at all', {}, 'consents'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_what, body, field) => {
    const { client, partyId } = await signedIn();
    const answer = await client.request<ErrorBody>('PUT', '/ps/user/marketingConsents', body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors?.map((error) => error.field)).toContain(field);
    expect(await server.db.select().from(marketingConsent).where(eq(marketingConsent.playerId, partyId))).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const visitor = new ApiClient(server.url);
    expect((await visitor.get('/ps/user/marketingConsents')).status).toBe(401);
    expect((await visitor.request('PUT', '/ps/user/marketingConsents', { consents: [{ product: 'GAMING', channel: 'EMAIL', granted: true }] })).status).toBe(
      401,
    );
  });
});

describe('staff', () => {
  it('see the matrix and change it with players.consents, audited in the same transaction', async () => {
    const { partyId, client } = await signedIn();
    await tick(partyId, [{ product: 'GAMING', channel: 'EMAIL' }]);
    const support = await staff.signIn('bo.support');
    const read = await staff.call('GET', `/bo/players/${partyId}/marketingConsents`, support);
    expect(read.status).toBe(200);
    expect(granted(((await read.json()) as Matrix).consents)).toEqual(['GAMING:EMAIL']);

    const changed = await staff.call('PUT', `/bo/players/${partyId}/marketingConsents`, support, {
      consents: [
        { product: 'GAMING', channel: 'EMAIL', granted: false },
        { product: 'BINGO', channel: 'POST', granted: true },
      ],
    });
    expect(changed.status).toBe(200);
    const matrix = ((await changed.json()) as Matrix).consents;
    expect(granted(matrix)).toEqual(['BINGO:POST']);
    expect(matrix.find((box) => box.product === 'GAMING' && box.channel === 'EMAIL')).toMatchObject({ granted: false, changedBy: 'STAFF' });
    // The player sees the staff's change.
    expect(granted((await client.get<Matrix>('/ps/user/marketingConsents')).body.consents)).toEqual(['BINGO:POST']);
    const [row] = await server.db
      .select()
      .from(marketingConsent)
      .where(and(eq(marketingConsent.playerId, partyId), eq(marketingConsent.product, 'BINGO'), eq(marketingConsent.channel, 'POST')));
    expect(row).toMatchObject({ changedByKind: 'STAFF', changedById: expect.any(String) });

    const audit = await server.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'player.marketing_consents'), eq(staffAudit.subjectId, partyId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffUsername: 'bo.support', permission: 'players.consents', subjectType: 'player', staffId: row!.changedById });
    expect(audit[0]!.detail).toEqual({
      changes: [
        { product: 'GAMING', channel: 'EMAIL', granted: false, was: true },
        { product: 'BINGO', channel: 'POST', granted: true, was: false },
      ],
    });
  });

  it('refuse a member without players.consents (403), no staff session (401), an unknown player (404) and bad input (400 naming the field); nothing changes or is audited', async () => {
    const { partyId } = await signedIn();
    const body = { consents: [{ product: 'GAMING', channel: 'EMAIL', granted: true }] };
    const auditor = await staff.signIn('bo.auditor');
    expect((await staff.call('GET', `/bo/players/${partyId}/marketingConsents`, auditor)).status).toBe(200);
    expect((await staff.call('PUT', `/bo/players/${partyId}/marketingConsents`, auditor, body)).status).toBe(403);
    expect((await staff.call('GET', `/bo/players/${partyId}/marketingConsents`, null)).status).toBe(401);
    expect((await staff.call('PUT', `/bo/players/${partyId}/marketingConsents`, null, body)).status).toBe(401);
    // A player's own session opens nothing here.
    const { token } = await signedIn();
    expect((await staff.call('GET', `/bo/players/${partyId}/marketingConsents`, `SESSION_KEY=${token}`)).status).toBe(401);

    const support = await staff.signIn('bo.support');
    const stranger = randomUUID();
    expect((await staff.call('GET', `/bo/players/${stranger}/marketingConsents`, support)).status).toBe(404);
    expect((await staff.call('PUT', `/bo/players/${stranger}/marketingConsents`, support, body)).status).toBe(404);
    const badId = await staff.call('GET', '/bo/players/not-a-player/marketingConsents', support);
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as ErrorBody).errors?.map((error) => error.field)).toContain('playerId');
    const betting = await staff.call('PUT', `/bo/players/${partyId}/marketingConsents`, support, {
      consents: [{ product: 'BETTING', channel: 'EMAIL', granted: true }],
    });
    expect(betting.status).toBe(400);
    expect(((await betting.json()) as ErrorBody).errors?.map((error) => error.field)).toContain('consents.0.product');

    expect(await server.db.select().from(marketingConsent).where(eq(marketingConsent.playerId, partyId))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(staffAudit)
        .where(inArray(staffAudit.subjectId, [partyId, stranger])),
    ).toEqual([]);
  });
});

describe('every marketing send asks the box of its product and channel at send time', () => {
  const offer = { subject: 'A new table', paragraphs: ['Our new roulette table is open.'] };

  it('marketing mail: not sent without the box, nor by another product’s or channel’s box; sent with it; stopped when unticked', async () => {
    const { partyId, email } = await signedIn();
    expect(await sendMarketingMail(context(), { playerId: partyId, products: ['GAMING'], ...offer })).toMatchObject({ sent: false, reason: 'NO_CONSENT' });
    await tick(partyId, [
      { product: 'BINGO', channel: 'EMAIL' },
      { product: 'GAMING', channel: 'SMS' },
      { product: 'GAMING', channel: 'POST' },
    ]);
    expect(await sendMarketingMail(context(), { playerId: partyId, products: ['GAMING'], ...offer })).toMatchObject({
      sent: false,
      missing: [{ product: 'GAMING', channel: 'EMAIL' }],
    });
    expect(await mailTo(email)).toEqual([]);

    await tick(partyId, [{ product: 'GAMING', channel: 'EMAIL' }]);
    expect(await sendMarketingMail(context(), { playerId: partyId, products: ['GAMING'], ...offer })).toEqual({ sent: true });
    const sent = await mailTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: 'marketing', subject: 'A new table' });
    expect(sent[0]!.text).toContain('you accept casino offers by e-mail');

    // A mail about both products needs both boxes; unticking at any time stops the next send.
    expect(await sendMarketingMail(context(), { playerId: partyId, products: ['GAMING', 'BINGO'], ...offer })).toEqual({ sent: true });
    await tick(partyId, [{ product: 'BINGO', channel: 'EMAIL', granted: false }]);
    expect(await sendMarketingMail(context(), { playerId: partyId, products: ['GAMING', 'BINGO'], ...offer })).toMatchObject({
      sent: false,
      missing: [{ product: 'BINGO', channel: 'EMAIL' }],
    });
    expect(await mailTo(email)).toHaveLength(2);
  });

  it('targeted bonus offers: the plan’s product decides the box (casino → GAMING, bingo → BINGO)', async () => {
    const plans = await server.db.select({ id: bonusPlan.id, product: bonusPlan.product }).from(bonusPlan).orderBy(asc(bonusPlan.id));
    const casino = plans.find((plan) => plan.product === 'CASINO')!;
    // Another plan than the referral reward's, made a bingo plan for this test.
    const bingo = plans.find((plan) => plan.id !== casino.id && plan.id !== server.context.config.REFERRAL_BONUS_PLAN_ID)!;
    await server.db.update(bonusPlan).set({ product: 'BINGO' }).where(eq(bonusPlan.id, bingo.id));

    const { partyId, email } = await signedIn();
    await tick(partyId, [
      { product: 'BINGO', channel: 'EMAIL' },
      { product: 'GAMING', channel: 'SMS' },
    ]);
    expect(await sendBonusOffer(context(), { playerId: partyId, planId: casino.id, ...offer })).toMatchObject({ sent: false, reason: 'NO_CONSENT' });
    expect(await mailTo(email)).toEqual([]);
    expect(await sendBonusOffer(context(), { playerId: partyId, planId: bingo.id, ...offer })).toEqual({ sent: true });
    await tick(partyId, [{ product: 'GAMING', channel: 'EMAIL' }]);
    expect(await sendBonusOffer(context(), { playerId: partyId, planId: casino.id, ...offer })).toEqual({ sent: true });
    expect((await mailTo(email)).map((mail) => mail.template)).toEqual(['marketing', 'marketing']);
  });

  it('refer-a-friend invitations: refused (403, nothing written or sent) unless the referrer accepts casino offers by e-mail', async () => {
    const { partyId, client } = await signedIn();
    await ensureReferralCode(server.db, partyId);
    const friend = `friend.${randomUUID().slice(0, 8)}@example.test`;
    const refuse = async () => {
      const answer = await client.post<ErrorBody>('/ps/referFriend', { emails: friend });
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body).toMatchObject({ status: 'MARKETING_CONSENT_REQUIRED', errors: [{ field: 'marketingConsents', error: 'GAMING:EMAIL' }] });
      expect(await server.db.select().from(referralInvitation).where(eq(referralInvitation.referrerId, partyId))).toEqual([]);
      expect(await mailTo(friend)).toEqual([]);
    };
    await refuse();
    await tick(partyId, [
      { product: 'BINGO', channel: 'EMAIL' },
      { product: 'GAMING', channel: 'SMS' },
    ]);
    await refuse();
    await tick(partyId, [{ product: 'GAMING', channel: 'EMAIL' }]);
    const sent = await client.post<{ status: string; sent: number }>('/ps/referFriend', { emails: friend });
    expect(sent.body).toMatchObject({ status: 'SUCCESS', sent: 1 });
    expect(await mailTo(friend)).toHaveLength(1);
  });
});

describe('migration 0048', () => {
  /** The migration's statements after the table's creation: the mapping of the older consents and their retirement. */
  async function rerunMapping() {
    const file = await readFile(new URL('../../server/db/migrations/0048_marketing_consent.sql', import.meta.url), 'utf8');
    const [, ...statements] = file.split('--> statement-breakpoint');
    for (const statement of statements) await server.db.execute(sql.raw(statement));
  }

  it('maps the older e-mail and SMS consents to GAMING × EMAIL and GAMING × SMS only, and overwrites no choice made since', async () => {
    const versions = await server.db
      .select()
      .from(consentVersion)
      .where(inArray(consentVersion.key, ['MARKETING_EMAIL', 'MARKETING_SMS']));
    const versionOf = (key: string) => versions.find((version) => version.key === key)!.id;
    // As a database before 0048 had them: the single marketing consents asked and given.
    await server.db
      .update(consentVersion)
      .set({ active: true })
      .where(inArray(consentVersion.key, ['MARKETING_EMAIL', 'MARKETING_SMS']));
    const [byEmail, bySms, byPreference, none, changedSince] = await Promise.all(Array.from({ length: 5 }, () => signedIn()));
    await server.db
      .update(player)
      .set({ receiveEmail: false })
      .where(inArray(player.id, [byEmail!.partyId, bySms!.partyId, none!.partyId, changedSince!.partyId]));
    await server.db.update(player).set({ receiveEmail: true }).where(eq(player.id, byPreference!.partyId));
    await server.db.insert(playerConsent).values([
      { playerId: byEmail!.partyId, consentVersionId: versionOf('MARKETING_EMAIL') },
      { playerId: bySms!.partyId, consentVersionId: versionOf('MARKETING_SMS') },
      { playerId: changedSince!.partyId, consentVersionId: versionOf('MARKETING_EMAIL') },
    ]);
    await tick(changedSince!.partyId, [{ product: 'GAMING', channel: 'EMAIL', granted: false }]);

    await rerunMapping();

    const rowsOf = async (playerId: string) =>
      (await server.db.select().from(marketingConsent).where(eq(marketingConsent.playerId, playerId))).map(
        (row) => `${row.product}:${row.channel}:${row.granted}:${row.changedByKind}`,
      );
    expect(await rowsOf(byEmail!.partyId)).toEqual(['GAMING:EMAIL:true:MIGRATION']);
    expect(await rowsOf(bySms!.partyId)).toEqual(['GAMING:SMS:true:MIGRATION']);
    expect(await rowsOf(byPreference!.partyId)).toEqual(['GAMING:EMAIL:true:MIGRATION']);
    expect(await rowsOf(none!.partyId)).toEqual([]);
    expect(await rowsOf(changedSince!.partyId)).toEqual(['GAMING:EMAIL:false:PLAYER']);
    // Nothing anywhere became BINGO, BETTING, PHONE or POST by the migration.
    const widened = await server.db
      .select()
      .from(marketingConsent)
      .where(
        and(
          eq(marketingConsent.changedByKind, 'MIGRATION'),
          sql`(${marketingConsent.product} <> 'GAMING' OR ${marketingConsent.channel} NOT IN ('EMAIL', 'SMS'))`,
        ),
      );
    expect(widened).toEqual([]);
    // The single consents are no longer asked.
    expect(
      (
        await server.db
          .select()
          .from(consentVersion)
          .where(inArray(consentVersion.key, ['MARKETING_EMAIL', 'MARKETING_SMS']))
      ).every((version) => !version.active),
    ).toBe(true);
    expect((await new ApiClient(server.url).get<{ consents: { key: string }[] }>('/ps/consents')).body.consents.map((consent) => consent.key)).toEqual([
      'TNC',
      'PRIVACY',
    ]);
  });
});
