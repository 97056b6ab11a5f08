import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCatalogue, errorResponseSchema, type ErrorStatus } from '../../../contracts/errors';
import {
  freeSpinRequestSchema,
  freeSpinResponseSchema,
  freeSpinsResponseSchema,
  type FreeSpinAnswer,
  type FreeSpinsAnswer,
} from '../../../contracts/platform/bonuses/free-spins';
import { fromMinorUnits } from '../../../contracts/money';
import type { Db } from '../../db/database';
import { gameRound } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { roundsTotal } from '../../metrics/metrics';
import { creditFreeSpinWin, freeSpinOffers, freeSpinOfRound, takeFreeSpin } from '../../platform/bonuses';
import type { Limits } from '../../platform/limits';
import { inTransaction } from '../../db/transaction';
import type { ServiceContext } from '../../service-context';
import { kindOf } from '../kinds/registry';
import { rngHealth } from '../rng/rng';
import { getTitle } from '../titles/registry';
import { lockActiveSeed, takeNonce, type SeedRow } from './fair-seeds';
import { ownerColumns, realPlayerId } from './game-owner';
import { requireGameSession, type ActiveGameSession } from './game-session';
import { rulesFor } from '../../jurisdiction';
import { roundAnswer } from './play-service';
import { enforceSpinInterval, findRoundByRequest, moveSessionPosition, seedHashOf, sessionBalance, slotTitleOf, type RoundRow } from './rounds';
import { rememberSeed } from './seed-cache';
import { refuseIfSessionEnded } from './slot-sessions';

/**
 * Free spins in the game server (issue 14; server/platform/bonuses/README.md "Free spins"). The spins are
 * the bonuses module's (`grantFreeSpins`); here they are played. A free spin is a real round of the
 * session's slot at the grant's fixed stake, in one transaction under the owner's seed lock like
 * every round (nonce, outcome, SETTLED round, verifiable from its seeds), with no bet movement: the
 * bonuses module takes the spin from the grant (row lock, count-down) and credits the win as bonus
 * money through the wallet. A retry with the same clientRequestId answers the same round and spends
 * nothing. Real play of a slot only: free play and visitors have no free spins (an empty list; a
 * free spin asked for in free play is 404).
 */

const major = (minor: bigint | number) => fromMinorUnits(BigInt(minor));

function playerOf(session: ActiveGameSession): string {
  if (session.mode !== 'REAL' || !session.owner.playerId) throw new AppError('NOT_FOUND', 'Free spins are played for real money only');
  return realPlayerId(session);
}

/** The player's unexpired free spins on the session's game (none on a game that is not a slot, none in free play). */
export async function freeSpinsInGame(db: Db, session: ActiveGameSession, now = new Date()): Promise<FreeSpinsAnswer> {
  // Free play (a visitor too) has none: answered as an empty list, so the client asks in any mode.
  if (session.mode !== 'REAL' || !session.owner.playerId || getTitle(session.gameId)?.kind !== 'slot') return { status: 'SUCCESS', freeSpins: [] };
  const playerId = realPlayerId(session);
  const offers = await freeSpinOffers(db, playerId, session.currency, session.gameId, now);
  return {
    status: 'SUCCESS',
    freeSpins: offers.map(({ grant, planName }) => ({
      grantId: Number(grant.id),
      planId: grant.planId,
      planName,
      bonusId: Number(grant.bonusId),
      currency: grant.currency,
      gameIds: grant.gameIds,
      stake: major(grant.stake),
      spinsTotal: grant.spinsTotal,
      spinsLeft: grant.spinsLeft,
      won: major(grant.won),
      expiresAt: grant.expiresAt.toISOString(),
    })),
  };
}

