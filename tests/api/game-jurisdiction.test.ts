import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema } from '../../contracts/games/play';
import { gameRound, gameSession, player } from '../../server/db/schema';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../server/http/app-error';
import { GAME_SESSION_COOKIE, requireGameSession } from '../../server/games/play/game-session';
import { spinSlot } from '../../server/games/play/rounds';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { listJurisdictionMismatches } from '../../server/platform/accounts';
import { ApiClient, completion, newSignup } from '../support/api-client';
import { fieldsOf, gameClient, minor } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

const GAME = 'SR-3001';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  // Behind a trusted proxy, so a test can say which address a player signs up and plays from.
  server = await startTestServer({ TRUST_PROXY: 'true' });
  client = gameClient(server);
  await client.publishFreeGame(GAME, 'lucky-sevens-jurisdiction', 'Lucky Sevens Classic');
});
afterAll(() => server.close());

async function playerIn(country: string | null, funds = 0n) {
  const signedIn = await server.createSignedInPlayer();
  await server.db.update(player).set({ country }).where(eq(player.id, signedIn.partyId));
  if (funds > 0n) await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  return signedIn;
}

const spin = (cookie: string, stake: number, clientRequestId = randomUUID()) =>
  client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId } });

/** Moves the player's rounds back in time, as if the spins had happened `ms` earlier. */
async function age(partyId: string, ms: number) {
  const rounds = await server.db.select().from(gameRound).where(eq(gameRound.playerId, partyId));
  for (const round of rounds)
    await server.db
      .update(gameRound)
      .set({ createdAt: new Date(round.createdAt.getTime() - ms) })
      .where(eq(gameRound.id, round.id));
}

describe('jurisdiction rules', () => {
  it('shows the GB rules in the session answer, and IE / no-country rules separately', async () => {
    const gb = await client.openGame((await playerIn('GB')).cookie, GAME, false);
    expect(gb.session.rules).toEqual({
      jurisdiction: 'GB',
      autoplay: false,
      turbo: false,
      minSpinIntervalMs: 2500,
      minGameCycleMs: 5000,
      oneSlotAtATime: true,
    });
    expect(Date.parse(gb.session.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    const ie = await client.openGame((await playerIn('IE')).cookie, GAME, false);
    expect(ie.session.rules).toEqual({ jurisdiction: 'IE', autoplay: true, turbo: true, minSpinIntervalMs: 0, minGameCycleMs: 0, oneSlotAtATime: false });
    const none = await client.openGame((await playerIn(null)).cookie, GAME, false);
    expect(none.session.rules.minSpinIntervalMs).toBe(0);
  });

  it('refuses a GB real-play spin within 2.5 s of the last one (429, Retry-After, the rule named), moving nothing', async () => {
    const gb = await playerIn('GB', 10_000n);
    const { cookie, session } = await client.openGame(gb.cookie, GAME, true);
    const stake = session.title.limits.steps[0]!;
    const firstId = randomUUID();
    const first = spinResponseSchema.parse((await spin(cookie, stake, firstId)).body);
    const balanceAfterFirst = await getPlayerBalance(server.db, gb.partyId, 'EUR');

    const tooSoon = await spin(cookie, stake);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.status).toBe('TOO_MANY_REQUESTS');
    expect(tooSoon.body.message).toMatch(/GB rules: at least 2.5 seconds between slot spins/);
    expect(fieldsOf(tooSoon)).toEqual(['minSpinInterval']);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(3);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, gb.partyId))).toHaveLength(1);
    expect(await getPlayerBalance(server.db, gb.partyId, 'EUR')).toEqual(balanceAfterFirst);

    // A retry of the first spin is still answered: it is the same round, not a new spin.
    const retry = await spin(cookie, stake, firstId);
    expect(retry.status).toBe(200);
    expect(retry.body.roundId).toBe(first.roundId);
    await age(gb.partyId, 2_600);
    const later = await spin(cookie, stake);
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(spinResponseSchema.parse(later.body).nonce).toBe(first.nonce + 1);
  });

  it('applies the GB minimum to free play too, and answers a retry of the last spin without waiting', async () => {
    const gb = await playerIn('GB');
    const { cookie, session } = await client.openGame(gb.cookie, GAME, false);
    const stake = session.title.limits.steps[0]!;
    const id = randomUUID();
    const first = await spin(cookie, stake, id);
    expect(first.status).toBe(200);
    expect((await spin(cookie, stake)).status).toBe(429);
    const retried = await spin(cookie, stake, id);
    expect(retried.status).toBe(200);
    expect(retried.body.roundId).toBe(first.body.roundId);
  });

  it('lets IE players spin back to back', async () => {
    const ie = await playerIn('IE');
    const { cookie, session } = await client.openGame(ie.cookie, GAME, false);
    const stake = session.title.limits.steps[0]!;
    for (let i = 0; i < 3; i++) expect((await spin(cookie, stake)).status).toBe(200);
  });

  it('answers the net position (total win − total stake) and elapsed seconds of the game session', async () => {
    const ie = await playerIn('IE', 10_000n);
    const { cookie, session } = await client.openGame(ie.cookie, GAME, true);
    const stake = session.title.limits.steps[1]!;
    let net = 0n;
    for (let i = 0; i < 4; i++) {
      const result = spinResponseSchema.parse((await spin(cookie, stake)).body);
      net += minor(result.win) - minor(stake);
      expect(minor(result.netPosition)).toBe(net);
      expect(result.sessionElapsedSeconds).toBeGreaterThanOrEqual(0);
      expect(result.sessionElapsedSeconds).toBeLessThan(60);
    }
    // A new game session starts again from zero.
    const again = await client.openGame(ie.cookie, GAME, true);
    const first = spinResponseSchema.parse((await spin(again.cookie, stake)).body);
    expect(minor(first.netPosition)).toBe(minor(first.win) - minor(stake));
  });
});

