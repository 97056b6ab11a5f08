import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedWalletPlayer } from '../../../tests/support/wallet-helpers';
import { openPglite, type Database, type Db } from '../../db/database';
import { gameRound, player } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { getPlayerBalance } from '../../platform/wallet';
import { GAME_KINDS } from '../kinds/registry';
import { TITLES } from '../titles/registry';
import { gameSessionOfCookie, type ActiveGameSession, type VisitorPolicy } from './game-session';
import { launchGame, openGameSession, playRound, playStep, rotateSeeds, roundHistory, roundInPlay, verifyPlayedRound } from './play-service';

/**
 * Issue 11, "operations as services": the game server's operations are functions of plain
 * arguments, so a back-office action or a job plays, resumes, rotates and verifies rounds without
 * HTTP — launch, session, every kind's start and step through the kinds registry.
 */

let database: Database;
let db: Db;
const visitors: VisitorPolicy = { visitorJurisdiction: 'IE' };
const titleOf = (kind: string) => TITLES.find((title) => title.kind === kind)!;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  db = database.db;
}, 60_000);
afterAll(() => database.close());

let sequence = 0;

/** A funded player who may play for real, with a live real-money game session on a title of `kind`, all without HTTP. */
async function realSession(kind: string, cash = 100_000n): Promise<{ playerId: string; session: ActiveGameSession }> {
  const playerId = await fundedWalletPlayer(db, `service-${(sequence += 1)}`, cash);
  await db.update(player).set({ registrationStatus: 'PLAYER', kycStatus: 'PASS' }).where(eq(player.id, playerId));
  const launched = await launchGame(db, visitors, {
    gameId: titleOf(kind).gameId,
    playForReal: true,
    player: { partyId: playerId, currency: 'EUR', registrationStatus: 'PLAYER', kycStatus: 'PASS' },
  });
  const token = new URL(launched.launchUrl, 'http://localhost').searchParams.get('token')!;
  const { cookieValue, answer } = await openGameSession(db, visitors, token);
  expect(answer.title.kind).toBe(kind);
  return { playerId, session: await gameSessionOfCookie(db, cookieValue, visitors) };
}

const balanceOf = async (playerId: string) => {
  const balance = await getPlayerBalance(db, playerId, 'EUR');
  return balance.cash + balance.bonus;
};

describe('game operations as services (issue 11)', () => {
  it('every kind the registry holds has a catalogue title, and every title a kind', () => {
    expect(new Set(GAME_KINDS.map((kind) => kind.kind))).toEqual(new Set(TITLES.map((title) => title.kind)));
  });

  it('plays an instant round of each instant kind and verifies it after a rotation', async () => {
    const requests: Record<string, unknown> = {
      slot: { stake: titleOf('slot').limits.EUR.min / 100, clientRequestId: randomUUID() },
      roulette: {
        bets: [
          {
            type: 'red',
            numbers: Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n)),
            stake: 1,
          },
        ],
        clientRequestId: randomUUID(),
      },
      plinko: { stake: 1, risk: 'medium', clientRequestId: randomUUID() },
    };
    for (const [kind, request] of Object.entries(requests)) {
      const { playerId, session } = await realSession(kind);
      const before = await balanceOf(playerId);
      const round = await playRound(db, session, kind, request);
      expect(round.roundStatus).toBe('SETTLED');
      expect(await balanceOf(playerId)).toBe(before - BigInt(Math.round(round.stake * 100)) + BigInt(Math.round(round.win * 100)));
      await rotateSeeds(db, session, undefined);
      const verified = await verifyPlayedRound(db, session, round.roundId);
      expect(verified.verified, kind).toBe(true);
      const history = await roundHistory(db, session, 5);
      expect(history.rounds.map((entry) => entry.id)).toEqual([round.roundId]);
    }
  });

  it('plays a mines round in steps, resumes it and refuses a second start while it is in play (defect 5)', async () => {
    const { playerId, session } = await realSession('mines');
    const started = await playRound(db, session, 'mines', { stake: 1, mines: 1, clientRequestId: randomUUID() });
    expect(started.roundStatus).toBe('OPEN');
    expect((await roundInPlay(db, session)).round?.roundId).toBe(started.roundId);
    await expect(playRound(db, session, 'mines', { stake: 1, mines: 1, clientRequestId: randomUUID() })).rejects.toMatchObject({
      httpStatus: 400,
      errors: [{ field: 'roundId' }],
    });
    const [stored] = await db.select().from(gameRound).where(eq(gameRound.id, started.roundId));
    const mines = (stored!.outcome as { state: { minePositions: number[] } }).state.minePositions;
    const safe = Array.from({ length: 25 }, (_, cell) => cell).find((cell) => !mines.includes(cell))!;
    await playStep(db, session, 'mines', 'pick', { roundId: started.roundId, cell: safe });
    const cashed = await playStep(db, session, 'mines', 'cashout', { roundId: started.roundId });
    expect(cashed.roundStatus).toBe('SETTLED');
    expect(await balanceOf(playerId)).toBe(100_000n - 100n + BigInt(Math.round(cashed.win * 100)));
    expect((await roundInPlay(db, session)).round).toBeNull();
  });

  it('deals blackjack and takes an action through the registry', async () => {
    const { session } = await realSession('blackjack');
    const dealt = await playRound(db, session, 'blackjack', { stake: 1, clientRequestId: randomUUID() });
    const view = dealt.outcome as { inPlay: boolean; seq: number; legalActions: string[] };
    if (view.inPlay) {
      const action = view.legalActions.includes('insurance') ? { action: 'insurance', take: false } : { action: 'stand' };
      const next = await playStep(db, session, 'blackjack', 'action', { roundId: dealt.roundId, seq: view.seq, ...action });
      expect(next.roundId).toBe(dealt.roundId);
    }
  });

  it("refuses an operation of another kind than the session's game (400), an unknown kind or step (404), and another owner's round (404)", async () => {
    const { session } = await realSession('slot');
    await expect(playRound(db, session, 'mines', { stake: 1, mines: 1, clientRequestId: randomUUID() })).rejects.toMatchObject({ httpStatus: 400 });
    await expect(playRound(db, session, 'bingo', {})).rejects.toMatchObject({ httpStatus: 404 });
    const { session: mines } = await realSession('mines');
    await expect(playStep(db, mines, 'mines', 'toString', { roundId: randomUUID() })).rejects.toBeInstanceOf(AppError);
    const { session: other } = await realSession('mines');
    const started = await playRound(db, other, 'mines', { stake: 1, mines: 1, clientRequestId: randomUUID() });
    await expect(playStep(db, mines, 'mines', 'cashout', { roundId: started.roundId })).rejects.toMatchObject({ httpStatus: 404 });
    await expect(verifyPlayedRound(db, mines, started.roundId)).rejects.toMatchObject({ httpStatus: 404 });
  });
});
