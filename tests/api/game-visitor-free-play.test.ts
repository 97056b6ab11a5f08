import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gameSessionResponseSchema,
  launchResponseSchema,
  roundsResponseSchema,
  rotateSeedResponseSchema,
  spinResponseSchema,
  verifyResponseSchema,
} from '../../contracts/games/play';
import { upsertPost } from '../../server/content/content-posts.repository';
import { contentPost, gameLaunchToken, gameRound, gameSeed, gameSession, player as playerTable, walletTransaction } from '../../server/db/schema';
import { GAME_SESSION_COOKIE } from '../../server/games/play/game-session';
import { JURISDICTION_RULES } from '../../server/jurisdiction';
import { fieldsOf, gameClient, type Answer } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/** A free-to-play 5×3 line slot, and a title that is only played for real. */
const GAME = 'SR-3001';
const REAL_ONLY = 'HL-3002';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer({ VISITOR_JURISDICTION: 'IE' }, { captureLogs: true });
  client = gameClient(server);
  await client.publishFreeGame(GAME, 'lucky-sevens-visitor', 'Lucky Sevens Classic');
  // The demo catalogue may list the title as free: mark every post of it as real play only.
  await server.db
    .update(contentPost)
    .set({ acf: sql`${contentPost.acf} || '{"play_for_free": false}'::jsonb` })
    .where(and(eq(contentPost.type, 'game'), sql`${contentPost.acf}->>'game_id' = ${REAL_ONLY}`));
  await upsertPost(server.db, {
    type: 'game',
    slug: 'fruit-fair-visitor',
    title: 'Fruit Fair',
    acf: { game_id: REAL_ONLY, game_provider: 'emerald-studio', play_for_free: false },
  });
});
afterAll(() => server.close());

const gameCookieOf = (answer: Answer) => {
  const value = new RegExp(`${GAME_SESSION_COOKIE}=([^;]+)`).exec(answer.headers.get('set-cookie') ?? '')?.[1];
  return value ? `${GAME_SESSION_COOKIE}=${value}` : undefined;
};

/** A visitor (no portal session) launches a free game and opens its game session. */
async function openAsVisitor(gameId = GAME, gameCookie?: string) {
  const launched = await client.call('POST', '/gs/launch', { cookie: gameCookie, body: { gameId, playForReal: false } });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const { launchUrl } = launchResponseSchema.parse(launched.body);
  const token = new URL(launchUrl, 'http://localhost').searchParams.get('token');
  const answer = await client.call('POST', '/gs/session', { body: { token } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const cookie = gameCookieOf(answer);
  if (!cookie) throw new Error('no game-session cookie');
  return { launchUrl, launched, answer, cookie, session: gameSessionResponseSchema.parse(answer.body) };
}

const spin = (cookie: string, stake: number, clientRequestId = randomUUID()) =>
  client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId } });

async function visitorOf(cookie: string): Promise<string> {
  const hash = createHash('sha256')
    .update(cookie.slice(GAME_SESSION_COOKIE.length + 1))
    .digest('hex');
  const [row] = await server.db.select({ visitorId: gameSession.visitorId }).from(gameSession).where(eq(gameSession.tokenHash, hash));
  if (!row?.visitorId) throw new Error('not a visitor session');
  return row.visitorId;
}

