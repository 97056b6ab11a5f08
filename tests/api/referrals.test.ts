import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, player, playerBonus, playerMessage, referral, referralInvitation, referralReward } from '../../server/db/schema';
import { updatePlayer } from '../../server/platform/accounts';
import { ensureReferralCode, referralCodeOf } from '../../server/platform/referrals';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { ApiClient, newSignup } from '../support/api-client';
import { card, cashierPlayer, formAction, openPage, pageResult, requestId, submitForm, waitForPaymentStatus } from '../support/cashier';
import { setMarketingConsents } from '../../server/platform/consents';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Refer a friend (issue 14; REF-07, REF-08, REF-12; spec 001 §2, §5, §7 "referFriend", §8):
 * invitations under the 15-address limit (also in parallel), the errors list, the referral cookie
 * linking a sign-up, the reward (demo plan 1005: €20 bonus, 10× wagering; a first deposit of €20 by
 * a verified friend) granted once, and the three self-referral signs that earn nothing.
 */

interface ReferBody {
  status: 'SUCCESS' | 'FAILURE';
  errors: { error: string; field: string }[];
  sent: number;
  remaining: number;
}
interface ReferralsBody {
  referralLink: string;
  remaining: number;
  reward: number;
  minimumDeposit: number;
  currency: string;
  counts: { invited: number; joined: number; qualified: number };
  friends: { email: string | null; stage: string }[];
}
type ErrorBody = { status: string; errors?: { field: string; error: string }[] };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'http://emerald.test' });
});
afterAll(() => server.close());

const unique = () => randomUUID().slice(0, 8);
const addresses = (count: number, tag = unique()) => Array.from({ length: count }, (_, index) => `friend${index}.${tag}@example.test`);

async function referrer() {
  const signedIn = await cashierPlayer(server);
  await ensureReferralCode(server.db, signedIn.partyId);
  // Invitations are marketing e-mail: the referrer accepts casino offers by e-mail (SR 5.1.12; refused without, in marketing-consents.test.ts).
  await setMarketingConsents(server.db, signedIn.partyId, [{ product: 'GAMING', channel: 'EMAIL', granted: true }], {
    kind: 'PLAYER',
    playerId: signedIn.partyId,
  });
  return signedIn;
}

const refer = (client: ApiClient, emails: string) => client.post<ReferBody>('/ps/referFriend', { emails });
const referrals = async (client: ApiClient) => (await client.get<ReferralsBody>('/ps/getReferrals')).body;
const invitationsOf = (playerId: string) => server.db.select().from(referralInvitation).where(eq(referralInvitation.referrerId, playerId));
const outboxTo = (recipients: string[]) => server.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));
const rewardsOf = (referrerId: string) => server.db.select().from(referralReward).where(eq(referralReward.referrerId, referrerId));
const bonusesOf = (playerId: string) => server.db.select().from(playerBonus).where(eq(playerBonus.playerId, playerId));
const referralOf = async (friendId: string) => (await server.db.select().from(referral).where(eq(referral.referredId, friendId)))[0];

/** A friend signing up through the portal with the referral cookie's value (or the cookie itself). */
async function friendSignsUp(code: string | null, options: { email?: string; client?: ApiClient; cookieOnly?: boolean } = {}) {
  const client = options.client ?? new ApiClient(server.url);
  const signup = newSignup(options.email ? { email: options.email } : {});
  if (code && options.cookieOnly) client.cookies.set('referralId', code);
  const answer = await client.post<{ status: string }>('/ps/quickSignup', code && !options.cookieOnly ? { ...signup, referralId: code } : signup);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [row] = await server.db
    .select({ id: player.id })
    .from(player)
    .where(eq(player.email, String(signup.email)));
  if (!row) throw new Error('friend not created');
  return { partyId: row.id, client, email: String(signup.email) };
}

/** The friend's identity check passes (the documents review and identification write kycStatus so). */
const verify = (friendId: string) => updatePlayer(server.db, friendId, { registrationStatus: 'PLAYER', kycStatus: 'PASS' });