/** One free spin of `grantId` on the session's slot. */
export async function playFreeSpin(
  db: Db,
  session: ActiveGameSession,
  request: { grantId: number; clientRequestId: string },
  limits: Pick<Limits, 'getPlayStatus' | 'notePlayWithoutStake'>,
): Promise<FreeSpinAnswer> {
  const playerId = playerOf(session);
  const title = slotTitleOf(session.gameId);
  const grantId = BigInt(request.grantId);
  // A free spin is play: whatever stops real-money play (a lock, a reached session or game-time
  // limit, a due reality check) stops it too, though it stakes nothing the limits could refuse.
  const status = await limits.getPlayStatus(db, playerId, new Date(), session.currency);
  if (status.blocked)
    throw new AppError(Object.hasOwn(errorCatalogue, status.blocked.status) ? (status.blocked.status as ErrorStatus) : 'FORBIDDEN', status.blocked.message);
  if (status.realityCheck.due) throw new AppError('REALITY_CHECK_DUE');
  const played = await inTransaction(
    db,
    async (
      tx,
    ): Promise<{
      round: RoundRow;
      seed: SeedRow;
      nextNonce?: number;
      netPosition?: bigint;
      free: { spinNumber: number; spinsLeft: number; credited: bigint; bonusId: bigint };
    }> => {
      const seed = await lockActiveSeed(tx, session.owner);
      // Under the seed lock: a concurrent request with the same id has either committed or not started.
      const duplicate = await findRoundByRequest(tx, session.owner, request.clientRequestId);
      if (duplicate) {
        const spin = await freeSpinOfRound(tx, duplicate.id);
        if (!spin || spin.grantId !== grantId || duplicate.gameId !== session.gameId) {
          throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [
            { field: 'clientRequestId', error: 'This request id was already used for a different request' },
          ]);
        }
        return { round: duplicate, seed, free: { spinNumber: spin.spinNumber, spinsLeft: spin.spinsLeft, credited: spin.credited, bonusId: spin.bonusId } };
      }
      if (!rngHealth.healthy) throw new AppError('SERVICE_UNAVAILABLE', 'Play is suspended: the random number generator failed its health tests');
      const now = new Date();
      if (rulesFor(session.country).oneSlotAtATime) await refuseIfSessionEnded(tx, session, now);
      await enforceSpinInterval(tx, session, now);
      const spin = await takeFreeSpin(tx, { playerId, currency: session.currency, gameId: session.gameId, grantId }, now);
      // The slot kind's own round at the fixed stake: its stake checks (the title's steps, the
      // jurisdiction's cap) and its outcome, so the round replays and verifies like a paid one.
      const round = kindOf(title).start.round(title, session, { stake: major(spin.stake), clientRequestId: request.clientRequestId });
      round.check();
      const nonce = await takeNonce(tx, seed);
      const { outcome, win } = round.compute(seed, nonce);
      const [row] = await tx
        .insert(gameRound)
        .values({
          ...ownerColumns(session.owner),
          gameId: session.gameId,
          mode: session.mode,
          currency: session.currency,
          stake: spin.stake,
          win,
          status: 'SETTLED',
          seedId: seed.id,
          nonce,
          outcome,
          clientRequestId: request.clientRequestId,
          createdAt: now,
          settledAt: now,
        })
        .returning();
      if (!row) throw new Error('round not opened');
      const { credited, bonusId } = await creditFreeSpinWin(tx, spin, row.id, win, now);
      // Time spent on free spins is time played: the session and game-time limits and the reality check count it.
      await limits.notePlayWithoutStake(tx, playerId, session.currency, credited);
      // No stake was taken; what the spin credited counts as won.
      const netPosition = await moveSessionPosition(tx, session, credited);
      return { round: row, seed, nextNonce: nonce + 1, netPosition, free: { spinNumber: spin.spinNumber, spinsLeft: spin.spinsLeft, credited, bonusId } };
    },
  );
  const { round, seed, free } = played;
  if (played.nextNonce !== undefined) {
    // Committed: the player's next paid round may take the one-statement path from this nonce.
    rememberSeed(playerId, { ...seed, nextNonce: played.nextNonce });
    roundsTotal.inc({ kind: 'slot', currency: session.currency });
  }
  const answer = await roundAnswer(
    db,
    session,
    {
      round,
      serverSeedHash: seed.id === round.seedId ? seed.serverSeedHash : await seedHashOf(db, round.seedId),
      balance: await sessionBalance(db, session),
      ...(played.netPosition === undefined ? {} : { netPosition: played.netPosition }),
    },
    title,
  );
  return {
    ...answer,
    freeSpin: {
      grantId: request.grantId,
      spinNumber: free.spinNumber,
      spinsLeft: free.spinsLeft,
      credited: major(free.credited),
      bonusId: Number(free.bonusId),
    },
  };
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** GET /gs/free-spins and POST /gs/free-spins/spin (game session cookie). */
export const freeSpinRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = context.database.db;
    const visitors = { visitorJurisdiction: context.config.VISITOR_JURISDICTION };
    app.get(
      '/free-spins',
      {
        schema: {
          tags: ['games'],
          summary: "The player's free spins on this game: spins left, fixed stake, expiry (game session cookie, real play; issue 14)",
          response: { 200: freeSpinsResponseSchema, ...errors },
        },
      },
      async (request) => freeSpinsInGame(db, await requireGameSession(db, request, visitors)),
    );
    app.post(
      '/free-spins/spin',
      {
        schema: {
          tags: ['games'],
          summary:
            'One free spin: a slot round at the fixed stake that takes no money; its win is credited as bonus money (game session cookie, real play; issue 14)',
          body: freeSpinRequestSchema,
          response: { 200: freeSpinResponseSchema, ...errors },
        },
      },
      async (request) => playFreeSpin(db, await requireGameSession(db, request, visitors), request.body, context.limits),
    );
  };
