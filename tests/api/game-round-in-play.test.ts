import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema } from '../../contracts/games/play';
import { gameRound } from '../../server/db/schema';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { fieldsOf, gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 11, defect 5: "finish the round in play first" must hold under concurrency. Ten parallel
 * starts in one game session opened five mines rounds and nine blackjack rounds, because the check
 * was read before the round's transaction. One round in play per game (owner, game, mode) is now
 * checked under the owner's seed lock and enforced by a partial unique index.
 */

const MINES = 'PA-5002';
const BLACKJACK = 'NT-4002';
const PARALLEL = 10;

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(MINES, 'mines-in-play-test', 'Mines of Gold');
});
afterAll(() => server.close());

const inPlay = sql`coalesce(${gameRound.outcome}->>'inPlay', 'false') = 'true'`;

async function roundsInPlay(playerId: string, gameId: string) {
  return server.db
    .select({ id: gameRound.id })
    .from(gameRound)
    .where(and(eq(gameRound.playerId, playerId), eq(gameRound.gameId, gameId), eq(gameRound.status, 'OPEN'), inPlay));
}

async function realGame(gameId: string, funds: bigint) {
  const signedIn = await server.createSignedInPlayer();
  await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  const { cookie } = await client.openGame(signedIn.cookie, gameId, true);
  return { signedIn, cookie };
}

describe('defect 5: one round in play per game session under concurrency', () => {
  it('opens exactly one mines round from ten parallel /gs/mines/start and debits one stake', async () => {
    const { signedIn, cookie } = await realGame(MINES, 10_000n);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => client.call('POST', '/gs/mines/start', { cookie, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } })),
    );
    const opened = answers.filter((answer) => answer.status === 200);
    expect(opened).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused)).toEqual(['roundId']);
    }
    expect(await roundsInPlay(signedIn.partyId, MINES)).toHaveLength(1);
    const balance = await getPlayerBalance(server.db, signedIn.partyId, 'EUR');
    expect(balance.cash + balance.bonus).toBe(9_900n);
  });

  it('opens at most one blackjack round in play from ten parallel /gs/blackjack/deal', async () => {
    const { signedIn, cookie } = await realGame(BLACKJACK, 100_000n);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => client.call('POST', '/gs/blackjack/deal', { cookie, body: { stake: 1, clientRequestId: randomUUID() } })),
    );
    const dealt = answers.filter((answer) => answer.status === 200).map((answer) => spinResponseSchema.parse(answer.body));
    // A natural settles at the deal, so a later deal may follow it; never two rounds in play.
    expect(dealt.filter((round) => round.roundStatus === 'OPEN').length).toBeLessThanOrEqual(1);
    expect(dealt.length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused)).toEqual(['roundId']);
    }
    expect((await roundsInPlay(signedIn.partyId, BLACKJACK)).length).toBeLessThanOrEqual(1);
  });

  it('holds for a visitor in free play too: ten parallel mines starts open one round', async () => {
    const launched = await client.call('POST', '/gs/launch', { body: { gameId: MINES, playForReal: false } });
    expect(launched.status).toBe(200);
    const token = new URL(launched.body.launchUrl as string, 'http://localhost').searchParams.get('token');
    const session = await client.call('POST', '/gs/session', { body: { token } });
    const cookie = /GS_SESSION=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeDefined();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        client.call('POST', '/gs/mines/start', { cookie: cookie!, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const [roundId] = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.roundId as string);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(PARALLEL - 1);
    const open = await client.call('GET', '/gs/round/open', { cookie: cookie! });
    expect((open.body.round as { roundId: string }).roundId).toBe(roundId);
  });

  it('is enforced by the database: a second in-play round of the same game and owner cannot be stored', async () => {
    const { signedIn, cookie } = await realGame(MINES, 10_000n);
    const started = await client.call('POST', '/gs/mines/start', { cookie, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } });
    expect(started.status).toBe(200);
    const [stored] = await server.db
      .select()
      .from(gameRound)
      .where(eq(gameRound.id, started.body.roundId as string));
    const { id: _id, ...copy } = stored!;
    await expect(server.db.insert(gameRound).values({ ...copy, nonce: copy.nonce + 1_000, clientRequestId: randomUUID() })).rejects.toThrow();
    expect(await roundsInPlay(signedIn.partyId, MINES)).toHaveLength(1);
  });

  it('answers a retry of the start that opened the round with that round, not a refusal', async () => {
    const { cookie } = await realGame(MINES, 10_000n);
    const clientRequestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.call('POST', '/gs/mines/start', { cookie, body: { stake: 1, mines: 3, clientRequestId } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.roundId)).size).toBe(1);
  });

  it('refuses a seed rotation while a round is in play, also when both arrive together', async () => {
    const { cookie } = await realGame(MINES, 10_000n);
    const [started, rotated] = await Promise.all([
      client.call('POST', '/gs/mines/start', { cookie, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } }),
      // Sent a moment later, so that the start usually takes the seed lock first.
      new Promise((resolve) => setTimeout(resolve, 5)).then(() => client.call('POST', '/gs/seeds/rotate', { cookie, body: {} })),
    ]);
    expect(started.status).toBe(200);
    const open = await client.call('GET', '/gs/round/open', { cookie });
    const stillOpen = (open.body.round as { roundId: string } | null)?.roundId === started.body.roundId;
    // Either the rotation came first (and the round was started under the new seed), or it was refused.
    if (rotated.status === 200) {
      const [round] = await server.db
        .select()
        .from(gameRound)
        .where(eq(gameRound.id, started.body.roundId as string));
      const revealed = (rotated.body.revealed as { serverSeedHash: string }).serverSeedHash;
      expect(started.body.serverSeedHash).not.toBe(revealed);
      expect(round).toBeDefined();
    } else {
      expect(rotated.status).toBe(400);
      expect(stillOpen).toBe(true);
    }
  });
});
