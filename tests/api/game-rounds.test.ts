import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gameSessionResponseSchema,
  roundsResponseSchema,
  rotateSeedResponseSchema,
  spinResponseSchema,
  verifyResponseSchema,
} from '../../contracts/games/play';
import { upsertPost } from '../../server/content/content-posts.repository';
import { contentPost, gameLaunchToken, gameRound, walletTransaction } from '../../server/db/schema';
import { sha256Hex } from '../../server/http/digest';
import { GAME_SESSION_COOKIE, playSettings } from '../../server/games/play/game-session';
import { betTransactionId, STUDIO_PROVIDER_ID, winTransactionId } from '../../server/games/play/rounds';
import { inTransaction } from '../../server/db/transaction';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { createSeamlessWallet, gameKey } from '../../server/platform/wallet/seamless-wallet';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { fieldsOf, gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

const GAME = 'SR-3001';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await upsertPost(server.db, {
    type: 'game',
    slug: 'lucky-sevens-classic',
    title: 'Lucky Sevens Classic',
    acf: { game_id: GAME, game_provider: 'emerald-studio', play_for_free: true },
  });
});
afterAll(() => server.close());

const call: ReturnType<typeof gameClient>['call'] = (method, path, options) => gameClient(server).call(method, path, options);

function tokenOf(launchUrl: string): string {
  const url = new URL(launchUrl, 'http://localhost');
  const token = url.searchParams.get('token');
  if (!token) throw new Error('no token in the launch address');
  return token;
}