describe('visitor free play (PLAY-18)', () => {
  it('PLAY-18 a visitor launches a free game, spins with the 1,000.00 virtual balance and never touches the ledger', async () => {
    const ledgerBefore = await server.db.select({ count: sql<number>`count(*)::int` }).from(walletTransaction);
    const { launchUrl, launched, answer, cookie, session } = await openAsVisitor();
    expect(launchUrl).toMatch(new RegExp(`^/gs/play/${GAME}\\?token=[A-Za-z0-9_-]{43}&playForReal=false$`));
    expect(launched.body.rules).toMatchObject({ jurisdiction: 'IE' });
    // The anonymous identity is in no address, no answer and no cookie value: only behind the HttpOnly cookie's hash.
    const visitorId = await visitorOf(cookie);
    expect(launchUrl).not.toContain(visitorId);
    expect(JSON.stringify(launched.body) + JSON.stringify(answer.body) + (answer.headers.get('set-cookie') ?? '')).not.toContain(visitorId);
    expect(answer.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(answer.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect(session.mode).toBe('FREE');
    expect(session.balance).toBe(1000);
    expect(session.rules).toMatchObject({ jurisdiction: 'IE', minSpinIntervalMs: 0 });
    expect(session.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const stake = session.title.limits.steps[0]!;
    let balance = session.balance;
    for (let index = 0; index < 3; index += 1) {
      const round = spinResponseSchema.parse((await spin(cookie, stake)).body);
      expect(round.roundStatus).toBe('SETTLED');
      expect(round.serverSeedHash).toBe(session.fairness.serverSeedHash);
      expect(round.nonce).toBe(index);
      expect(Math.round(round.balance * 100)).toBe(Math.round((balance - stake + round.win) * 100));
      balance = round.balance;
    }

    const ledgerAfter = await server.db.select({ count: sql<number>`count(*)::int` }).from(walletTransaction);
    expect(ledgerAfter).toEqual(ledgerBefore);
    const rows = await server.db.select().from(gameRound).where(eq(gameRound.visitorId, visitorId));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.playerId === null && row.mode === 'FREE')).toBe(true);
    const [token] = await server.db.select().from(gameLaunchToken).where(eq(gameLaunchToken.visitorId, visitorId));
    expect(token?.playerId).toBeNull();
    // The visitor id is never logged.
    expect(server.logs()).not.toContain(visitorId);
  });

  it('PLAY-18 recalls the visitor’s own rounds and verifies them after a seed rotation', async () => {
    const { cookie, session } = await openAsVisitor();
    const stake = session.title.limits.steps[0]!;
    const played = [];
    for (let index = 0; index < 2; index += 1) played.push(spinResponseSchema.parse((await spin(cookie, stake)).body));

    const history = roundsResponseSchema.parse((await client.call('GET', '/gs/rounds?limit=10', { cookie })).body);
    expect(history.rounds.map((round) => round.id).sort()).toEqual(played.map((round) => round.roundId).sort());
    expect(history.rounds.every((round) => round.mode === 'FREE' && !round.verifiable)).toBe(true);

    const early = await client.call('GET', `/gs/rounds/${played[0]!.roundId}/verify`, { cookie });
    expect(early.status).toBe(400);

    const rotated = rotateSeedResponseSchema.parse((await client.call('POST', '/gs/seeds/rotate', { cookie, body: { clientSeed: 'visitor-seed' } })).body);
    expect(createHash('sha256').update(Buffer.from(rotated.revealed.serverSeed, 'hex')).digest('hex')).toBe(session.fairness.serverSeedHash);
    expect(rotated.revealed.roundsPlayed).toBe(2);
    expect(rotated.next).toMatchObject({ clientSeed: 'visitor-seed', nextNonce: 0 });
    for (const round of played) {
      const verification = verifyResponseSchema.parse((await client.call('GET', `/gs/rounds/${round.roundId}/verify`, { cookie })).body);
      expect(verification.verified).toBe(true);
      expect(verification.serverSeed).toBe(rotated.revealed.serverSeed);
    }
    const seeds = await server.db
      .select()
      .from(gameSeed)
      .where(eq(gameSeed.visitorId, await visitorOf(cookie)));
    expect(seeds).toHaveLength(2);
    expect(seeds.every((seed) => seed.playerId === null)).toBe(true);
  });

  it('PLAY-18 a visitor who opens another game keeps their game identity, seeds and rounds', async () => {
    const first = await openAsVisitor();
    const stake = first.session.title.limits.steps[0]!;
    const round = spinResponseSchema.parse((await spin(first.cookie, stake)).body);
    const second = await openAsVisitor(GAME, first.cookie);
    expect(await visitorOf(second.cookie)).toBe(await visitorOf(first.cookie));
    expect(second.session.fairness.serverSeedHash).toBe(first.session.fairness.serverSeedHash);
    expect(second.session.fairness.nextNonce).toBe(1);
    // A new game session starts with a fresh virtual balance.
    expect(second.session.balance).toBe(1000);
    const history = roundsResponseSchema.parse((await client.call('GET', '/gs/rounds', { cookie: second.cookie })).body);
    expect(history.rounds.map((entry) => entry.id)).toEqual([round.roundId]);
  });

  it('cannot read another visitor’s or a player’s rounds (404), and they cannot read the visitor’s', async () => {
    const visitor = await openAsVisitor();
    const other = await openAsVisitor();
    expect(await visitorOf(other.cookie)).not.toBe(await visitorOf(visitor.cookie));
    const player = await server.createSignedInPlayer();
    const playerGame = await client.openGame(player.cookie, GAME, false);
    const stake = visitor.session.title.limits.steps[0]!;
    const visitorRound = spinResponseSchema.parse((await spin(visitor.cookie, stake)).body);
    const otherRound = spinResponseSchema.parse((await spin(other.cookie, stake)).body);
    const playerRound = spinResponseSchema.parse((await spin(playerGame.cookie, stake)).body);
    for (const cookie of [visitor.cookie, other.cookie, playerGame.cookie]) {
      await client.call('POST', '/gs/seeds/rotate', { cookie, body: {} });
    }

    const own = (cookie: string) =>
      client.call('GET', '/gs/rounds', { cookie }).then((answer) => roundsResponseSchema.parse(answer.body).rounds.map((round) => round.id));
    expect(await own(visitor.cookie)).toEqual([visitorRound.roundId]);
    expect(await own(other.cookie)).toEqual([otherRound.roundId]);
    expect(await own(playerGame.cookie)).toEqual([playerRound.roundId]);
    for (const foreign of [otherRound.roundId, playerRound.roundId]) {
      const answer = await client.call('GET', `/gs/rounds/${foreign}/verify`, { cookie: visitor.cookie });
      expect(answer.status).toBe(404);
    }
    expect((await client.call('GET', `/gs/rounds/${visitorRound.roundId}/verify`, { cookie: playerGame.cookie })).status).toBe(404);
    expect((await client.call('GET', `/gs/rounds/${visitorRound.roundId}/verify`, { cookie: other.cookie })).status).toBe(404);
    expect((await client.call('GET', `/gs/rounds/${visitorRound.roundId}/verify`, { cookie: visitor.cookie })).status).toBe(200);
  });

  it('PLAY-19 a visitor cannot play for real (401 NOT_LOGGED_IN_ERROR) nor free-play a game only played for real (403)', async () => {
    const real = await client.call('POST', '/gs/launch', { body: { gameId: GAME, playForReal: true } });
    expect(real.status).toBe(401);
    expect(real.body.status).toBe('NOT_LOGGED_IN_ERROR');
    // A visitor's game cookie is no portal session either.
    const { cookie } = await openAsVisitor();
    const withGameCookie = await client.call('POST', '/gs/launch', { cookie, body: { gameId: GAME, playForReal: true } });
    expect(withGameCookie.status).toBe(401);
    const notFree = await client.call('POST', '/gs/launch', { body: { gameId: REAL_ONLY, playForReal: false } });
    expect(notFree.status).toBe(403);
    expect(fieldsOf(notFree)).toEqual(['playForReal']);
    // A dead portal cookie is treated as a visitor for free play, and cleared.
    const dead = await client.call('POST', '/gs/launch', { cookie: 'SESSION_KEY=not-a-live-session', body: { gameId: GAME, playForReal: false } });
    expect(dead.status).toBe(200);
    expect(dead.headers.get('set-cookie')).toMatch(/SESSION_KEY=;/);
  });

  it('a visitor’s rows have exactly one owner and never real money (CHECK constraints)', async () => {
    const visitorId = randomUUID();
    const insert = (values: Partial<typeof gameLaunchToken.$inferInsert>) =>
      server.db
        .insert(gameLaunchToken)
        .values({ tokenHash: randomUUID(), gameId: GAME, mode: 'FREE', currency: 'EUR', expiresAt: new Date(Date.now() + 60_000), ...values });
    await expect(insert({ visitorId, mode: 'REAL' })).rejects.toThrow();
    await expect(insert({})).rejects.toThrow();
    const player = await server.createSignedInPlayer();
    await expect(insert({ visitorId, playerId: player.partyId })).rejects.toThrow();
    await insert({ visitorId });
    const owners = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(gameRound)
      .where(and(isNull(gameRound.playerId), isNull(gameRound.visitorId)));
    expect(owners[0]?.count).toBe(0);
    const realVisitorRounds = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(gameRound)
      .where(and(isNotNull(gameRound.visitorId), eq(gameRound.mode, 'REAL')));
    expect(realVisitorRounds[0]?.count).toBe(0);
  });

  it('answers 400 naming the field for bad input', async () => {
    const badMode = await client.call('POST', '/gs/launch', { body: { gameId: GAME, playForReal: 'no' } });
    expect(badMode.status).toBe(400);
    expect(badMode.body.status).toBe('VALIDATION_ERROR');
    expect(fieldsOf(badMode)).toEqual(['playForReal']);
    const badGame = await client.call('POST', '/gs/launch', { body: { gameId: '', playForReal: false } });
    expect(badGame.status).toBe(400);
    expect(fieldsOf(badGame)).toEqual(['gameId']);
    const unknown = await client.call('POST', '/gs/launch', { body: { gameId: 'NO-SUCH', playForReal: false } });
    expect(unknown.status).toBe(404);
    expect(fieldsOf(unknown)).toEqual(['gameId']);
    const { cookie, session } = await openAsVisitor();
    const badStake = await spin(cookie, session.title.limits.steps[0]! + 0.001);
    expect(badStake.status).toBe(400);
    expect(fieldsOf(badStake)).toEqual(['stake']);
    const tooMuch = await spin(cookie, session.title.limits.max * 2);
    expect(tooMuch.status).toBe(400);
    expect(fieldsOf(tooMuch)).toEqual(['stake']);
    const badId = await client.call('GET', '/gs/rounds/not-a-uuid/verify', { cookie });
    expect(badId.status).toBe(400);
    expect(fieldsOf(badId)).toEqual(['id']);
  });
});

describe('visitors under GB rules (VISITOR_JURISDICTION=GB)', () => {
  let gb: TestServer;
  let gbClient: ReturnType<typeof gameClient>;
  beforeAll(async () => {
    gb = await startTestServer({ VISITOR_JURISDICTION: 'gb' });
    gbClient = gameClient(gb);
    await gbClient.publishFreeGame(GAME, 'lucky-sevens-visitor-gb', 'Lucky Sevens Classic');
  });
  afterAll(() => gb.close());

  it('PLAY-18 refuses a GB visitor’s free play (403 AGE_VERIFICATION_REQUIRED, asking them to log in); a GB player still plays free', async () => {
    const refused = await gbClient.call('POST', '/gs/launch', { body: { gameId: GAME, playForReal: false } });
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('AGE_VERIFICATION_REQUIRED');
    expect(refused.body.message).toMatch(/age verification/i);
    expect(refused.body.message).toMatch(/log in/i);
    expect(fieldsOf(refused)).toEqual(['playForReal']);
    const player = await gb.createSignedInPlayer();
    const { session } = await gbClient.openGame(player.cookie, GAME, false);
    expect(session.mode).toBe('FREE');
  });
});

describe('issue 26 (5) PLAY-18 GB players whose age is not verified play no free games either', () => {
  /** A signed-in GB player at a stage of sign-up and identity checking. */
  async function gbPlayer(stage: { registrationStatus?: 'QUICK_REG' | 'PLAYER'; kycStatus?: string }) {
    const created = await server.createSignedInPlayer(stage);
    await server.db.update(playerTable).set({ country: 'GB' }).where(eq(playerTable.id, created.partyId));
    return created;
  }

  it('sign-up step 1 only, an identity check referred, an age check running or failed: launch 403 AGE_VERIFICATION_REQUIRED with the way to verify', async () => {
    const stages = [
      { registrationStatus: 'QUICK_REG' as const, kycStatus: 'NOT_STARTED' },
      { kycStatus: 'ID_CHECK_LOCK' },
      { kycStatus: 'KYC_FAILED_LOCK' },
      { kycStatus: 'KYCFAILED' },
    ];
    for (const stage of stages) {
      const unverified = await gbPlayer(stage);
      const refused = await client.call('POST', '/gs/launch', { cookie: unverified.cookie, body: { gameId: GAME, playForReal: false } });
      expect(refused.status, JSON.stringify(stage)).toBe(403);
      expect(refused.body).toMatchObject({ status: 'AGE_VERIFICATION_REQUIRED', message: expect.stringMatching(/verify your identity/i) });
      expect(fieldsOf(refused)).toEqual(['playForReal']);
    }
  });

  it('a verified GB player plays free; if their check is reopened, the open free game refuses the next spin', async () => {
    const verified = await gbPlayer({});
    const game = await client.openGame(verified.cookie, GAME, false);
    const stake = game.session.title.limits.steps[0]!;
    expect((await client.call('POST', '/gs/slots/spin', { cookie: game.cookie, body: { stake, clientRequestId: randomUUID() } })).status).toBe(200);
    await server.db.update(playerTable).set({ kycStatus: 'ID_CHECK_LOCK' }).where(eq(playerTable.id, verified.partyId));
    const refused = await client.call('POST', '/gs/slots/spin', { cookie: game.cookie, body: { stake, clientRequestId: randomUUID() } });
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('AGE_VERIFICATION_REQUIRED');
  });

  it('outside GB rules an unverified player still plays free (IE, sign-up step 1 only)', async () => {
    const irish = await server.createSignedInPlayer({ registrationStatus: 'QUICK_REG', kycStatus: 'NOT_STARTED' });
    await server.db.update(playerTable).set({ country: 'IE' }).where(eq(playerTable.id, irish.partyId));
    const { session } = await client.openGame(irish.cookie, GAME, false);
    expect(session.mode).toBe('FREE');
  });
});

describe('jurisdiction rules in visitor play', () => {
  it('enforces the visitor jurisdiction’s least time between slot spins (429 naming the rule, nothing moves)', async () => {
    const { cookie, session } = await openAsVisitor();
    expect(session.rules).toEqual({ ...JURISDICTION_RULES.IE });
    const stake = session.title.limits.steps[0]!;
    const saved = JURISDICTION_RULES.IE.minSpinIntervalMs;
    // The same rule object the GB interval lives in, lengthened for IE for the length of this test.
    JURISDICTION_RULES.IE.minSpinIntervalMs = 60_000;
    try {
      const first = spinResponseSchema.parse((await spin(cookie, stake)).body);
      const tooSoon = await spin(cookie, stake);
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.message).toMatch(/^IE rules: at least 60 seconds between slot spins/);
      expect(fieldsOf(tooSoon)).toEqual(['minSpinInterval']);
      const history = roundsResponseSchema.parse((await client.call('GET', '/gs/rounds', { cookie })).body);
      expect(history.rounds.map((round) => round.id)).toEqual([first.roundId]);
    } finally {
      JURISDICTION_RULES.IE.minSpinIntervalMs = saved;
    }
  });

  it("issue 17: the game session names the game as the catalogue does in the portal's language; a bad lang is 400 naming it", async () => {
    // A demo slot with one game post in each language.
    const named = 'SR-1001';
    const open = async (lang?: string) => {
      const launched = await client.call('POST', '/gs/launch', { body: { gameId: named, playForReal: false } });
      const token = new URL(launchResponseSchema.parse(launched.body).launchUrl, 'http://localhost').searchParams.get('token');
      return client.call('POST', '/gs/session', { body: { token, ...(lang ? { lang } : {}) } });
    };
    const titleIn = async (lang: string) => {
      const answer = await fetch(`${server.url}/cms/wp-json/wp/v2/game?per_page=100${lang === 'en' ? '' : `&lang=${lang}`}`);
      const games = (await answer.json()) as { game_id: string; title: { rendered: string } }[];
      return games.find((game) => game.game_id === named)?.title.rendered;
    };
    const mk = gameSessionResponseSchema.parse((await open('mk')).body);
    expect(mk.title.name).toBe(await titleIn('mk'));
    expect(mk.title.name).toMatch(/[\u0400-\u04FF]/);
    expect(gameSessionResponseSchema.parse((await open('en')).body).title.name).toBe(await titleIn('en'));
    expect(gameSessionResponseSchema.parse((await open()).body).title.name).toBe(await titleIn('en'));
    const bad = await open('fr');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toContain('lang');
  });
});