describe('GB: no two slots side by side (one open slot game session at a time)', () => {
  const SECOND_SLOT = 'SR-1001';
  const TABLE = 'NT-4001';
  beforeAll(async () => {
    await client.publishFreeGame(SECOND_SLOT, 'emerald-isle-jurisdiction', 'Emerald Isle Riches');
    await client.publishFreeGame(TABLE, 'roulette-jurisdiction', 'European Roulette');
  });

  const launch = (cookie: string, gameId: unknown, playForReal: unknown) => client.call('POST', '/gs/launch', { cookie, body: { gameId, playForReal } });

  it('answers the player jurisdiction rules with the launch address, so the portal offers no second slot', async () => {
    const gb = await launch((await playerIn('GB')).cookie, GAME, false);
    expect(gb.status).toBe(200);
    expect(gb.body.rules).toMatchObject({ jurisdiction: 'GB', oneSlotAtATime: true });
    const ie = await launch((await playerIn('IE')).cookie, GAME, false);
    expect(ie.body.rules).toMatchObject({ jurisdiction: 'IE', oneSlotAtATime: false });
  });

  it('refuses a bad launch or session request naming the field (400)', async () => {
    const { cookie } = await playerIn('GB');
    const noGame = await launch(cookie, '', false);
    expect(noGame.status).toBe(400);
    expect(fieldsOf(noGame)).toContain('gameId');
    const badMode = await launch(cookie, GAME, 'yes');
    expect(badMode.status).toBe(400);
    expect(fieldsOf(badMode)).toContain('playForReal');
    const noToken = await client.call('POST', '/gs/session', { body: {} });
    expect(noToken.status).toBe(400);
    expect(fieldsOf(noToken)).toEqual(['token']);
  });

  it('opening a second slot ends the first slot session: its spins are 409 GAME_SESSION_ENDED naming the rule, and nothing moves', async () => {
    const gb = await playerIn('GB', 10_000n);
    const first = await client.openGame(gb.cookie, GAME, true);
    const stake = first.session.title.limits.steps[0]!;
    expect((await spin(first.cookie, stake)).status).toBe(200);
    await age(gb.partyId, 2_600);

    const second = await client.openGame(gb.cookie, SECOND_SLOT, true);
    const rounds = await server.db.select().from(gameRound).where(eq(gameRound.playerId, gb.partyId));
    const balance = await getPlayerBalance(server.db, gb.partyId, 'EUR');

    const refused = await spin(first.cookie, stake);
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe('GAME_SESSION_ENDED');
    expect(refused.body.message).toMatch(/another slot game was opened: GB rules allow one slot game at a time/);
    expect(fieldsOf(refused)).toEqual(['gameSession']);
    // Every call of the ended session says why, not only spins.
    const history = await client.call('GET', '/gs/rounds?limit=5', { cookie: first.cookie });
    expect(history.status).toBe(409);
    expect(history.body.status).toBe('GAME_SESSION_ENDED');
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, gb.partyId))).toHaveLength(rounds.length);
    expect(await getPlayerBalance(server.db, gb.partyId, 'EUR')).toEqual(balance);

    // The newest slot plays on.
    const played = await spin(second.cookie, second.session.title.limits.steps[0]!);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
  });

  it('a spin whose session check passed just before another slot opened stakes nothing (re-checked under the seed lock)', async () => {
    const gb = await playerIn('GB', 10_000n);
    const first = await client.openGame(gb.cookie, GAME, true);
    // The request's session check, passed while the first session was still live.
    const cookieValue = first.cookie.slice(`${GAME_SESSION_COOKIE}=`.length);
    const checked = await requireGameSession(server.db, { cookies: { [GAME_SESSION_COOKIE]: cookieValue } } as unknown as FastifyRequest, {
      visitorJurisdiction: 'IE',
    });
    await client.openGame(gb.cookie, SECOND_SLOT, true);
    const balance = await getPlayerBalance(server.db, gb.partyId, 'EUR');

    const refused = await spinSlot(server.db, checked, Number(minor(first.session.title.limits.steps[0]!)), randomUUID()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe('GAME_SESSION_ENDED');
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, gb.partyId))).toEqual([]);
    expect(await getPlayerBalance(server.db, gb.partyId, 'EUR')).toEqual(balance);
  });

  it('leaves a table game open beside a GB slot, and lets non-GB players keep two slots open', async () => {
    const gb = await playerIn('GB');
    const table = await client.openGame(gb.cookie, TABLE, false);
    const slot = await client.openGame(gb.cookie, GAME, false);
    expect((await client.call('GET', '/gs/round/open', { cookie: table.cookie })).status).toBe(200);
    expect((await spin(slot.cookie, slot.session.title.limits.steps[0]!)).status).toBe(200);

    const ie = await playerIn('IE');
    const one = await client.openGame(ie.cookie, GAME, false);
    const two = await client.openGame(ie.cookie, SECOND_SLOT, false);
    expect((await spin(one.cookie, one.session.title.limits.steps[0]!)).status).toBe(200);
    expect((await spin(two.cookie, two.session.title.limits.steps[0]!)).status).toBe(200);
  });

  it('a naturally expired GB slot session stays a 401, not the one-slot refusal', async () => {
    const gb = await playerIn('GB');
    const opened = await client.openGame(gb.cookie, GAME, false);
    await server.db
      .update(gameSession)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(gameSession.playerId, gb.partyId));
    const answer = await spin(opened.cookie, opened.session.title.limits.steps[0]!);
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe('INVALID_SESSIONKEY');
  });
});

