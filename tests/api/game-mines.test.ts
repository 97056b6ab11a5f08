import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema, verifyResponseSchema } from '../../contracts/games/play';
import { openRoundResponseSchema } from '../../contracts/games/table-games';
import { gameRound } from '../../server/db/schema';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { fieldsOf, gameClient, minor } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

const MINES = 'PA-5002';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(MINES, 'mines-of-gold-test', 'Mines of Gold');
});
afterAll(() => server.close());

interface MinesView {
  inPlay: boolean;
  win: number;
  phase: 'playing' | 'lost' | 'cashed';
  revealed: number[];
  hit: number | null;
  minePositions: number[] | null;
  payout: number;
}

const start = (cookie: string, stake: number, mines: number, clientRequestId: string = randomUUID()) =>
  client.call('POST', '/gs/mines/start', { cookie, body: { stake, mines, clientRequestId } });
const pick = (cookie: string, roundId: string, cell: number) => client.call('POST', '/gs/mines/pick', { cookie, body: { roundId, cell } });
const cashout = (cookie: string, roundId: string) => client.call('POST', '/gs/mines/cashout', { cookie, body: { roundId } });

async function realGame(funds: bigint) {
  const signedIn = await server.createSignedInPlayer();
  if (funds > 0n) await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  const { cookie } = await client.openGame(signedIn.cookie, MINES, true);
  return { signedIn, cookie };
}

/** The mine positions, read from the stored round (the answers hide them while in play). */
async function minesOf(roundId: string): Promise<number[]> {
  const [row] = await server.db.select().from(gameRound).where(eq(gameRound.id, roundId));
  return (row!.outcome as { state: { minePositions: number[] } }).state.minePositions;
}

const balanceOf = async (partyId: string) => {
  const balance = await getPlayerBalance(server.db, partyId, 'EUR');
  return balance.cash + balance.bonus;
};

