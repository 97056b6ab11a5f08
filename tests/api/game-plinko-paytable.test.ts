import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema } from '../../contracts/games/play';
import { plinkoPaytableSchema } from '../../contracts/games/plinko';
import { plinkoPop } from '../../server/games/titles/table-and-mini-games';
import { fieldsOf, gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Plinko's paytable travels with the title of its game session (`POST /gs/session`), so the client
 * shows each slot's multiplier before a drop: the numbers are the server's own, and every drop pays
 * the one its slot shows.
 */

const PLINKO = 'PA-5001';
const ROULETTE = 'NT-4001';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(PLINKO, 'plinko-paytable-test', 'Plinko Pop');
  await client.publishFreeGame(ROULETTE, 'roulette-paytable-test', 'European Roulette');
});
afterAll(() => server.close());

const launch = (cookie: string, gameId: string) => client.call('POST', '/gs/launch', { cookie, body: { gameId, playForReal: false } });
const tokenOf = (launched: { body: Record<string, unknown> }) => new URL(launched.body.launchUrl as string, 'http://localhost').searchParams.get('token');
const drop = (cookie: string, risk: string) => client.call('POST', '/gs/plinko/drop', { cookie, body: { stake: 1, risk, clientRequestId: randomUUID() } });

describe('POST /gs/session for Plinko: the paytable', () => {
  it("carries the title's rows and each risk's multipliers, as the game's rules hold them", async () => {
    const player = await server.createSignedInPlayer();
    const { session } = await client.openGame(player.cookie, PLINKO, false);
    const paytable = plinkoPaytableSchema.parse(session.title.plinko);
    expect(paytable.rows).toBe(plinkoPop.rules.rows);
    expect(paytable.multiplierTenths).toEqual(plinkoPop.rules.tenths);
    for (const risk of ['low', 'medium', 'high'] as const) expect(paytable.multiplierTenths[risk]).toHaveLength(paytable.rows + 1);
  });

  it('every drop pays the multiplier the paytable shows for its slot and risk', async () => {
    const player = await server.createSignedInPlayer();
    const { cookie, session } = await client.openGame(player.cookie, PLINKO, false);
    const paytable = plinkoPaytableSchema.parse(session.title.plinko);
    for (const risk of ['low', 'medium', 'high', 'high', 'medium', 'low'] as const) {
      const answer = await drop(cookie, risk);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const outcome = spinResponseSchema.parse(answer.body).outcome as { slot: number; multiplierTenths: number; win: number };
      expect(outcome.multiplierTenths).toBe(paytable.multiplierTenths[risk][outcome.slot]);
      expect(outcome.win).toBe(10 * outcome.multiplierTenths);
    }
  });

  it("is not part of another game's title", async () => {
    const player = await server.createSignedInPlayer();
    const { session } = await client.openGame(player.cookie, ROULETTE, false);
    expect(session.title.kind).toBe('roulette');
    expect(session.title).not.toHaveProperty('plinko');
  });

  it('refuses a missing, forged or reused launch token with 400 naming token, and gives no paytable', async () => {
    const player = await server.createSignedInPlayer();
    const missing = await client.call('POST', '/gs/session', { body: {} });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toEqual(['token']);
    const wrongType = await client.call('POST', '/gs/session', { body: { token: 42 } });
    expect(wrongType.status).toBe(400);
    expect(fieldsOf(wrongType)).toEqual(['token']);
    const forged = await client.call('POST', '/gs/session', { body: { token: 'x'.repeat(43) } });
    expect(forged.status).toBe(400);
    expect(fieldsOf(forged)).toEqual(['token']);
    const token = tokenOf(await launch(player.cookie, PLINKO));
    expect((await client.call('POST', '/gs/session', { body: { token } })).status).toBe(200);
    const reused = await client.call('POST', '/gs/session', { body: { token } });
    expect(reused.status).toBe(400);
    expect(fieldsOf(reused)).toEqual(['token']);
    expect(reused.body).not.toHaveProperty('title');
  });

  it('a launch names a bad game id (400 naming gameId), and a drop needs a game session (401) of Plinko itself', async () => {
    const player = await server.createSignedInPlayer();
    const unknown = await client.call('POST', '/gs/launch', { cookie: player.cookie, body: { gameId: '', playForReal: false } });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['gameId']);
    expect((await drop('', 'low')).status).toBe(401);
    // Another game's session (the roulette table's) is not Plinko's: no drop on it.
    const { cookie } = await client.openGame(player.cookie, ROULETTE, false);
    const foreign = await drop(cookie, 'low');
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    expect(foreign.body.status).toBe('WRONG_GAME');
  });
});
