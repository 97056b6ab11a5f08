import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRealityCheckResponseSchema, playStatusSchema } from '../../contracts/platform/limits/limits';
import { fieldsOf, gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The game client's responsible-gaming routes (RG-62, NS-23, issue 12): GET /gs/play-status and
 * POST /gs/reality-check, thin routes over the limits module for a player's real-money game
 * session. Free play and visitors have no play status (404).
 */

const SLOT = 'SR-3001';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(SLOT, 'lucky-sevens-play-status', 'Lucky Sevens Classic');
});
afterAll(() => server.close());

async function realGame(options: { realityCheck?: number } = {}) {
  const player = await server.createSignedInPlayer({ currencies: ['EUR'] });
  await server.fundPlayer(player.partyId, 10_000n, 'EUR');
  if (options.realityCheck) {
    const set = await client.call('POST', '/ps/updateRealityCheck', { cookie: player.cookie, body: { interval: options.realityCheck } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
  const game = await client.openGame(player.cookie, SLOT, true);
  return { ...player, game, stake: game.session.title.limits.steps[0]! };
}

const spin = (cookie: string, stake: number) => client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });
const playStatus = (cookie: string) => client.call('GET', '/gs/play-status', { cookie });
const answerCheck = (cookie: string, action: unknown) => client.call('POST', '/gs/reality-check', { cookie, body: { action } });

/** Makes the player's reality check due now, as the passing of its interval would. */
const makeDue = (playerId: string) =>
  server.db.execute(sql`UPDATE rg_play_clock SET reality_check_due_at = now() - interval '1 second' WHERE player_id = ${playerId}`);

describe('GET /gs/play-status and POST /gs/reality-check (RG-62, NS-23)', () => {
  it('answer 401 without a game session, and for a made-up one', async () => {
    for (const cookie of [undefined, 'GS_SESSION=not-a-session']) {
      const status = await playStatus(cookie as string);
      expect(status.status).toBe(401);
      const answered = await answerCheck(cookie as string, 'CONTINUE');
      expect(answered.status).toBe(401);
    }
  });

  it('answer 404 for free play, a player’s and a visitor’s: there is no real-money status to show', async () => {
    const player = await server.createSignedInPlayer();
    const free = await client.openGame(player.cookie, SLOT, false);
    expect((await playStatus(free.cookie)).status).toBe(404);
    expect((await answerCheck(free.cookie, 'CONTINUE')).status).toBe(404);

    const visitor = await client.openGame('', SLOT, false);
    const status = await playStatus(visitor.cookie);
    expect(status.status).toBe(404);
    expect(status.body.status).toBe('NOT_FOUND');
    expect((await answerCheck(visitor.cookie, 'LOGOUT')).status).toBe(404);
  });

  it('answers the player’s play status in a real-money game, in the contract’s shape', async () => {
    const { game, stake } = await realGame({ realityCheck: 10 });
    expect((await spin(game.cookie, stake)).status).toBe(200);
    const status = await playStatus(game.cookie);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    const parsed = playStatusSchema.parse(status.body);
    expect(parsed.realityCheck.interval).toBe(10);
    expect(parsed.realityCheck.due).toBe(false);
    expect(parsed.blocked).toBeNull();
    expect(parsed.netPosition.find((entry) => entry.currency === 'EUR')).toBeDefined();
  });

  it('a due reality check refuses rounds until CONTINUE, which starts the next interval', async () => {
    const { partyId, game, stake } = await realGame({ realityCheck: 10 });
    expect((await spin(game.cookie, stake)).status).toBe(200);
    await makeDue(partyId);

    const due = playStatusSchema.parse((await playStatus(game.cookie)).body);
    expect(due.realityCheck.due).toBe(true);
    const refused = await spin(game.cookie, stake);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('REALITY_CHECK_DUE');

    const answered = await answerCheck(game.cookie, 'CONTINUE');
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const { nextDueAt } = answerRealityCheckResponseSchema.parse(answered.body);
    const inMinutes = (Date.parse(nextDueAt!) - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(9);
    expect(inMinutes).toBeLessThanOrEqual(10);
    expect((await spin(game.cookie, stake)).status).toBe(200);
  });

  it('LOGOUT ends the portal session and every game session of the player', async () => {
    const { cookie: portal, partyId, game, stake } = await realGame({ realityCheck: 10 });
    const other = await client.openGame(portal, SLOT, true);
    expect((await spin(game.cookie, stake)).status).toBe(200);
    await makeDue(partyId);
    const answered = await answerCheck(game.cookie, 'LOGOUT');
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.nextDueAt).toBeNull();
    expect(answered.headers.get('set-cookie') ?? '').toMatch(/GS_SESSION=;/);
    expect((await client.call('GET', '/ps/checkSessionAlive', { cookie: portal })).body).toMatchObject({ alive: false });
    expect((await spin(game.cookie, stake)).status).toBe(401);
    expect((await playStatus(other.cookie)).status).toBe(401);
  });

  it('refuses a bad answer naming the field, changing nothing', async () => {
    const { partyId, game } = await realGame({ realityCheck: 10 });
    await spin(game.cookie, game.session.title.limits.steps[0]!);
    await makeDue(partyId);
    for (const action of ['MAYBE', '', 1, null]) {
      const refused = await answerCheck(game.cookie, action);
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused)).toEqual(['action']);
    }
    const extra = await client.call('POST', '/gs/reality-check', { cookie: game.cookie, body: { action: 'CONTINUE', playerId: randomUUID() } });
    expect(extra.status).toBe(400);
    expect(playStatusSchema.parse((await playStatus(game.cookie)).body).realityCheck.due).toBe(true);
  });

  it('one player’s answer never touches another player’s check', async () => {
    const first = await realGame({ realityCheck: 10 });
    const second = await realGame({ realityCheck: 10 });
    await spin(first.game.cookie, first.stake);
    await spin(second.game.cookie, second.stake);
    await makeDue(first.partyId);
    await makeDue(second.partyId);
    expect((await answerCheck(first.game.cookie, 'CONTINUE')).status).toBe(200);
    expect(playStatusSchema.parse((await playStatus(second.game.cookie)).body).realityCheck.due).toBe(true);
    expect(playStatusSchema.parse((await playStatus(first.game.cookie)).body).realityCheck.due).toBe(false);
  });
});
