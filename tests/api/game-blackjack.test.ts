import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema, verifyResponseSchema, type spinResponseSchema as SpinSchema } from '../../contracts/games/play';
import { openRoundResponseSchema } from '../../contracts/games/table-games';
import { gameRound, walletTransaction } from '../../server/db/schema';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { fieldsOf, gameClient, minor } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import type { z } from 'zod';

const BLACKJACK = 'NT-4002';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(BLACKJACK, 'blackjack-classic-test', 'Blackjack Classic');
});
afterAll(() => server.close());

type Spin = z.infer<typeof SpinSchema>;
interface View {
  inPlay: boolean;
  phase: 'insurance' | 'player' | 'settled';
  seq: number;
  legalActions: string[];
  dealer: (number | null)[];
  totalStaked: number;
  settlement: { totalReturned: number } | null;
  shoe?: unknown;
}
const view = (spin: Spin) => spin.outcome as View;

const dealCall = (cookie: string, stake: number, clientRequestId: string = randomUUID()) =>
  client.call('POST', '/gs/blackjack/deal', { cookie, body: { stake, clientRequestId } });
const actCall = (cookie: string, roundId: string, action: string, seq: number, take?: boolean) =>
  client.call('POST', '/gs/blackjack/action', { cookie, body: { roundId, action, seq, ...(take === undefined ? {} : { take }) } });

async function realGame(funds: bigint) {
  const signedIn = await server.createSignedInPlayer();
  if (funds > 0n) await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  const { cookie } = await client.openGame(signedIn.cookie, BLACKJACK, true);
  return { signedIn, cookie };
}

const balanceOf = async (partyId: string) => {
  const balance = await getPlayerBalance(server.db, partyId, 'EUR');
  return balance.cash + balance.bonus;
};

/** Deals until a round is in play whose player phase allows `wanted` (declining insurance when offered). */
async function dealUntil(cookie: string, stake: number, wanted: (view: View) => boolean): Promise<Spin> {
  for (let i = 0; i < 60; i++) {
    let spin = spinResponseSchema.parse((await dealCall(cookie, stake)).body);
    if (view(spin).phase === 'insurance') spin = spinResponseSchema.parse((await actCall(cookie, spin.roundId, 'insurance', 0, false)).body);
    if (view(spin).inPlay && wanted(view(spin))) return spin;
    while (view(spin).inPlay) spin = spinResponseSchema.parse((await actCall(cookie, spin.roundId, 'stand', view(spin).seq)).body);
  }
  throw new Error('no suitable deal');
}