async function launch(portalCookie: string, playForReal: boolean, gameId = GAME) {
  const answer = await call('POST', '/gs/launch', { cookie: portalCookie, body: { gameId, playForReal } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.launchUrl as string;
}

async function openGame(portalCookie: string, playForReal: boolean) {
  const token = tokenOf(await launch(portalCookie, playForReal));
  const answer = await call('POST', '/gs/session', { body: { token } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const setCookie = answer.headers.get('set-cookie') ?? '';
  const value = new RegExp(`${GAME_SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  if (!value) throw new Error('no game-session cookie');
  return { cookie: `${GAME_SESSION_COOKIE}=${value}`, setCookie, session: gameSessionResponseSchema.parse(answer.body) };
}

const spin = (cookie: string, stake: number, clientRequestId = randomUUID()) => call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId } });

describe('POST /gs/launch', () => {
  it('PLAY-19 answers 401 to real play without a portal session (free play is a visitor’s: game-visitor-free-play.test.ts)', async () => {
    const answer = await call('POST', '/gs/launch', { body: { gameId: GAME, playForReal: true } });
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe('NOT_LOGGED_IN_ERROR');
  });

  it('gives a launch address with a single-use token, never the session key', async () => {
    const player = await server.createSignedInPlayer();
    const launchUrl = await launch(player.cookie, true);
    expect(launchUrl).toMatch(new RegExp(`^/gs/play/${GAME}\\?token=[A-Za-z0-9_-]{43}&playForReal=true$`));
    expect(launchUrl).not.toContain(player.token);
    const [row] = await server.db
      .select()
      .from(gameLaunchToken)
      .where(eq(gameLaunchToken.tokenHash, sha256Hex(tokenOf(launchUrl))));
    expect(row?.mode).toBe('REAL');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(120_000);
  });

  it('refuses real play to a player who may not play for real (403 KYCFAILED), but allows free play', async () => {
    const player = await server.createSignedInPlayer({ kycStatus: 'FAIL' });
    const answer = await call('POST', '/gs/launch', { cookie: player.cookie, body: { gameId: GAME, playForReal: true } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      status: 'KYCFAILED',
      message: 'User account registration is incomplete. Your user account is Unverified and with incomplete data.',
    });
    await launch(player.cookie, false);
  });

  it('refuses unknown games (404) and free play of a game not marked free to play (403)', async () => {
    const player = await server.createSignedInPlayer();
    const unknown = await call('POST', '/gs/launch', { cookie: player.cookie, body: { gameId: 'NO-SUCH', playForReal: true } });
    expect(unknown.status).toBe(404);
    await server.db
      .update(contentPost)
      .set({ acf: sql`${contentPost.acf} || '{"play_for_free": false}'::jsonb` })
      .where(and(eq(contentPost.type, 'game'), sql`${contentPost.acf}->>'game_id' = 'HL-3002'`));
    await upsertPost(server.db, {
      type: 'game',
      slug: 'fruit-fair-test',
      title: 'Fruit Fair',
      acf: { game_id: 'HL-3002', game_provider: 'emerald-studio', play_for_free: false },
    });
    const notFree = await call('POST', '/gs/launch', { cookie: player.cookie, body: { gameId: 'HL-3002', playForReal: false } });
    expect(notFree.status).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const player = await server.createSignedInPlayer();
    const answer = await call('POST', '/gs/launch', { cookie: player.cookie, body: { gameId: GAME, playForReal: 'yes' } });
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('VALIDATION_ERROR');
    expect(fieldsOf(answer)).toContain('playForReal');
  });
});

describe('POST /gs/session', () => {
  it('exchanges a token for an HttpOnly, SameSite=Strict game-session cookie on /gs and the title configuration', async () => {
    const player = await server.createSignedInPlayer();
    const { setCookie, session } = await openGame(player.cookie, false);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/gs/);
    expect(setCookie).not.toContain(player.token);
    expect(session.mode).toBe('FREE');
    expect(session.balance).toBe(1000);
    expect(session.title).toMatchObject({ gameId: GAME, kind: 'slot', currency: 'EUR', reels: 3, rows: 1, lines: 1 });
    expect(session.title.limits.steps.length).toBeGreaterThan(1);
    expect(session.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.fairness.nextNonce).toBe(0);
  });

  it('refuses a reused token, a forged token and an expired one, each naming token', async () => {
    const player = await server.createSignedInPlayer();
    const token = tokenOf(await launch(player.cookie, false));
    expect((await call('POST', '/gs/session', { body: { token } })).status).toBe(200);
    const reused = await call('POST', '/gs/session', { body: { token } });
    expect(reused.status).toBe(400);
    expect(fieldsOf(reused)).toEqual(['token']);
    expect(reused.body.message).toMatch(/already been used/);

    const forged = await call('POST', '/gs/session', { body: { token: 'x'.repeat(43) } });
    expect(forged.status).toBe(400);
    expect(fieldsOf(forged)).toEqual(['token']);
    expect(forged.body.message).toMatch(/not valid/);

    const ttl = playSettings.launchTokenTtlMs;
    playSettings.launchTokenTtlMs = 1;
    try {
      const short = tokenOf(await launch(player.cookie, false));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const expired = await call('POST', '/gs/session', { body: { token: short } });
      expect(expired.status).toBe(400);
      expect(fieldsOf(expired)).toEqual(['token']);
      expect(expired.body.message).toMatch(/expired/);
    } finally {
      playSettings.launchTokenTtlMs = ttl;
    }
  });

  it('answers 400 naming token when it is missing', async () => {
    const answer = await call('POST', '/gs/session', { body: {} });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['token']);
  });
});

describe('POST /gs/slots/spin', () => {
  it('answers 401 without a game session, and with a made-up one', async () => {
    expect((await spin('', 1)).status).toBe(401);
    const made = await spin(`${GAME_SESSION_COOKIE}=nonsense`, 1);
    expect(made.status).toBe(401);
    expect(made.body.status).toBe('INVALID_SESSIONKEY');
  });

  it('free play moves only the virtual balance', async () => {
    const player = await server.createSignedInPlayer();
    const { cookie, session } = await openGame(player.cookie, false);
    const stake = session.title.limits.steps[0]!;
    let expected = 100_000;
    for (let i = 0; i < 5; i++) {
      const answer = await spin(cookie, stake);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const result = spinResponseSchema.parse(answer.body);
      expected = expected - Math.round(stake * 100) + Math.round(result.win * 100);
      expect(Math.round(result.balance * 100)).toBe(expected);
      expect(result.roundStatus).toBe('SETTLED');
      expect(result.nonce).toBe(i);
    }
    const balance = await getPlayerBalance(server.db, player.partyId, 'EUR');
    expect(balance.cash + balance.bonus).toBe(0n);
  });

  it('real play moves money exactly: balance − stake + win, with the bet and win in the ledger', async () => {
    const player = await server.createSignedInPlayer();
    await server.fundPlayer(player.partyId, 10_000n, 'EUR');
    const { cookie, session } = await openGame(player.cookie, true);
    expect(session.balance).toBe(100);
    const stake = session.title.limits.steps[1]!;
    const stakeMinor = BigInt(Math.round(stake * 100));
    let before = 10_000n;
    for (let i = 0; i < 5; i++) {
      const answer = await spin(cookie, stake);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const result = spinResponseSchema.parse(answer.body);
      const win = BigInt(Math.round(result.win * 100));
      const after = await getPlayerBalance(server.db, player.partyId, 'EUR');
      expect(after.cash + after.bonus).toBe(before - stakeMinor + win);
      expect(BigInt(Math.round(result.balance * 100))).toBe(before - stakeMinor + win);
      before = after.cash + after.bonus;
      const keys = [gameKey(STUDIO_PROVIDER_ID, betTransactionId(result.roundId)), gameKey(STUDIO_PROVIDER_ID, winTransactionId(result.roundId))];
      const movements = await server.db.select().from(walletTransaction).where(inArray(walletTransaction.idempotencyKey, keys));
      expect(movements.map((m) => [m.kind, m.amount]).sort()).toEqual(
        [
          ['GAME_BET', stakeMinor],
          ['GAME_WIN', win],
        ].sort(),
      );
    }
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('refuses a stake outside the limits (400 naming stake) and over the balance (400 INSUFFICIENT_FUNDS, no round left)', async () => {
    const player = await server.createSignedInPlayer();
    await server.fundPlayer(player.partyId, 50n, 'EUR');
    const { cookie, session } = await openGame(player.cookie, true);
    const tooBig = await spin(cookie, session.title.limits.max + 1);
    expect(tooBig.status).toBe(400);
    expect(fieldsOf(tooBig)).toEqual(['stake']);
    const offStep = await spin(cookie, session.title.limits.min + 0.01);
    expect(offStep.status).toBe(400);
    expect(fieldsOf(offStep)).toEqual(['stake']);
    const negative = await spin(cookie, -1);
    expect(negative.status).toBe(400);
    expect(fieldsOf(negative)).toEqual(['stake']);

    const overBalance = await spin(cookie, session.title.limits.steps.find((s) => s > 0.5)!);
    expect(overBalance.status).toBe(400);
    expect(overBalance.body.status).toBe('INSUFFICIENT_FUNDS');
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, player.partyId))).toEqual([]);
    const balance = await getPlayerBalance(server.db, player.partyId, 'EUR');
    expect(balance.cash).toBe(50n);
  });

  it('answers 400 naming clientRequestId when it is missing', async () => {
    const player = await server.createSignedInPlayer();
    const { cookie } = await openGame(player.cookie, false);
    const answer = await call('POST', '/gs/slots/spin', { cookie, body: { stake: 1 } });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(['clientRequestId']);
  });

  it('answers a retry with the same clientRequestId with the same round, moving money once', async () => {
    const player = await server.createSignedInPlayer();
    await server.fundPlayer(player.partyId, 10_000n, 'EUR');
    const { cookie, session } = await openGame(player.cookie, true);
    const stake = session.title.limits.steps[0]!;
    const id = randomUUID();
    const first = spinResponseSchema.parse((await spin(cookie, stake, id)).body);
    const again = spinResponseSchema.parse((await spin(cookie, stake, id)).body);
    expect(again.roundId).toBe(first.roundId);
    expect(again.outcome).toEqual(first.outcome);
    expect(again.balance).toBe(first.balance);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, player.partyId))).toHaveLength(1);
    const conflict = await spin(cookie, session.title.limits.steps[1]!, id);
    expect(conflict.status).toBe(409);
    expect(fieldsOf(conflict)).toEqual(['clientRequestId']);
  });

  it('settles a round left OPEN between the bet and the win on the next request, from its stored outcome', async () => {
    const player = await server.createSignedInPlayer();
    await server.fundPlayer(player.partyId, 10_000n, 'EUR');
    const { cookie, session } = await openGame(player.cookie, true);
    const played = spinResponseSchema.parse((await spin(cookie, session.title.limits.steps[0]!)).body);
    // Simulate the crash: a second round whose bet was taken but whose win was never paid.
    const [template] = await server.db.select().from(gameRound).where(eq(gameRound.id, played.roundId));
    const roundId = randomUUID();
    await inTransaction(server.db, async (tx) => {
      await tx.insert(gameRound).values({ ...template!, id: roundId, status: 'OPEN', settledAt: null, nonce: 1_000, clientRequestId: randomUUID(), win: 700n });
      await createSeamlessWallet(tx).debit({
        providerId: STUDIO_PROVIDER_ID,
        playerId: player.partyId,
        transactionId: betTransactionId(roundId),
        roundId,
        gameId: GAME,
        currency: 'EUR',
        amount: template!.stake,
      });
    });
    const beforeRecovery = await getPlayerBalance(server.db, player.partyId, 'EUR');
    const rounds = await call('GET', '/gs/rounds?limit=10', { cookie });
    expect(rounds.status).toBe(200);
    const [recovered] = await server.db
      .select()
      .from(gameRound)
      .where(and(eq(gameRound.id, roundId)));
    expect(recovered?.status).toBe('SETTLED');
    const after = await getPlayerBalance(server.db, player.partyId, 'EUR');
    expect(after.cash).toBe(beforeRecovery.cash + 700n);
  });
});

describe('history, seed rotation and verification', () => {
  it('lists rounds, then rotates the seed and verifies each round by recomputing its outcome', async () => {
    const player = await server.createSignedInPlayer();
    await server.fundPlayer(player.partyId, 10_000n, 'EUR');
    const { cookie, session } = await openGame(player.cookie, true);
    const stake = session.title.limits.steps[0]!;
    const played = [];
    for (let i = 0; i < 3; i++) played.push(spinResponseSchema.parse((await spin(cookie, stake)).body));

    const history = roundsResponseSchema.parse((await call('GET', '/gs/rounds?limit=2', { cookie })).body);
    expect(history.rounds).toHaveLength(2);
    expect(history.rounds[0]).toMatchObject({
      id: played[2]!.roundId,
      gameId: GAME,
      nonce: 2,
      serverSeedHash: session.fairness.serverSeedHash,
      verifiable: false,
    });

    const early = await call('GET', `/gs/rounds/${played[0]!.roundId}/verify`, { cookie });
    expect(early.status).toBe(400);

    const rotated = rotateSeedResponseSchema.parse((await call('POST', '/gs/seeds/rotate', { cookie, body: { clientSeed: 'my-lucky-seed' } })).body);
    expect(createHash('sha256').update(Buffer.from(rotated.revealed.serverSeed, 'hex')).digest('hex')).toBe(session.fairness.serverSeedHash);
    expect(rotated.revealed.serverSeedHash).toBe(session.fairness.serverSeedHash);
    expect(rotated.revealed.roundsPlayed).toBe(3);
    expect(rotated.next).toMatchObject({ clientSeed: 'my-lucky-seed', nextNonce: 0 });
    expect(rotated.next.serverSeedHash).not.toBe(session.fairness.serverSeedHash);

    for (const round of played) {
      const answer = await call('GET', `/gs/rounds/${round.roundId}/verify`, { cookie });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const verification = verifyResponseSchema.parse(answer.body);
      expect(verification.verified).toBe(true);
      expect(verification.serverSeed).toBe(rotated.revealed.serverSeed);
      expect(verification.recomputedOutcome).toEqual(verification.storedOutcome);
      expect(verification.storedOutcome).toEqual(round.outcome);
    }

    const next = spinResponseSchema.parse((await spin(cookie, stake)).body);
    expect(next.nonce).toBe(0);
    expect(next.serverSeedHash).toBe(rotated.next.serverSeedHash);
  });

  it('answers 400 naming the field for a bad round id or limit, and 400 naming clientSeed with ":"', async () => {
    const player = await server.createSignedInPlayer();
    const { cookie } = await openGame(player.cookie, false);
    const badId = await call('GET', '/gs/rounds/not-a-uuid/verify', { cookie });
    expect(badId.status).toBe(400);
    expect(fieldsOf(badId)).toEqual(['id']);
    const badLimit = await call('GET', '/gs/rounds?limit=0', { cookie });
    expect(badLimit.status).toBe(400);
    expect(fieldsOf(badLimit)).toEqual(['limit']);
    const badSeed = await call('POST', '/gs/seeds/rotate', { cookie, body: { clientSeed: 'a:b' } });
    expect(badSeed.status).toBe(400);
    expect(fieldsOf(badSeed)).toEqual(['clientSeed']);
  });

  it('answers 401 for history, rotation and verification without a game session', async () => {
    expect((await call('GET', '/gs/rounds')).status).toBe(401);
    expect((await call('POST', '/gs/seeds/rotate', { body: {} })).status).toBe(401);
    expect((await call('GET', `/gs/rounds/${randomUUID()}/verify`)).status).toBe(401);
  });
});
