import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusionRegisterCheck, exclusionRegisterRecheck, player } from '../../server/db/schema';
import { runRegisterRecheck } from '../../server/platform/register-recheck';
import { createExclusionRegister, type PacingClock } from '../../server/platform/exclusion-register';
import { startGamstopSimulator, type GamstopPerson, type GamstopSimulator } from '../../server/sandbox/gamstop';
import { playerRegisterChecksResponseSchema, recheckListResponseSchema } from '../../contracts/back-office/exclusion-register';
import { ApiClient, completion, newSignup } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 29 item 6: EXCLUSION_REGISTER_PROVIDER=gamstop against the local GAMSTOP v2 simulator —
 * sign-up asks GAMSTOP (Y refuses, N and P let in, an outage fails closed), the register's
 * X-Unique-Id is stored with each answer, and the daily batch re-check ends a newly excluded
 * player's sessions, or leaves everyone as they were with a staff alert when the register does not
 * answer (an outage or a wrong key).
 */

type ErrorBody = { status: string; message: string; errors?: { field: string }[] };
const PASSWORD = 'green4tables';
const KEY = 'gamstop-test-key-0123456789';
// The simulator's people: pushed to as players "join" GAMSTOP.
const people: GamstopPerson[] = [
  { lastName: 'Lapsed', exclusion: 'P' },
  { lastName: 'Gamstop', exclusion: 'Y' },
];

/** One fake clock for the simulator's batch rate and the re-check's pacing: nobody waits in real time. */
let now = Date.now();
const clock: PacingClock = {
  now: () => now,
  sleep: async (ms) => {
    now += ms;
  },
};

let simulator: GamstopSimulator;
const { signIn } = staffApi(() => server);
let lapsedPartyId = '';
let server: TestServer;
beforeAll(async () => {
  simulator = await startGamstopSimulator({ apiKey: KEY, people, now: () => now });
  server = await startTestServer(
    { EXCLUSION_REGISTER_PROVIDER: 'gamstop', GAMSTOP_URL: simulator.url, GAMSTOP_API_KEY: KEY },
    { captureLogs: true, captureLogLevel: 'info' },
  );
});
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

let address = 0;
const client = () => new ApiClient(server.url, { 'x-forwarded-for': `127.0.4.${++address}` });

function gbSignup(lastName: string) {
  const { unit: _unit, building: _building, ...profile } = completion();
  return {
    ...newSignup({ password: PASSWORD }),
    ...profile,
    country: 'GB',
    postalCode: 'SW1A 1AA',
    mobile: '447911123456',
    city: 'London',
    municipality: 'Westminster',
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex',
    lastName,
  };
}

