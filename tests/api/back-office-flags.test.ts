import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagListResponseSchema, type PlayerFlag } from '../../contracts/back-office/flags';
import { jurisdictionMismatch, playerFlag, rgPlayClock, staffAudit } from '../../server/db/schema';
import { changeLimit, type Limits, type RealityCheckPattern } from '../../server/platform/limits';
import { limitsKeepingNotices } from '../support/limit-notices';
import { endAllSessions } from '../../server/platform/session';
import { gameBody, walletCall } from '../support/wallet-helpers';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The flagged-players queue (issue 15, "Queues"; NS-28): players the platform flags — a jurisdiction
 * mismatch, a responsible-gaming limit reached — listed for staff, with an audited customer-interaction record.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { call, passwordOnly, signIn } = staffApi(() => server);

async function flags(cookie: string, status: 'OPEN' | 'ALL' = 'OPEN'): Promise<PlayerFlag[]> {
  const response = await call('GET', `/bo/flags?status=${status}`, cookie);
  expect(response.status).toBe(200);
  return flagListResponseSchema.parse(await response.json()).flags;
}

/** The flag is written after the refused movement's transaction has rolled back: wait for it. */
async function flagOf(cookie: string, playerId: string, reason: PlayerFlag['reason']): Promise<PlayerFlag[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = (await flags(cookie)).filter((flag) => flag.playerId === playerId && flag.reason === reason);
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

describe('flagged players', () => {
  let support: string;
  beforeAll(async () => {
    support = await signIn('bo.support');
  });

  it('NS-28 RG a bet refused by the wager limit flags the player once a day, however often it is refused', async () => {
    const { partyId } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await server.fundPlayer(partyId, 10_000n);
    await changeLimit(server.db, server.context.limits.settings, {
      playerId: partyId,
      limitType: 'WAGER_LIMIT',
      periodType: 'Week',
      currency: 'EUR',
      value: 1_000n,
    });
    expect((await walletCall(server.url, 'debit', gameBody(partyId, { amount: 5 }))).status).toBe(200);
    for (let refused = 0; refused < 2; refused += 1) {
      const response = await walletCall(server.url, 'debit', gameBody(partyId, { amount: 20 }));
      expect(response.body.status).toBe('WAGER_LIMIT_REACHED');
    }
    const found = await flagOf(support, partyId, 'LIMIT_REACHED');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      reason: 'LIMIT_REACHED',
      detail: { limit: 'WAGER_LIMIT_REACHED', currency: 'EUR', day: new Date().toISOString().slice(0, 10) },
      closedAt: null,
      interactions: [],
    });
  });

  it('NS-28 a deposit refused by the deposit limit flags the player', async () => {
    const { partyId } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await changeLimit(server.db, server.context.limits.settings, {
      playerId: partyId,
      limitType: 'DEPOSIT_LIMIT',
      periodType: 'Daily',
      currency: 'EUR',
      value: 1_000n,
    });
    await expect(server.fundPlayer(partyId, 500n)).resolves.toBeTruthy();
    const { limits } = limitsKeepingNotices(server.context.limits, async () => ({ total: 500n, oldest: new Date() }));
    await expect(limits.checkDepositLimits(server.db, { playerId: partyId, currency: 'EUR', amount: 2_000n })).rejects.toMatchObject({ status: 'HIGH_LIMIT' });
    expect((await flagOf(support, partyId, 'LIMIT_REACHED'))[0]).toMatchObject({ detail: { limit: 'HIGH_LIMIT', currency: 'EUR' } });
  });

  it('NS-28 a jurisdiction mismatch the accounts module recorded is in the queue; an interaction is recorded, audited once, and closes the flag', async () => {
    const { partyId, cookie: playerCookie } = await server.createSignedInPlayer();
    await server.db
      .insert(jurisdictionMismatch)
      .values({ playerId: partyId, seenAt: 'PLAY', declaredCountry: 'MK', addressCountry: 'GB', ipAddress: '203.0.113.9', jurisdiction: 'MK' });
    const [flag] = await flagOf(support, partyId, 'JURISDICTION_MISMATCH');
    expect(flag).toMatchObject({ detail: { declaredCountry: 'MK', addressCountry: 'GB', seenAt: 'PLAY' } });
    // Listing again raises nothing new.
    expect((await flags(support)).filter((row) => row.playerId === partyId)).toHaveLength(1);

    const before = await server.db.select().from(staffAudit);
    const recorded = await call('POST', `/bo/flags/${flag!.id}/interactions`, support, {
      discussed: 'Called the player: on holiday in London, lives in Skopje',
      outcome: 'NO_CONCERN',
      close: true,
    });
    expect(recorded.status).toBe(200);
    expect(await recorded.json()).toMatchObject({ closed: true });
    const added = (await server.db.select().from(staffAudit)).filter((row) => !before.some((old) => old.seq === row.seq));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'flag.interaction',
      staffUsername: 'bo.support',
      permission: 'players.note',
      subjectType: 'flag',
      subjectId: flag!.id,
      detail: { playerId: partyId, outcome: 'NO_CONCERN', closed: true },
    });

    expect((await flags(support)).some((row) => row.id === flag!.id)).toBe(false);
    const closed = (await flags(support, 'ALL')).find((row) => row.id === flag!.id)!;
    expect(closed.closedAt).not.toBeNull();
    expect(closed.interactions).toEqual([
      expect.objectContaining({ staffUsername: 'bo.support', discussed: 'Called the player: on holiday in London, lives in Skopje', outcome: 'NO_CONCERN' }),
    ]);

    // A closed flag takes no more records; nothing is written.
    const again = await call('POST', `/bo/flags/${flag!.id}/interactions`, support, { discussed: 'Again', outcome: 'NO_CONCERN' });
    expect(again.status).toBe(400);
    // A player's session opens nothing here.
    expect((await call('POST', `/bo/flags/${flag!.id}/interactions`, playerCookie, { discussed: 'x', outcome: 'NO_CONCERN' })).status).toBe(401);
  });

  it('NS-28 401 and 403 on the queue and the record; bad input 400 naming the field; an unknown flag 404; nothing recorded', async () => {
    const [{ partyId }] = [await server.createSignedInPlayer()];
    const [row] = await server.db
      .insert(playerFlag)
      .values({ playerId: partyId, reason: 'LIMIT_REACHED', sourceKey: `test-${randomUUID()}`, detail: {} })
      .returning();
    const record = `/bo/flags/${row!.id}/interactions`;
    const body = { discussed: 'Talked about the limit', outcome: 'ADVICE_GIVEN' };
    const playerCookie = (await server.createSignedInPlayer()).cookie;
    const content = await signIn('bo.content');
    const auditor = await signIn('bo.auditor');
    const noCode = await passwordOnly('bo.payments');
    const before = (await server.db.select().from(staffAudit)).length;
    for (const [method, pathName, payload] of [
      ['GET', '/bo/flags', undefined],
      ['POST', record, body],
    ] as const) {
      expect((await call(method, pathName, null, payload)).status, pathName).toBe(401);
      expect((await call(method, pathName, playerCookie, payload)).status, pathName).toBe(401);
      expect((await call(method, pathName, 'BO_SESSION=forged', payload)).status, pathName).toBe(401);
      expect((await call(method, pathName, content, payload)).status, pathName).toBe(403);
      expect((await call(method, pathName, noCode, payload)).status, pathName).toBe(403);
    }
    // The read-only auditor sees the queue and records nothing.
    expect((await call('GET', '/bo/flags', auditor)).status).toBe(200);
    expect((await call('POST', record, auditor, body)).status).toBe(403);

    for (const [payload, field] of [
      [{ ...body, discussed: ' ' }, 'discussed'],
      [{ ...body, outcome: 'FINE' }, 'outcome'],
      [{ outcome: 'ADVICE_GIVEN' }, 'discussed'],
    ] as const) {
      const response = await call('POST', record, support, payload);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toContain(field);
    }
    const badQuery = await call('GET', '/bo/flags?status=SOME', support);
    expect(badQuery.status).toBe(400);
    expect(((await badQuery.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toContain('status');
    expect((await call('POST', '/bo/flags/not-a-uuid/interactions', support, body)).status).toBe(400);
    expect((await call('POST', `/bo/flags/${randomUUID()}/interactions`, support, body)).status).toBe(404);
    expect((await server.db.select().from(staffAudit)).length).toBe(before);
    const [unchanged] = await server.db.select().from(playerFlag).where(eq(playerFlag.id, row!.id));
    expect(unchanged!.closedAt).toBeNull();
  });
});

describe('NS-28 RG reality-check patterns', () => {
  let support: string;
  // The patterns the answers report, as the back office hears them: told before any flag is written,
  // so an answer that reported none will write none, with no moment waited out.
  let patterns: RealityCheckPattern[] = [];
  let limits: Limits;
  beforeAll(async () => {
    support = await signIn('bo.support');
    ({ limits, patterns } = limitsKeepingNotices(server.context.limits));
  });
  const patternsOf = (playerId: string) => patterns.filter((pattern) => pattern.playerId === playerId);

  const MINUTE = 60_000;
  /** A player with a 10-minute reality check in a live session `sessionMinutes` long. */
  async function playerInSession(sessionMinutes: number): Promise<string> {
    const { partyId } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await changeLimit(server.db, server.context.limits.settings, {
      playerId: partyId,
      limitType: 'REALITY_CHECK',
      periodType: 'Session',
      currency: '',
      value: 10n,
    });
    const now = Date.now();
    await server.db
      .update(rgPlayClock)
      .set({
        sessionStartedAt: new Date(now - sessionMinutes * MINUTE),
        lastActivityAt: new Date(now - MINUTE),
        sessionMs: BigInt((sessionMinutes - 1) * MINUTE),
      })
      .where(eq(rgPlayClock.playerId, partyId));
    return partyId;
  }
  /** The check falls due (as its interval passing would make it), and the player answers it. */
  async function answerDueCheck(playerId: string, action: 'CONTINUE' | 'LOGOUT'): Promise<void> {
    await server.db
      .update(rgPlayClock)
      .set({ realityCheckDueAt: new Date(Date.now() - 1_000) })
      .where(eq(rgPlayClock.playerId, playerId));
    await limits.answerRealityCheck(server.db, playerId, action, endAllSessions);
  }
  const patternFlags = async (playerId: string) =>
    (await flags(support)).filter((flag) => flag.playerId === playerId && flag.reason === 'REALITY_CHECK_PATTERN');

  it('NS-28 RG a player who continues at the configured number of reality checks in a row is flagged once that UTC day', async () => {
    expect(server.context.limits.settings.realityCheckPattern).toEqual({ continuesInARow: 3, sessionMinutes: 180 });
    const playerId = await playerInSession(25);
    await answerDueCheck(playerId, 'CONTINUE');
    // An early answer (the check not due yet) is no acknowledgement and counts for nothing.
    await limits.answerRealityCheck(server.db, playerId, 'CONTINUE', endAllSessions);
    await answerDueCheck(playerId, 'CONTINUE');
    expect(patternsOf(playerId)).toEqual([]);
    expect(await patternFlags(playerId)).toHaveLength(0);
    await answerDueCheck(playerId, 'CONTINUE');
    const [flag] = await flagOf(support, playerId, 'REALITY_CHECK_PATTERN');
    expect(flag).toMatchObject({
      detail: { trigger: 'CONTINUES_IN_A_ROW', continuesInARow: 3, intervalMinutes: 10, day: new Date().toISOString().slice(0, 10) },
      closedAt: null,
    });
    // A fourth Continue the same day is reported again (the pattern still shows), yet raises nothing
    // new: the day's flag is one row by its key. The report is told after the flag writer's insert
    // was sent, so the list read next is read after it, with no moment waited out.
    await answerDueCheck(playerId, 'CONTINUE');
    expect(patternsOf(playerId)).toHaveLength(2);
    expect(await patternFlags(playerId)).toHaveLength(1);
    const [clock] = await server.db.select().from(rgPlayClock).where(eq(rgPlayClock.playerId, playerId));
    expect(clock!.realityCheckStreak).toBe(4);
  });

  it('NS-28 RG a Log out at a reality check, or a break that ends the session, starts the run again: no flag', async () => {
    const playerId = await playerInSession(25);
    await answerDueCheck(playerId, 'CONTINUE');
    await answerDueCheck(playerId, 'CONTINUE');
    await answerDueCheck(playerId, 'LOGOUT');
    await answerDueCheck(playerId, 'CONTINUE');
    await answerDueCheck(playerId, 'CONTINUE');
    // A new play session (after a break) is a new run too.
    await server.db
      .update(rgPlayClock)
      .set({ sessionStartedAt: new Date(Date.now() - 5 * MINUTE) })
      .where(eq(rgPlayClock.playerId, playerId));
    await answerDueCheck(playerId, 'CONTINUE');
    expect(patternsOf(playerId)).toEqual([]);
    expect(await patternFlags(playerId)).toHaveLength(0);
    const [clock] = await server.db.select().from(rgPlayClock).where(eq(rgPlayClock.playerId, playerId));
    expect(clock!.realityCheckStreak).toBe(1);
  });

  it('NS-28 RG a Continue deep into a session longer than the configured span flags the player at once', async () => {
    const playerId = await playerInSession(200);
    await answerDueCheck(playerId, 'CONTINUE');
    const [flag] = await flagOf(support, playerId, 'REALITY_CHECK_PATTERN');
    expect(flag).toMatchObject({ detail: { trigger: 'SESSION_LENGTH', continuesInARow: 1, intervalMinutes: 10 } });
    expect((flag!.detail as { sessionMinutes: number }).sessionMinutes).toBeGreaterThanOrEqual(199);
  });
});
