import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRound, player } from '../../server/db/schema';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { fieldsOf, gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * Issue 12, GB slot stakes (UKGC, online slots from 2025): at most 5.00 a spin, 2.00 for players
 * aged 18 to 24, of the session's currency, in real and free play; enforced by the game server and
 * told to the client in the session answer.
 */

// A slot whose EUR steps run to 50.00 (…, 5.00, 6.00, …) and GBP steps to 5.00 (…, 2.00, 2.40, …).
const SLOT = 'SR-1001';
const PLINKO = 'PA-5001';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(SLOT, 'emerald-isle-stake-caps', 'Emerald Isle Riches');
  await client.publishFreeGame(PLINKO, 'plinko-stake-caps', 'Plinko');
});
afterAll(() => server.close());

/** YYYY-MM-DD `years` years before today (UTC), moved by `days`. */
function bornYearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function playerIn(country: string, birthDate: string | null, options: { currency?: 'EUR' | 'GBP'; funds?: bigint } = {}) {
  const currency = options.currency ?? 'EUR';
  const signedIn = await server.createSignedInPlayer({ currencies: [currency] });
  await server.db.update(player).set({ country, birthDate }).where(eq(player.id, signedIn.partyId));
  if (options.funds) await server.fundPlayer(signedIn.partyId, options.funds, currency);
  return signedIn;
}

const spin = (cookie: string, stake: number) => client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });
const roundsOf = (playerId: string) => server.db.select().from(gameRound).where(eq(gameRound.playerId, playerId));

async function expectOverMax(cookie: string, stake: number, max: string, currency: string) {
  const refused = await spin(cookie, stake);
  expect(refused.status, JSON.stringify(refused.body)).toBe(400);
  expect(refused.body.status).toBe('STAKE_OVER_JURISDICTION_MAX');
  expect(fieldsOf(refused)).toEqual(['stake']);
  // Money as the contracts write it (issue 27): the currency's sign before the digits.
  expect(refused.body.message).toContain(`GB rules allow at most ${currency === 'GBP' ? '£' : '€'}${max} a slot spin`);
}