describe('invitations (REF-07, REF-08, REF-12)', () => {
  it('REF-08 invites the comma-joined addresses and e-mails each, through the outbox, the referral link', async () => {
    const { client, partyId } = await referrer();
    const [first, second, third] = addresses(3);
    // Fields as the page joins them: one address per line or comma-separated inside a field.
    const answer = await refer(client, `${first}\n${second},${third}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'SUCCESS', errors: [], sent: 3, remaining: 12 });
    const link = `http://emerald.test/?page=signup&referralId=${referralCodeOf(partyId)}`;
    const mails = await outboxTo([first!, second!, third!]);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.template).toBe('referral-invitation');
      expect(mail.text).toContain(link);
    }
    const seen = await referrals(client);
    expect(seen).toMatchObject({
      referralLink: link,
      remaining: 12,
      counts: { invited: 3, joined: 0, qualified: 0 },
      reward: 20,
      minimumDeposit: 20,
      currency: 'EUR',
    });
    expect(seen.friends.map((friend) => [friend.email, friend.stage])).toEqual([first, second, third].map((email) => [email, 'INVITED']));
  });

  it('REF-08 answers the errors list (error, field) for invalid, repeated, already invited, registered and own addresses, and sends nothing', async () => {
    const { client, partyId } = await referrer();
    const [invited] = addresses(1);
    expect((await refer(client, invited!)).body.status).toBe('SUCCESS');
    const registered = await cashierPlayer(server);
    const [registeredEmail] = await server.db.select({ email: player.email }).from(player).where(eq(player.id, registered.partyId));
    const [ownEmail] = await server.db.select({ email: player.email }).from(player).where(eq(player.id, partyId));
    const [fresh] = addresses(1);
    const answer = await refer(client, [fresh, 'not-an-address', fresh!.toUpperCase(), invited, registeredEmail!.email, ownEmail!.email].join(','));
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('FAILURE');
    expect(answer.body.errors).toEqual([
      { error: 'INVALID_EMAIL', field: 'not-an-address' },
      { error: 'DUPLICATE_EMAIL', field: fresh!.toUpperCase() },
      { error: 'ALREADY_INVITED', field: invited },
      { error: 'ALREADY_REGISTERED', field: registeredEmail!.email },
      { error: 'OWN_EMAIL', field: ownEmail!.email },
    ]);
    expect(answer.body.sent).toBe(0);
    expect(await invitationsOf(partyId)).toHaveLength(1);
    expect(await outboxTo([fresh!])).toHaveLength(0);
  });

  it('REF-12 refuses more than 15 addresses per player in all, naming the addresses past the limit', async () => {
    const { client, partyId } = await referrer();
    const batch = addresses(16);
    expect((await refer(client, batch.slice(0, 10).join(','))).body).toMatchObject({ status: 'SUCCESS', remaining: 5 });
    const over = await refer(client, batch.slice(10, 16).join(','));
    expect(over.body).toMatchObject({ status: 'FAILURE', sent: 0, remaining: 5, errors: [{ error: 'LIMIT_REACHED', field: batch[15] }] });
    expect(await invitationsOf(partyId)).toHaveLength(10);
    expect((await refer(client, batch.slice(10, 15).join(','))).body).toMatchObject({ status: 'SUCCESS', sent: 5, remaining: 0 });
    expect((await refer(client, addresses(1).join(','))).body).toMatchObject({ status: 'FAILURE', remaining: 0 });
    expect(await invitationsOf(partyId)).toHaveLength(15);
    expect((await referrals(client)).remaining).toBe(0);
  });

  it('REF-12 parallel requests together cannot pass 15 (the count is taken under the player’s lock)', async () => {
    const { client, partyId } = await referrer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refer(client, addresses(4).join(','))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.status === 'SUCCESS')).toHaveLength(3);
    const invitations = await invitationsOf(partyId);
    expect(invitations).toHaveLength(12);
    expect(await outboxTo(invitations.map((row) => row.email))).toHaveLength(12);
    // One more request of 4 leaves 3 over the limit: refused whole.
    expect((await refer(client, addresses(4).join(','))).body.status).toBe('FAILURE');
    const fill = await Promise.all(Array.from({ length: 4 }, () => refer(client, addresses(1).join(','))));
    expect(fill.filter((answer) => answer.body.status === 'SUCCESS')).toHaveLength(3);
    expect(await invitationsOf(partyId)).toHaveLength(15);
  });

  it.each([
    ['missing', {}],
    ['empty', { emails: '' }],
    ['only separators', { emails: ' , ,\n' }],
    ['not text', { emails: 42 }],
    ['too long', { emails: 'a'.repeat(20_000) }],
  ])('bad input (%s) is 400 naming emails and changes nothing', async (_what, body) => {
    const { client, partyId } = await referrer();
    const answer = await client.post<ErrorBody>('/ps/referFriend', body);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('VALIDATION_ERROR');
    expect(answer.body.errors?.map((error) => error.field)).toContain('emails');
    expect(await invitationsOf(partyId)).toHaveLength(0);
  });

  it('no session is 401 for both operations', async () => {
    const visitor = new ApiClient(server.url);
    expect((await visitor.post<ErrorBody>('/ps/referFriend', { emails: addresses(1)[0] })).status).toBe(401);
    expect((await visitor.get<ErrorBody>('/ps/getReferrals')).status).toBe(401);
  });
});