describe('mines', () => {
  it('answers 401 without a game session', async () => {
    expect((await start('', 1, 3)).status).toBe(401);
    expect((await client.call('GET', '/gs/round/open')).status).toBe(401);
  });

  it('debits the stake at start, hides the mines, resumes via /gs/round/open, and credits the cash-out exactly', async () => {
    const { signedIn, cookie } = await realGame(10_000n);
    const started = spinResponseSchema.parse((await start(cookie, 1, 3)).body);
    const view = started.outcome as MinesView;
    expect(view).toMatchObject({ inPlay: true, phase: 'playing', minePositions: null, revealed: [] });
    expect(started.roundStatus).toBe('OPEN');
    expect(await balanceOf(signedIn.partyId)).toBe(9_900n);

    const open = openRoundResponseSchema.parse((await client.call('GET', '/gs/round/open', { cookie })).body);
    expect(open.round?.roundId).toBe(started.roundId);
    expect((open.round?.outcome as MinesView).minePositions).toBeNull();

    const mines = await minesOf(started.roundId);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((cell) => !mines.includes(cell));
    const afterPick = spinResponseSchema.parse((await pick(cookie, started.roundId, safe[0]!)).body);
    expect((afterPick.outcome as MinesView).revealed).toEqual([safe[0]]);
    // A retried pick answers the round unchanged.
    const retried = spinResponseSchema.parse((await pick(cookie, started.roundId, safe[0]!)).body);
    expect((retried.outcome as MinesView).revealed).toEqual([safe[0]]);
    spinResponseSchema.parse((await pick(cookie, started.roundId, safe[1]!)).body);

    const cashed = spinResponseSchema.parse((await cashout(cookie, started.roundId)).body);
    const final = cashed.outcome as MinesView;
    expect(final.phase).toBe('cashed');
    expect(final.minePositions).toEqual(mines);
    expect(cashed.roundStatus).toBe('SETTLED');
    // stake × 0.97 × C(25,2)/C(22,2) = 100 × 0.97 × 300/231 ≈ 125.97 → 125 or 126 minor units.
    expect([125, 126]).toContain(final.payout);
    expect(minor(cashed.win)).toBe(BigInt(final.payout));
    expect(await balanceOf(signedIn.partyId)).toBe(9_900n + BigInt(final.payout));
    const again = spinResponseSchema.parse((await cashout(cookie, started.roundId)).body);
    expect(again.win).toBe(cashed.win);
    expect(await balanceOf(signedIn.partyId)).toBe(9_900n + BigInt(final.payout));
    expect(openRoundResponseSchema.parse((await client.call('GET', '/gs/round/open', { cookie })).body).round).toBeNull();
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);

    await client.call('POST', '/gs/seeds/rotate', { cookie, body: {} });
    const verified = verifyResponseSchema.parse((await client.call('GET', `/gs/rounds/${started.roundId}/verify`, { cookie })).body);
    expect(verified.verified).toBe(true);
  });

  it('ends the round with nothing on a mine, and an in-play round survives another request and a new session', async () => {
    const { signedIn, cookie } = await realGame(10_000n);
    const started = spinResponseSchema.parse((await start(cookie, 2, 5)).body);
    await client.call('GET', '/gs/rounds', { cookie });
    const relaunched = await client.openGame(signedIn.cookie, MINES, true);
    const open = openRoundResponseSchema.parse((await client.call('GET', '/gs/round/open', { cookie: relaunched.cookie })).body);
    expect(open.round?.roundId).toBe(started.roundId);
    const rotate = await client.call('POST', '/gs/seeds/rotate', { cookie: relaunched.cookie, body: {} });
    expect(rotate.status).toBe(400);

    const [mine] = await minesOf(started.roundId);
    const lost = spinResponseSchema.parse((await pick(relaunched.cookie, started.roundId, mine!)).body);
    expect((lost.outcome as MinesView).phase).toBe('lost');
    expect(lost.win).toBe(0);
    expect(lost.roundStatus).toBe('SETTLED');
    expect(await balanceOf(signedIn.partyId)).toBe(9_800n);
    const late = await pick(relaunched.cookie, started.roundId, 24 - mine! === mine ? 0 : 24 - mine!);
    expect(late.status).toBe(400);
  });

  it('refuses a bad stake, mine count or cell (400 naming the field), a second round while one is in play, and a stake over the balance', async () => {
    const { signedIn, cookie } = await realGame(150n);
    const offStep = await start(cookie, 0.3, 3);
    expect(offStep.status).toBe(400);
    expect(fieldsOf(offStep)).toEqual(['stake']);
    const badMines = await start(cookie, 1, 25);
    expect(badMines.status).toBe(400);
    expect(fieldsOf(badMines)).toEqual(['mines']);
    const overBalance = await start(cookie, 2, 3);
    expect(overBalance.status).toBe(400);
    expect(overBalance.body.status).toBe('INSUFFICIENT_FUNDS');
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, signedIn.partyId))).toEqual([]);

    const id = randomUUID();
    const started = spinResponseSchema.parse((await start(cookie, 1, 3, id)).body);
    const retried = spinResponseSchema.parse((await start(cookie, 1, 3, id)).body);
    expect(retried.roundId).toBe(started.roundId);
    const second = await start(cookie, 0.1, 3);
    expect(second.status).toBe(400);
    expect(fieldsOf(second)).toEqual(['roundId']);
    const badCell = await pick(cookie, started.roundId, 25);
    expect(badCell.status).toBe(400);
    expect(fieldsOf(badCell)).toEqual(['cell']);
    const badRound = await pick(cookie, 'nope', 1);
    expect(badRound.status).toBe(400);
    expect(fieldsOf(badRound)).toEqual(['roundId']);
    const early = await cashout(cookie, started.roundId);
    expect(early.status).toBe(400);
    expect(await balanceOf(signedIn.partyId)).toBe(50n);
  });

  it('free play moves only the virtual balance', async () => {
    const signedIn = await server.createSignedInPlayer();
    const { cookie } = await client.openGame(signedIn.cookie, MINES, false);
    const started = spinResponseSchema.parse((await start(cookie, 1, 1)).body);
    expect(started.balance).toBe(999);
    const mines = await minesOf(started.roundId);
    const cell = mines[0] === 0 ? 1 : 0;
    spinResponseSchema.parse((await pick(cookie, started.roundId, cell)).body);
    const cashed = spinResponseSchema.parse((await cashout(cookie, started.roundId)).body);
    expect(minor(cashed.balance)).toBe(99_900n + minor(cashed.win));
    expect(await balanceOf(signedIn.partyId)).toBe(0n);
  });
});