describe('GB slot stake limit (issue 12)', () => {
  it('an adult GB player stakes up to 5.00 a spin for real; 5.01 and the next step (6.00) are refused, moving nothing', async () => {
    const gb = await playerIn('GB', '1980-03-15', { funds: 10_000n });
    const { cookie, session } = await client.openGame(gb.cookie, SLOT, true);
    expect(session.title.limits).toMatchObject({ max: 5, jurisdictionMax: 5 });
    expect(Math.max(...session.title.limits.steps)).toBe(5);
    expect(session.title.limits.steps).not.toContain(6);

    const before = await getPlayerBalance(server.db, gb.partyId, 'EUR');
    await expectOverMax(cookie, 6, '5.00', 'EUR');
    await expectOverMax(cookie, 5.01, '5.00', 'EUR');
    await expectOverMax(cookie, 50, '5.00', 'EUR');
    expect(await roundsOf(gb.partyId)).toHaveLength(0);
    expect(await getPlayerBalance(server.db, gb.partyId, 'EUR')).toEqual(before);

    const played = await spin(cookie, 5);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    expect(played.body.stake).toBe(5);
  });

  it('a GB player aged 18–24 stakes at most 2.00, in GBP too; from the 25th birthday 5.00', async () => {
    const young = await playerIn('GB', bornYearsAgo(20), { currency: 'GBP', funds: 10_000n });
    const { cookie, session } = await client.openGame(young.cookie, SLOT, true);
    expect(session.title.currency).toBe('GBP');
    expect(session.title.limits).toMatchObject({ max: 2, jurisdictionMax: 2 });
    expect(session.title.limits.steps.every((step) => step <= 2)).toBe(true);
    await expectOverMax(cookie, 2.4, '2.00', 'GBP');
    await expectOverMax(cookie, 5, '2.00', 'GBP');
    expect((await spin(cookie, 2)).status).toBe(200);

    // 24 until tomorrow: still 2.00. 25 since yesterday: 5.00.
    const almost = await playerIn('GB', bornYearsAgo(25, 1));
    expect((await client.openGame(almost.cookie, SLOT, false)).session.title.limits.max).toBe(2);
    const turned = await playerIn('GB', bornYearsAgo(25, -1));
    expect((await client.openGame(turned.cookie, SLOT, false)).session.title.limits.max).toBe(5);
  });

  it('applies in free play as well (5.00, and 2.00 for a young adult)', async () => {
    const adult = await playerIn('GB', '1975-11-02');
    const free = await client.openGame(adult.cookie, SLOT, false);
    expect(free.session.mode).toBe('FREE');
    expect(free.session.title.limits.max).toBe(5);
    await expectOverMax(free.cookie, 6, '5.00', 'EUR');
    expect((await spin(free.cookie, 5)).status).toBe(200);

    const young = await playerIn('GB', bornYearsAgo(19));
    const youngFree = await client.openGame(young.cookie, SLOT, false);
    await expectOverMax(youngFree.cookie, 2.4, '2.00', 'EUR');
  });

  it('a GB player without a birth date on record gets the 2.00 limit', async () => {
    const unknown = await playerIn('GB', null);
    const { cookie, session } = await client.openGame(unknown.cookie, SLOT, false);
    expect(session.title.limits).toMatchObject({ max: 2, jurisdictionMax: 2 });
    await expectOverMax(cookie, 3, '2.00', 'EUR');
  });

  it('does not touch an IE player of any age: the title’s own steps up to 50.00', async () => {
    const ie = await playerIn('IE', bornYearsAgo(19), { funds: 10_000n });
    const { cookie, session } = await client.openGame(ie.cookie, SLOT, true);
    expect(session.title.limits.max).toBe(50);
    expect(session.title.limits.jurisdictionMax).toBeUndefined();
    const played = await spin(cookie, 6);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
  });

  it('the limit is for slots: a GB player’s Plinko drop of 10.00 is the title’s to judge', async () => {
    const gb = await playerIn('GB', bornYearsAgo(20));
    const { cookie, session } = await client.openGame(gb.cookie, PLINKO, false);
    expect(session.title.limits.jurisdictionMax).toBeUndefined();
    const dropped = await client.call('POST', '/gs/plinko/drop', { cookie, body: { stake: 10, clientRequestId: randomUUID(), risk: 'low' } });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body.stake).toBe(10);
  });

  it('issue 26: binds the seamless wallet too — a provider’s GBP slot debits over 2.00 for a 22-year-old GB player are refused with the game server’s error, moving nothing', async () => {
    const young = await playerIn('GB', bornYearsAgo(22), { currency: 'GBP', funds: 50_000n });
    const debit = (amount: number, kind = 'slot') =>
      walletCall(server.url, 'debit', gameBody(young.partyId, { currency: 'GBP', amount, kind, gameId: `provider-${kind}` }));
    const before = await getPlayerBalance(server.db, young.partyId, 'GBP');
    for (const amount of [2.01, 2.4, 5, 10, 100]) {
      const refused = await debit(amount);
      expect(refused.status, `${amount}: ${JSON.stringify(refused.body)}`).toBe(400);
      expect(refused.body.status).toBe('STAKE_OVER_JURISDICTION_MAX');
      expect(refused.body.errors?.map((error) => error.field)).toEqual(['amount']);
      expect(refused.body.errors?.[0]?.error).toBe('GB rules allow at most £2.00 a slot spin for you');
    }
    expect(await getPlayerBalance(server.db, young.partyId, 'GBP')).toEqual(before);
    // At the limit a slot stake is taken; other kinds are not slots and keep their own limits.
    expect((await debit(2)).status).toBe(200);
    expect((await debit(10, 'roulette')).status).toBe(200);
    expect(await getPlayerBalance(server.db, young.partyId, 'GBP')).toMatchObject({ cash: 50_000n - 200n - 1_000n });

    // An adult GB player: 5.00, not 5.01. An IE player of the same age is not capped.
    const adult = await playerIn('GB', '1980-03-15', { currency: 'GBP', funds: 50_000n });
    expect((await walletCall(server.url, 'debit', gameBody(adult.partyId, { currency: 'GBP', amount: 5, kind: 'slot' }))).status).toBe(200);
    expect((await walletCall(server.url, 'debit', gameBody(adult.partyId, { currency: 'GBP', amount: 5.01, kind: 'slot' }))).body.status).toBe(
      'STAKE_OVER_JURISDICTION_MAX',
    );
    const ie = await playerIn('IE', bornYearsAgo(22), { funds: 50_000n });
    expect((await walletCall(server.url, 'debit', gameBody(ie.partyId, { amount: 100, kind: 'slot' }))).status).toBe(200);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('bad stakes are still the schema’s and the title’s to refuse (400 naming stake), capped or not', async () => {
    const gb = await playerIn('GB', '1980-03-15');
    const { cookie } = await client.openGame(gb.cookie, SLOT, false);
    for (const stake of [-1, 0, 1.234, 'five']) {
      const refused = await spin(cookie, stake as number);
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused)).toEqual(['stake']);
    }
    // Under the limit but not one of the title's steps.
    const offStep = await spin(cookie, 0.21);
    expect(offStep.status).toBe(400);
    expect(offStep.body.status).toBe('VALIDATION_ERROR');
  });
});
