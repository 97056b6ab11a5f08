import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  gameSessionRequestSchema,
  gameSessionResponseSchema,
  launchRequestSchema,
  launchResponseSchema,
  rotateSeedRequestSchema,
  rotateSeedResponseSchema,
  roundIdParamsSchema,
  roundsQuerySchema,
  roundsResponseSchema,
  spinRequestSchema,
  spinResponseSchema,
  verifyResponseSchema,
  type TitleConfig,
} from '../../../contracts/games/play';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import { fromMinorUnits, toMinorUnits } from '../../../contracts/money';
import { inTransaction } from '../../platform/wallet/ledger';
import { AppError } from '../../http/app-error';
import { requireSession } from '../../platform/session/session-cookie';
import type { ServiceContext } from '../../service-context';
import type { Currency } from '../engines/money';
import { getTitle } from '../titles/registry';
import type { Title } from '../titles/types';
import { lockActiveSeed, rotateSeed } from './fair-seeds';
import {
  createLaunchToken,
  exchangeLaunchToken,
  isFreeToPlay,
  KYC_INCOMPLETE_MESSAGE,
  playCurrency,
  requireGameSession,
  setGameSessionCookie,
} from './game-session';
import { recentRounds, sessionBalance, settleOpenRounds, spinSlot, verifyRound } from './rounds';

const major = (minor: bigint | number) => fromMinorUnits(BigInt(minor));
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

function titleConfig(title: Title, currency: Currency): TitleConfig {
  const limits = title.limits[currency];
  const config: TitleConfig = {
    gameId: title.gameId,
    name: title.name,
    kind: title.kind,
    currency,
    limits: { min: major(limits.min), max: major(limits.max), steps: limits.steps.map(major) },
  };
  if (title.kind === 'slot') {
    config.reels = title.config.reels;
    config.rows = title.config.rows;
    if (title.config.evaluation.kind === 'lines') config.lines = title.config.evaluation.lines.length;
    else config.ways = true;
  }
  return config;
}

/** Launch, game sessions, slot rounds and provable fairness (ARCHITECTURE §4). */
export const playRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = context.database.db;
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.post(
      '/launch',
      {
        schema: {
          tags: ['games'],
          summary: 'A single-use launch address for a game (portal session cookie)',
          body: launchRequestSchema,
          response: { 200: launchResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const { gameId, playForReal } = request.body;
        const title = getTitle(gameId);
        if (!title) throw new AppError('NOT_FOUND', `No game ${gameId}`, [{ field: 'gameId', error: 'No such game' }]);
        if (playForReal) {
          if (!mayPlayForReal({ registrationStatus: session.registrationStatus, kycStatus: session.kycStatus })) throw new AppError('KYCFAILED', KYC_INCOMPLETE_MESSAGE);
        } else if (!(await isFreeToPlay(db, gameId))) {
          throw new AppError('FORBIDDEN', 'This game cannot be played for free', [{ field: 'playForReal', error: 'This game is only played for real' }]);
        }
        const currency = await playCurrency(db, session.partyId, session.currency);
        const token = await createLaunchToken(db, { playerId: session.partyId, gameId, mode: playForReal ? 'REAL' : 'FREE', currency });
        const launchUrl = `/gs/play/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}&playForReal=${playForReal}`;
        return { status: 'SUCCESS' as const, launchUrl };
      },
    );

    app.post(
      '/session',
      {
        schema: {
          tags: ['games'],
          summary: 'Exchanges a launch token for a game session',
          body: gameSessionRequestSchema,
          response: { 200: gameSessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { cookieValue, session } = await exchangeLaunchToken(db, request.body.token);
        const title = getTitle(session.gameId);
        if (!title) throw new AppError('NOT_FOUND', `No game ${session.gameId}`);
        await settleOpenRounds(db, session.playerId);
        const seed = await inTransaction(db, (tx) => lockActiveSeed(tx, session.playerId));
        setGameSessionCookie(request, reply, cookieValue);
        return {
          status: 'SUCCESS' as const,
          mode: session.mode,
          title: titleConfig(title, session.currency),
          fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nextNonce: seed.nextNonce },
          balance: major(await sessionBalance(db, session)),
        };
      },
    );

    app.post(
      '/slots/spin',
      {
        schema: {
          tags: ['games'],
          summary: 'One paid slot round (game session cookie)',
          body: spinRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await requireGameSession(db, request);
        const stakeMinor = Number(toMinorUnits(request.body.stake));
        const { round, serverSeedHash, balance } = await spinSlot(db, session, stakeMinor, request.body.clientRequestId);
        return {
          status: 'SUCCESS' as const,
          roundId: round.id,
          roundStatus: round.status as 'OPEN' | 'SETTLED' | 'ROLLED_BACK',
          stake: major(round.stake),
          win: major(round.win),
          balance: major(balance),
          nonce: round.nonce,
          serverSeedHash,
          outcome: round.outcome,
        };
      },
    );

    app.get(
      '/rounds',
      {
        schema: {
          tags: ['games'],
          summary: "The player's last rounds (game session cookie)",
          querystring: roundsQuerySchema,
          response: { 200: roundsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await requireGameSession(db, request);
        await settleOpenRounds(db, session.playerId);
        const rounds = await recentRounds(db, session.playerId, request.query.limit);
        return {
          status: 'SUCCESS' as const,
          rounds: rounds.map(({ round, serverSeedHash, revealed }) => ({
            id: round.id,
            gameId: round.gameId,
            mode: round.mode as 'REAL' | 'FREE',
            currency: round.currency,
            stake: major(round.stake),
            win: major(round.win),
            roundStatus: round.status as 'OPEN' | 'SETTLED' | 'ROLLED_BACK',
            time: round.createdAt.toISOString(),
            nonce: round.nonce,
            serverSeedHash,
            verifiable: revealed,
          })),
        };
      },
    );

    app.post(
      '/seeds/rotate',
      {
        schema: {
          tags: ['games'],
          summary: 'Reveals the current server seed and commits to a new one (game session cookie)',
          body: rotateSeedRequestSchema,
          response: { 200: rotateSeedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await requireGameSession(db, request);
        await settleOpenRounds(db, session.playerId);
        const { revealed, next } = await inTransaction(db, (tx) => rotateSeed(tx, session.playerId, request.body.clientSeed));
        return {
          status: 'SUCCESS' as const,
          revealed: { serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, roundsPlayed: revealed.nextNonce },
          next: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nextNonce: next.nextNonce },
        };
      },
    );

    app.get(
      '/rounds/:id/verify',
      {
        schema: {
          tags: ['games'],
          summary: 'Recomputes a round from its revealed seed (game session cookie)',
          params: roundIdParamsSchema,
          response: { 200: verifyResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await requireGameSession(db, request);
        const { round, seed, recomputed, verified } = await verifyRound(db, session.playerId, request.params.id);
        return {
          status: 'SUCCESS' as const,
          roundId: round.id,
          gameId: round.gameId,
          serverSeed: seed.serverSeed,
          serverSeedHash: seed.serverSeedHash,
          clientSeed: seed.clientSeed,
          nonce: round.nonce,
          stake: major(round.stake),
          storedOutcome: round.outcome,
          recomputedOutcome: recomputed,
          verified,
        };
      },
    );
  };