async function signedUp(lastName: string) {
  const body = gbSignup(lastName);
  const api = client();
  const response = await api.post<{ partyId: string }>('/ps/signup', body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { api, body, partyId: response.body.partyId };
}

const checksOf = (playerId: string) =>
  server.db.select().from(exclusionRegisterCheck).where(eq(exclusionRegisterCheck.playerId, playerId)).orderBy(exclusionRegisterCheck.id);
const playersWithEmail = (email: string) => server.db.select().from(player).where(eq(player.email, email));
/** The server's services with a re-check provider on the shared fake clock (the key as given). */
const recheckContext = (apiKey = KEY) => ({
  ...server.context,
  exclusionRegister: createExclusionRegister({ ...server.context.config, GAMSTOP_API_KEY: apiKey }, { clock }),
});

describe('GAMSTOP at sign-up (issue 29 item 6)', () => {
  it('N lets the player in and stores CLEAR with the X-Unique-Id; the form carried the person', async () => {
    const before = simulator.requests.length;
    const { partyId } = await signedUp('Lovelace');
    const [check] = await checksOf(partyId);
    expect(check).toMatchObject({ register: 'GAMSTOP', answer: 'CLEAR', place: 'SIGNUP', provider: 'gamstop', previouslyRegistered: false });
    expect(check!.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(simulator.requests.slice(before).map((request) => [request.path, request.status, request.people])).toEqual([['/v2', 200, 1]]);
  });

  it('P (excluded once, the exclusion ended) lets the player in, stored as CLEAR previously registered', async () => {
    const { partyId } = await signedUp('Lapsed');
    lapsedPartyId = partyId;
    expect(await checksOf(partyId)).toEqual([
      expect.objectContaining({ answer: 'CLEAR', previouslyRegistered: true, reference: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
    ]);
  });

  it('Y refuses with EXCLUSION_REGISTER and creates nothing', async () => {
    const body = gbSignup('Gamstop');
    const refused = await client().post<ErrorBody>('/ps/signup', body);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('EXCLUSION_REGISTER');
    expect(await playersWithEmail(body.email)).toHaveLength(0);
  });

  it('a register that does not answer fails closed: 503 and no account', async () => {
    simulator.setOutage(true);
    try {
      const body = gbSignup('Lovelace');
      const refused = await client().post<ErrorBody>('/ps/signup', body);
      expect(refused.status).toBe(503);
      expect(refused.body.status).toBe('SERVICE_UNAVAILABLE');
      expect(await playersWithEmail(body.email)).toHaveLength(0);
    } finally {
      simulator.setOutage(false);
    }
  });
});

describe('the daily GAMSTOP re-check (issue 29 item 6)', () => {
  it('asks about every active GB player in one batch; a player who joined GAMSTOP since loses every session', async () => {
    const joiner = await signedUp('Joiner');
    const stayer = await signedUp('Stayer');
    expect((await joiner.api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true });
    people.push({ lastName: 'Joiner', exclusion: 'Y' });
    const before = simulator.requests.length;

    const summary = await runRegisterRecheck(recheckContext(), new Date('2030-01-01T03:00:00Z'));
    expect(summary).toMatchObject({ status: 'COMPLETE', unanswered: 0, registered: [joiner.partyId] });
    expect(summary.asked).toBeGreaterThanOrEqual(4);
    expect(simulator.requests.slice(before).map((request) => [request.path, request.status])).toEqual([['/v2/batch', 200]]);
    expect((await joiner.api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: false });
    expect((await stayer.api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true });
    expect((await checksOf(joiner.partyId)).at(-1)).toMatchObject({
      place: 'RECHECK',
      answer: 'REGISTERED',
      reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((await checksOf(stayer.partyId)).at(-1)).toMatchObject({ place: 'RECHECK', answer: 'CLEAR' });
    // And the login is refused as at any register hit.
    const login = await client().post<ErrorBody>('/ps/login', { username: joiner.body.username, password: PASSWORD });
    expect(login.status).toBe(403);

    // The same day again (another node, a second pass) changes nothing.
    const again = await runRegisterRecheck(recheckContext(), new Date('2030-01-01T09:00:00Z'));
    expect(again.status).toBe('SKIPPED');
    expect(await server.db.select().from(exclusionRegisterRecheck).where(eq(exclusionRegisterRecheck.day, '2030-01-01'))).toEqual([
      expect.objectContaining({ status: 'COMPLETE', registered: 1, unanswered: 0, provider: 'gamstop' }),
    ]);
  });

  it('an unreachable register leaves every player as they were and raises the staff alert', async () => {
    const player1 = await signedUp('Outage');
    people.push({ lastName: 'Outage', exclusion: 'Y' });
    const checksBefore = await checksOf(player1.partyId);
    simulator.setOutage(true);
    let summary;
    try {
      summary = await runRegisterRecheck(recheckContext(), new Date('2030-01-02T03:00:00Z'));
    } finally {
      simulator.setOutage(false);
    }
    expect(summary).toMatchObject({ status: 'INCOMPLETE', registered: [] });
    expect(summary.unanswered).toBe(summary.asked);
    expect(await checksOf(player1.partyId)).toEqual(checksBefore);
    expect((await player1.api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true });
    const [run] = await server.db.select().from(exclusionRegisterRecheck).where(eq(exclusionRegisterRecheck.day, '2030-01-02'));
    expect(run).toMatchObject({ status: 'INCOMPLETE', problem: 'GAMSTOP answered 503' });
    expect(server.logs()).toContain('staff alert: the GAMSTOP re-check is incomplete');
  });

  it('a wrong key (403) is never taken as N: nobody is changed, the alert names the key, the key is not logged', async () => {
    const ids = (await server.db.select({ id: player.id }).from(player).where(eq(player.country, 'GB'))).map((row) => row.id);
    const countBefore = (await server.db.select().from(exclusionRegisterCheck).where(inArray(exclusionRegisterCheck.playerId, ids))).length;
    const summary = await runRegisterRecheck(recheckContext('a-wrong-key-9876543210'), new Date('2030-01-03T03:00:00Z'));
    expect(summary).toMatchObject({ status: 'INCOMPLETE', registered: [], problem: 'GAMSTOP refused the API key (403)' });
    expect(summary.unanswered).toBe(summary.asked);
    expect((await server.db.select().from(exclusionRegisterCheck).where(inArray(exclusionRegisterCheck.playerId, ids))).length).toBe(countBefore);
    expect(simulator.requests.at(-1)).toMatchObject({ path: '/v2/batch', status: 403 });
    expect(server.logs()).not.toContain(KEY);
    expect(server.logs()).not.toContain('a-wrong-key-9876543210');
  });
});

describe('what staff see of GAMSTOP (issue 29 item 6)', () => {
  it('the re-check runs with the alert raised by the newest incomplete one; 401 without a session; a bad limit names the field', async () => {
    const operator = await signIn('bo.operator');
    const response = await fetch(`${server.url}/bo/exclusionRegister/rechecks?limit=5`, { headers: { cookie: operator } });
    expect(response.status).toBe(200);
    const body = recheckListResponseSchema.parse(await response.json());
    expect(body.alert).toBe(true);
    expect(body.runs.map((run) => [run.day, run.status])).toEqual([
      ['2030-01-03', 'INCOMPLETE'],
      ['2030-01-02', 'INCOMPLETE'],
      ['2030-01-01', 'COMPLETE'],
    ]);
    expect(body.runs[0]!.problem).toBe('GAMSTOP refused the API key (403)');
    expect((await fetch(`${server.url}/bo/exclusionRegister/rechecks`)).status).toBe(401);
    const bad = await fetch(`${server.url}/bo/exclusionRegister/rechecks?limit=0`, { headers: { cookie: operator } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).errors?.map((error) => error.field)).toContain('limit');

    // A complete run after them clears the alert.
    const summary = await runRegisterRecheck(recheckContext(), new Date('2030-01-04T03:00:00Z'));
    expect(summary.status).toBe('COMPLETE');
    const after = recheckListResponseSchema.parse(await (await fetch(`${server.url}/bo/exclusionRegister/rechecks`, { headers: { cookie: operator } })).json());
    expect(after.alert).toBe(false);
  });

  it("a player's register answers show P as previously registered with GAMSTOP's id; an unknown player is 404, a bad id 400", async () => {
    const operator = await signIn('bo.operator');
    const response = await fetch(`${server.url}/bo/players/${lapsedPartyId}/registerChecks`, { headers: { cookie: operator } });
    expect(response.status).toBe(200);
    const { checks } = playerRegisterChecksResponseSchema.parse(await response.json());
    expect(checks.at(-1)).toMatchObject({
      register: 'GAMSTOP',
      answer: 'CLEAR',
      place: 'SIGNUP',
      previouslyRegistered: true,
      reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((await fetch(`${server.url}/bo/players/${lapsedPartyId}/registerChecks`)).status).toBe(401);
    expect((await fetch(`${server.url}/bo/players/00000000-0000-4000-8000-000000000000/registerChecks`, { headers: { cookie: operator } })).status).toBe(404);
    const bad = await fetch(`${server.url}/bo/players/not-an-id/registerChecks`, { headers: { cookie: operator } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).errors?.map((error) => error.field)).toContain('playerId');
  });
});