/** Addresses the offline country database places in Great Britain and in Ireland. */
const GB_ADDRESS = '81.2.69.142';
const IE_ADDRESS = '87.32.10.10';

describe('defect 3: a player plays under the stricter of the declared country and the address countries', () => {
  /** A browser at `address`: every call carries it as the proxy's X-Forwarded-For. */
  const browserAt = (address: string) => new ApiClient(server.url, { 'x-forwarded-for': address });

  async function signUp(api: ApiClient, country: string) {
    expect((await api.post('/ps/quickSignup', newSignup())).status).toBe(200);
    const completed = await api.post(
      '/ps/quickSignupCompletion',
      completion(country === 'GB' ? { country, postalCode: 'BT1 5GS', mobile: '447911123456' } : { country }),
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const alive = await api.get<{ partyId: string }>('/ps/checkSessionAlive');
    return alive.body.partyId;
  }

  /** Launches a free game as this browser and opens its game session; answers both answers and the game-session cookie. */
  async function open(api: ApiClient, gameId = GAME) {
    const launched = await api.post<{ launchUrl: string; rules: { jurisdiction: string } }>('/gs/launch', { gameId, playForReal: false });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const token = new URL(launched.body.launchUrl, server.url).searchParams.get('token');
    const game = new ApiClient(server.url);
    const session = await game.post<{
      rules: { jurisdiction: string; minSpinIntervalMs: number; oneSlotAtATime: boolean };
      title: { limits: { steps: number[] } };
    }>('/gs/session', { token });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    return { launch: launched.body, session: session.body, cookie: `${GAME_SESSION_COOKIE}=${game.cookies.get(GAME_SESSION_COOKIE)}` };
  }

  it('GB address, IE declared: GB rules — the 2.5 s spin interval and one slot at a time — and the mismatch is kept for review', async () => {
    const api = browserAt(GB_ADDRESS);
    const partyId = await signUp(api, 'IE');
    const [row] = await server.db.select().from(player).where(eq(player.id, partyId));
    expect(row).toMatchObject({ country: 'IE', registrationIpCountry: 'GB', jurisdiction: 'GB' });
    expect(await listJurisdictionMismatches(server.db, { playerId: partyId })).toEqual([
      expect.objectContaining({
        playerId: partyId,
        seenAt: 'SIGNUP',
        declaredCountry: 'IE',
        addressCountry: 'GB',
        ipAddress: GB_ADDRESS,
        jurisdiction: 'GB',
        reviewedAt: null,
      }),
    ]);

    const first = await open(api);
    expect(first.launch.rules.jurisdiction).toBe('GB');
    expect(first.session.rules).toMatchObject({ jurisdiction: 'GB', minSpinIntervalMs: 2500, oneSlotAtATime: true });
    const stake = first.session.title.limits.steps[0]!;
    expect((await spin(first.cookie, stake)).status).toBe(200);
    const tooSoon = await spin(first.cookie, stake);
    expect(tooSoon.status).toBe(429);
    expect(fieldsOf(tooSoon)).toEqual(['minSpinInterval']);

    await open(api, 'SR-1001');
    const ended = await spin(first.cookie, stake);
    expect(ended.status).toBe(409);
    expect(ended.body.status).toBe('GAME_SESSION_ENDED');
  });

  it('an Irish sign-up who then plays from a GB address plays under GB rules from that launch on, and a later Irish address does not relax them', async () => {
    const irish = browserAt(IE_ADDRESS);
    const partyId = await signUp(irish, 'IE');
    expect((await server.db.select().from(player).where(eq(player.id, partyId)))[0]).toMatchObject({ registrationIpCountry: 'IE', jurisdiction: 'IE' });
    expect((await open(irish)).session.rules.jurisdiction).toBe('IE');
    expect(await listJurisdictionMismatches(server.db, { playerId: partyId })).toEqual([]);

    const inBritain = new ApiClient(server.url, { 'x-forwarded-for': GB_ADDRESS });
    for (const [name, value] of irish.cookies) inBritain.cookies.set(name, value);
    const abroad = await open(inBritain);
    expect(abroad.launch.rules.jurisdiction).toBe('GB');
    expect(abroad.session.rules).toMatchObject({ jurisdiction: 'GB', minSpinIntervalMs: 2500 });
    expect(await listJurisdictionMismatches(server.db, { playerId: partyId })).toEqual([
      expect.objectContaining({ seenAt: 'PLAY', declaredCountry: 'IE', addressCountry: 'GB', jurisdiction: 'GB', timesSeen: 1 }),
    ]);
    await open(inBritain);
    expect((await listJurisdictionMismatches(server.db, { playerId: partyId }))[0]?.timesSeen).toBe(2);

    const home = await open(irish);
    expect(home.session.rules.jurisdiction).toBe('GB');
    expect((await server.db.select().from(player).where(eq(player.id, partyId)))[0]).toMatchObject({ playIpCountry: 'IE', jurisdiction: 'GB' });
  });

  it('step 1 from a GB address and completion from an Irish one declaring IE: GB rules, and the step-1 address is the mismatch', async () => {
    const inBritain = browserAt(GB_ADDRESS);
    expect((await inBritain.post('/ps/quickSignup', newSignup())).status).toBe(200);
    const atHome = browserAt(IE_ADDRESS);
    for (const [name, value] of inBritain.cookies) atHome.cookies.set(name, value);
    expect((await atHome.post('/ps/quickSignupCompletion', completion({ country: 'IE' }))).status).toBe(200);
    const partyId = (await atHome.get<{ partyId: string }>('/ps/checkSessionAlive')).body.partyId;
    expect((await server.db.select().from(player).where(eq(player.id, partyId)))[0]).toMatchObject({ registrationIpCountry: 'GB', jurisdiction: 'GB' });
    expect(await listJurisdictionMismatches(server.db, { playerId: partyId })).toEqual([
      expect.objectContaining({ seenAt: 'SIGNUP', declaredCountry: 'IE', addressCountry: 'GB', ipAddress: GB_ADDRESS, timesSeen: 1 }),
    ]);
    expect((await open(atHome)).session.rules.jurisdiction).toBe('GB');
  });

  it('the one-step signup from a GB address declaring IE records one mismatch, once', async () => {
    const api = browserAt(GB_ADDRESS);
    const response = await api.post<{ partyId: string }>('/ps/signup', { ...newSignup(), ...completion({ country: 'IE' }) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await listJurisdictionMismatches(server.db, { playerId: response.body.partyId })).toEqual([
      expect.objectContaining({ seenAt: 'SIGNUP', declaredCountry: 'IE', addressCountry: 'GB', jurisdiction: 'GB', timesSeen: 1 }),
    ]);
  });

  it('a GB declaration from an Irish address plays under GB rules; the mismatch is recorded all the same', async () => {
    const partyId = await signUp(browserAt(IE_ADDRESS), 'GB');
    expect((await server.db.select().from(player).where(eq(player.id, partyId)))[0]).toMatchObject({ jurisdiction: 'GB' });
    expect(await listJurisdictionMismatches(server.db, { playerId: partyId })).toEqual([
      expect.objectContaining({ declaredCountry: 'GB', addressCountry: 'IE' }),
    ]);
  });
});