describe('blackjack', () => {
  it('answers 401 without a game session', async () => {
    expect((await dealCall('', 1)).status).toBe(401);
    expect((await actCall('', randomUUID(), 'hit', 0)).status).toBe(401);
  });

  it('debits the stake at the deal, hides the shoe and hole card, and pays exactly what the settlement returns', async () => {
    const { signedIn, cookie } = await realGame(100_000n);
    for (let round = 0; round < 5; round++) {
      const before = await balanceOf(signedIn.partyId);
      let spin = spinResponseSchema.parse((await dealCall(cookie, 2)).body);
      expect(view(spin).shoe).toBeUndefined();
      if (view(spin).inPlay) {
        expect(view(spin).dealer[1]).toBeNull();
        expect(await balanceOf(signedIn.partyId)).toBe(before - 200n);
      }
      while (view(spin).inPlay) {
        const action = view(spin).phase === 'insurance' ? 'insurance' : 'stand';
        spin = spinResponseSchema.parse((await actCall(cookie, spin.roundId, action, view(spin).seq, action === 'insurance' ? false : undefined)).body);
      }
      expect(spin.roundStatus).toBe('SETTLED');
      expect(view(spin).dealer.every((card) => card !== null)).toBe(true);
      const returned = BigInt(view(spin).settlement!.totalReturned);
      expect(minor(spin.win)).toBe(returned);
      expect(await balanceOf(signedIn.partyId)).toBe(before - 200n + returned);
      expect(minor(spin.balance)).toBe(before - 200n + returned);
    }
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('debits a double as a second bet of the same round, and resumes the round via /gs/round/open', async () => {
    const { signedIn, cookie } = await realGame(100_000n);
    const dealt = await dealUntil(cookie, 5, (v) => v.phase === 'player' && v.legalActions.includes('double'));
    const before = await balanceOf(signedIn.partyId);
    const open = openRoundResponseSchema.parse((await client.call('GET', '/gs/round/open', { cookie })).body);
    expect(open.round?.roundId).toBe(dealt.roundId);
    expect((open.round?.outcome as View).seq).toBe(view(dealt).seq);
    expect((open.round?.outcome as View).dealer[1]).toBeNull();

    const doubled = spinResponseSchema.parse((await actCall(cookie, dealt.roundId, 'double', view(dealt).seq)).body);
    expect(view(doubled).inPlay).toBe(false);
    expect(doubled.stake).toBe(10);
    const returned = BigInt(view(doubled).settlement!.totalReturned);
    expect(await balanceOf(signedIn.partyId)).toBe(before - 500n + returned);
    const bets = await server.db
      .select()
      .from(walletTransaction)
      .where(and(eq(walletTransaction.reference, dealt.roundId), eq(walletTransaction.kind, 'GAME_BET')));
    expect(bets.map((bet) => bet.amount).sort()).toEqual([500n, 500n]);
    expect(openRoundResponseSchema.parse((await client.call('GET', '/gs/round/open', { cookie })).body).round).toBeNull();

    await client.call('POST', '/gs/seeds/rotate', { cookie, body: {} });
    const verified = verifyResponseSchema.parse((await client.call('GET', `/gs/rounds/${dealt.roundId}/verify`, { cookie })).body);
    expect(verified.verified).toBe(true);
  });

  it('answers a retried action unchanged, refuses a different action at the same seq (409) and a seq ahead (400 naming seq)', async () => {
    const { signedIn, cookie } = await realGame(100_000n);
    const dealt = await dealUntil(cookie, 1, (v) => v.phase === 'player' && v.legalActions.includes('hit'));
    const seq = view(dealt).seq;
    const hit = spinResponseSchema.parse((await actCall(cookie, dealt.roundId, 'hit', seq)).body);
    const balance = await balanceOf(signedIn.partyId);
    const retried = spinResponseSchema.parse((await actCall(cookie, dealt.roundId, 'hit', seq)).body);
    expect(retried.outcome).toEqual(hit.outcome);
    expect(await balanceOf(signedIn.partyId)).toBe(balance);
    const conflict = await actCall(cookie, dealt.roundId, 'stand', seq);
    expect(conflict.status).toBe(409);
    expect(fieldsOf(conflict)).toEqual(['seq']);
    const ahead = await actCall(cookie, dealt.roundId, 'stand', seq + 5);
    expect(ahead.status).toBe(400);
    expect(fieldsOf(ahead)).toEqual(['seq']);
  });

  it('refuses an illegal action naming action, a bad stake naming stake, a second deal while in play, and a stake over the balance', async () => {
    const { signedIn, cookie } = await realGame(100_000n);
    const dealt = await dealUntil(cookie, 1, (v) => v.phase === 'player' && !v.legalActions.includes('split'));
    const split = await actCall(cookie, dealt.roundId, 'split', view(dealt).seq);
    expect(split.status).toBe(400);
    expect(fieldsOf(split)).toEqual(['action']);
    const unknown = await actCall(cookie, dealt.roundId, 'surrender', view(dealt).seq);
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['action']);
    const second = await dealCall(cookie, 1);
    expect(second.status).toBe(400);
    expect(fieldsOf(second)).toEqual(['roundId']);
    for (const stake of [1.5, 0.5, 600]) {
      const bad = await dealCall(cookie, stake);
      expect(bad.status, String(stake)).toBe(400);
      expect(fieldsOf(bad)).toEqual(['stake']);
    }
    const rounds = await server.db.select().from(gameRound).where(eq(gameRound.playerId, signedIn.partyId));
    expect(rounds.filter((round) => round.status === 'OPEN')).toHaveLength(1);

    const poor = await realGame(100n);
    const overBalance = await dealCall(poor.cookie, 2);
    expect(overBalance.status).toBe(400);
    expect(overBalance.body.status).toBe('INSUFFICIENT_FUNDS');
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, poor.signedIn.partyId))).toEqual([]);
  });
});
