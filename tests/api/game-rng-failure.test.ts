import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRound } from '../../server/db/schema';
import { HealthMonitor, RngFailure, rngHealth } from '../../server/games/rng/rng';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

// Its own file: a failed RNG stays failed for the whole process, as it must. The API files of a
// worker share one process (`isolate: false`), so the file puts a fresh monitor's state back when
// it ends; otherwise every game test after it in the worker would meet a suspended game server.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  Object.assign(rngHealth, new HealthMonitor());
  await server.close();
});

describe('a failing random number generator disables play (ARCHITECTURE §4)', () => {
  it('answers 503 to every spin once the health monitor has failed, and moves no money', async () => {
    const client = gameClient(server);
    const player = await server.createSignedInPlayer();
    await server.fundPlayer(player.partyId, 5_000n);
    const { cookie, session } = await client.openGame(player.cookie, 'SR-1001', true);
    const stake = session.title.limits.steps[0] ?? 0.2;

    const before = await client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });
    expect(before.status).toBe(200);

    expect(() => rngHealth.fail('stuck source (test)')).toThrow(RngFailure);
    const balance = await getPlayerBalance(server.db, player.partyId, 'EUR');
    const rounds = await server.db.select().from(gameRound).where(eq(gameRound.playerId, player.partyId));

    const refused = await client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });
    expect(refused.status).toBe(503);
    expect(refused.body.status).toBe('SERVICE_UNAVAILABLE');
    expect(String(refused.body.message)).toContain('random number generator');
    expect(await getPlayerBalance(server.db, player.partyId, 'EUR')).toEqual(balance);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, player.partyId))).toHaveLength(rounds.length);
  });
});