describe('the referral cookie at sign-up', () => {
  it('links the new player to the referrer, by the referralId the portal sends or by the cookie alone; the referrer sees joined', async () => {
    const { client, partyId } = await referrer();
    const [invitedEmail] = addresses(1);
    await refer(client, invitedEmail!);
    const invited = await friendSignsUp(referralCodeOf(partyId), { email: invitedEmail });
    const byCookie = await friendSignsUp(referralCodeOf(partyId), { cookieOnly: true });
    expect(await referralOf(invited.partyId)).toMatchObject({ referrerId: partyId, selfReferral: null });
    expect(await referralOf(byCookie.partyId)).toMatchObject({ referrerId: partyId, selfReferral: null });
    const seen = await referrals(client);
    expect(seen.counts).toEqual({ invited: 1, joined: 2, qualified: 0 });
    // Only the address the referrer typed, and stages: nothing else of the friends.
    expect(seen.friends).toEqual([
      { email: invitedEmail, stage: 'JOINED', invitedAt: expect.any(String) },
      { email: null, stage: 'JOINED', invitedAt: null },
    ]);
    expect(JSON.stringify(seen)).not.toContain(byCookie.email);
  });

  it('an unknown code links nothing and the sign-up goes on', async () => {
    const friend = await friendSignsUp('0123456789abcdef');
    expect(await referralOf(friend.partyId)).toBeUndefined();
  });
});

