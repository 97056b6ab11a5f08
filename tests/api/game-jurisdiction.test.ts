import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema } from '../../contracts/games/play';
import { gameRound, player } from '../../server/db/schema';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { fieldsOf, gameClient, minor } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

const GAME = 'SR-3001';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
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

const spin = (cookie: string, stake: number, clientRequestId = randomUUID()) => client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId } });

/** Moves the player's rounds back in time, as if the spins had happened `ms` earlier. */
async function age(partyId: string, ms: number) {
  const rounds = await server.db.select().from(gameRound).where(eq(gameRound.playerId, partyId));
  for (const round of rounds) await server.db.update(gameRound).set({ createdAt: new Date(round.createdAt.getTime() - ms) }).where(eq(gameRound.id, round.id));
}

describe('jurisdiction rules', () => {
  it('shows the GB rules in the session answer, and IE / no-country rules separately', async () => {
    const gb = await client.openGame((await playerIn('GB')).cookie, GAME, false);
    expect(gb.session.rules).toEqual({ jurisdiction: 'GB', autoplay: false, turbo: false, minSpinIntervalMs: 2500 });
    expect(Date.parse(gb.session.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    const ie = await client.openGame((await playerIn('IE')).cookie, GAME, false);
    expect(ie.session.rules).toEqual({ jurisdiction: 'IE', autoplay: true, turbo: true, minSpinIntervalMs: 0 });
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