describe('qualification: the reward once', () => {
  it('parallel first deposits of a verified friend reward the referrer once, as a bonus on plan 1005 with its wagering', async () => {
    const { client, partyId } = await referrer();
    const friend = await friendSignsUp(referralCodeOf(partyId));
    await verify(friend.partyId);
    expect(await rewardsOf(partyId)).toHaveLength(0);
    await Promise.all([5_000n, 2_500n, 3_000n].map((amount) => server.fundPlayer(friend.partyId, amount)));
    const rewards = await rewardsOf(partyId);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ outcome: 'GRANTED', amount: 2_000n, currency: 'EUR' });
    const bonuses = await bonusesOf(partyId);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ planId: 1005, status: 'ACTIVE', amount: 2_000n, wagerRequirement: 20_000n, id: rewards[0]!.playerBonusId });
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 0n, bonus: 2_000n });
    // Issue 27: the referrer is told, once.
    const told = async () =>
      (await server.db.select().from(playerMessage).where(eq(playerMessage.playerId, partyId))).filter((message) => message.kind === 'BONUS_NOTICE');
    expect(await told()).toHaveLength(1);
    expect((await told())[0]).toMatchObject({ subject: 'Your friend qualified: you have a bonus' });
    expect((await told())[0]!.body).toContain('€20.00');
    // Verification written again, in parallel, rewards nothing more.
    await Promise.all([verify(friend.partyId), verify(friend.partyId), verify(friend.partyId)]);
    await server.fundPlayer(friend.partyId, 5_000n);
    expect(await rewardsOf(partyId)).toHaveLength(1);
    expect(await bonusesOf(partyId)).toHaveLength(1);
    expect(await told()).toHaveLength(1);
    expect((await referrals(client)).counts).toEqual({ invited: 0, joined: 1, qualified: 1 });
  });

  it('a deposit before verification qualifies at verification, once, however often verification is written', async () => {
    const { partyId } = await referrer();
    const friend = await friendSignsUp(referralCodeOf(partyId));
    await server.fundPlayer(friend.partyId, 2_000n);
    expect(await rewardsOf(partyId)).toHaveLength(0);
    await Promise.all([verify(friend.partyId), verify(friend.partyId), verify(friend.partyId)]);
    expect(await rewardsOf(partyId)).toHaveLength(1);
    expect(await bonusesOf(partyId)).toHaveLength(1);
  });

  it('each server verifies with its own reward: a second server in the same process (REFERRAL_REWARD 35) grants 35.00, not the first server’s 20.00', async () => {
    // The listeners used to be registered once per process, with the settings of the first server that loaded.
    const second = await startTestServer({ PUBLIC_URL: 'http://second.emerald.test', REFERRAL_REWARD: '35' });
    try {
      const referring = await cashierPlayer(second);
      await ensureReferralCode(second.db, referring.partyId);
      const signup = newSignup();
      const joined = await new ApiClient(second.url).post<{ status: string }>('/ps/quickSignup', { ...signup, referralId: referralCodeOf(referring.partyId) });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      const [friend] = await second.db
        .select({ id: player.id })
        .from(player)
        .where(eq(player.email, String(signup.email)));
      await second.fundPlayer(friend!.id, 2_000n);
      await updatePlayer(second.db, friend!.id, { registrationStatus: 'PLAYER', kycStatus: 'PASS' });
      const rewards = await second.db.select().from(referralReward).where(eq(referralReward.referrerId, referring.partyId));
      expect(rewards).toHaveLength(1);
      expect(rewards[0]).toMatchObject({ outcome: 'GRANTED', amount: 3_500n });
    } finally {
      await second.close();
    }
  });

  it('a first deposit under the configured amount never qualifies, even with a larger one after it', async () => {
    const { partyId } = await referrer();
    const friend = await friendSignsUp(referralCodeOf(partyId));
    await verify(friend.partyId);
    await server.fundPlayer(friend.partyId, 1_999n);
    await server.fundPlayer(friend.partyId, 10_000n);
    expect(await rewardsOf(partyId)).toHaveLength(0);
    expect((await referralOf(friend.partyId))?.qualifiedAt).toBeNull();
  });

  it('an unverified friend does not qualify', async () => {
    const { partyId } = await referrer();
    const friend = await friendSignsUp(referralCodeOf(partyId));
    await updatePlayer(server.db, friend.partyId, { registrationStatus: 'PLAYER', kycStatus: 'ID_CHECK_LOCK' });
    await server.fundPlayer(friend.partyId, 5_000n);
    expect(await rewardsOf(partyId)).toHaveLength(0);
  });
});

describe('self-referral earns nothing', () => {
  it('the same mailbox as the referrer (another spelling of one Gmail address)', async () => {
    const { partyId } = await referrer();
    const tag = unique();
    await server.db
      .update(player)
      .set({ email: `saoirse.walsh.${tag}@gmail.com` })
      .where(eq(player.id, partyId));
    const friend = await friendSignsUp(referralCodeOf(partyId), { email: `saoirsewalsh${tag}+second@gmail.com` });
    expect((await referralOf(friend.partyId))?.selfReferral).toBe('EMAIL');
    await verify(friend.partyId);
    await server.fundPlayer(friend.partyId, 5_000n);
    expect(await rewardsOf(partyId)).toHaveLength(0);
    expect(await bonusesOf(partyId)).toHaveLength(0);
  });

  it('the same browser: a sign-up where the referrer opened their Refer a Friend page', async () => {
    const { client, partyId } = await referrer();
    const page = await client.get('/ps/getReferrals');
    expect(page.setCookies.find((line) => line.startsWith('EMERALD_REFERRER='))).toMatch(/HttpOnly/i);
    // The referrer signs out and signs a second account up in that browser with their own link.
    client.cookies.delete('SESSION_KEY');
    const second = await friendSignsUp(referralCodeOf(partyId), { client });
    expect((await referralOf(second.partyId))?.selfReferral).toBe('BROWSER');
    await verify(second.partyId);
    await server.fundPlayer(second.partyId, 5_000n);
    expect(await rewardsOf(partyId)).toHaveLength(0);
    // Another browser with the same link is an ordinary referral.
    const other = await friendSignsUp(referralCodeOf(partyId));
    expect((await referralOf(other.partyId))?.selfReferral).toBeNull();
  });

  it('the same payment instrument: a friend depositing from the referrer’s bank account; another account qualifies', async () => {
    const { client, partyId } = await referrer();
    const account = 'IE29AIBK93115212345678';
    const own = await client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 30,
      accountId: account,
      secureId: '123456',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const deposit = async (friend: Awaited<ReturnType<typeof friendSignsUp>>, accountId: string) => {
      await verify(friend.partyId);
      const answer = await friend.client.post('/ps/processDeposit', {
        requestId: requestId(),
        paymentMethod: 'OMEGA_BANK',
        amount: 50,
        accountId,
        secureId: '123456',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const sharing = await friendSignsUp(referralCodeOf(partyId));
    await deposit(sharing, account.replace(/(.{4})/g, '$1 '));
    expect((await referralOf(sharing.partyId))?.selfReferral).toBe('PAYMENT_INSTRUMENT');
    expect(await rewardsOf(partyId)).toHaveLength(0);
    const honest = await friendSignsUp(referralCodeOf(partyId));
    await deposit(honest, 'IE64IRCE92050112345678');
    expect(await rewardsOf(partyId)).toMatchObject([{ referredId: honest.partyId, outcome: 'GRANTED' }]);
  });
});

describe('self-referral by card', () => {
  async function cardDeposit(client: ApiClient, cardNumber: string, amount: number) {
    const started = await client.post<{ paymentId: string; continueUrl: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const page = await openPage(server, started.body.continueUrl);
    const done = await submitForm(server, formAction(page.html), card(cardNumber, { saveCard: 'on' }));
    expect(pageResult(done.html)?.outcome).toBe('completed');
    await waitForPaymentStatus(client, started.body.paymentId, 'SUCCESS');
  }

  it('a friend whose first deposit is paid with the referrer’s card earns nothing; another card qualifies', async () => {
    const { client, partyId } = await referrer();
    await cardDeposit(client, '4242 4242 4242 4242', 30);
    const sharing = await friendSignsUp(referralCodeOf(partyId));
    await verify(sharing.partyId);
    await cardDeposit(sharing.client, '4242 4242 4242 4242', 25);
    expect((await referralOf(sharing.partyId))?.selfReferral).toBe('PAYMENT_INSTRUMENT');
    expect(await rewardsOf(partyId)).toHaveLength(0);
    const honest = await friendSignsUp(referralCodeOf(partyId));
    await verify(honest.partyId);
    await cardDeposit(honest.client, '5555 5555 5555 4444', 25);
    expect(await rewardsOf(partyId)).toMatchObject([{ referredId: honest.partyId, outcome: 'GRANTED' }]);
  });
});

describe('the ledger', () => {
  it('still balances after every movement of this file', async () => {
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(referralReward)
        .where(and(eq(referralReward.outcome, 'GRANTED'))),
    ).not.toHaveLength(0);
  });
});
