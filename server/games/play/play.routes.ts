import type { FastifyRequest } from 'fastify';
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
import { clearSessionCookie, requireSession } from '../../platform/session/session-cookie';
import { resolveSession, SESSION_COOKIE, sessionPolicy } from '../../platform/session/session-store';
import type { ServiceContext } from '../../service-context';
import type { Db } from '../../db/database';
import type { Currency } from '../engines/money';
import { getTitle } from '../titles/registry';
import type { Title } from '../titles/types';
import { lockActiveSeed, rotateSeed } from './fair-seeds';
import {
  createLaunchToken,
  exchangeLaunchToken,
  isFreeToPlay,
  KYC_INCOMPLETE_MESSAGE,
  newVisitorId,
  playCurrency,
  refuseUnverifiedVisitor,
  type ActiveGameSession,
  requireGameSession,
  setGameSessionCookie,
  visitorIdOf,
  type VisitorPolicy,
} from './game-session';
import { rulesFor } from './jurisdiction-rules';
import type { GameOwner } from './game-owner';
import { playerRules } from './slot-sessions';
import { plinkoRound, rouletteRound, titleOfKind } from './table-games';
import {
  blackjackActionRequestSchema,
  blackjackDealRequestSchema,
  minesCashoutRequestSchema,
  minesPickRequestSchema,
  minesStartRequestSchema,
  openRoundResponseSchema,
  plinkoDropRequestSchema,
  rouletteSpinRequestSchema,
} from '../../../contracts/games/table-games';
import { actBlackjack, dealBlackjack, publicBlackjack } from './blackjack-rounds';
import { cashOutMines, pickMines, publicMines, startMinesRound } from './mines-rounds';
import { hasRoundInPlay, openRoundOf, playInstantRound, recentRounds, sessionBalance, sessionElapsedSeconds, sessionPosition, settleOpenRounds, spinSlot, verifyRound, type SpinResult } from './rounds';

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

/** A round's outcome as the player may see it (no secret mine positions). */
function publicOutcome(title: Title, outcome: unknown): unknown {
  if (title.kind === 'mines') return publicMines(title, outcome);
  if (title.kind === 'blackjack') return publicBlackjack(title, outcome);
  return outcome;
}

/** The answer of an instant round: the round, the balance after it and the session's position. */
export async function roundAnswer(db: Db, session: ActiveGameSession, { round, serverSeedHash, balance, netPosition }: SpinResult, view: (outcome: unknown) => unknown = (outcome) => outcome) {
  const position = netPosition === undefined ? await sessionPosition(db, session) : { netPosition, elapsedSeconds: sessionElapsedSeconds(session) };
  return {
    status: 'SUCCESS' as const,
    roundId: round.id,
    roundStatus: round.status as 'OPEN' | 'SETTLED' | 'ROLLED_BACK',
    stake: major(round.stake),
    win: major(round.win),
    balance: major(balance),
    nonce: round.nonce,
    serverSeedHash,
    outcome: view(round.outcome),
    netPosition: major(position.netPosition),
    sessionElapsedSeconds: position.elapsedSeconds,
  };
}

/** Launch, game sessions, slot rounds and provable fairness (ARCHITECTURE §4). */
export const playRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = context.database.db;
    const visitors: VisitorPolicy = { visitorJurisdiction: context.config.VISITOR_JURISDICTION };
    const gameSessionOf = (request: FastifyRequest) => requireGameSession(db, request, visitors);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.post(
      '/launch',
      {
        schema: {
          tags: ['games'],
          summary: 'A single-use launch address for a game (portal session cookie; without one, free play as a visitor)',
          body: launchRequestSchema,
          response: { 200: launchResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { gameId, playForReal } = request.body;
        // PLAY-17/18: real play needs a portal session; without one (or with a dead one) a visitor
        // may still play a free game, under an anonymous game identity (PLAY-19: never for real).
        const portalToken = request.cookies[SESSION_COOKIE];
        const session = playForReal ? await requireSession(context, request, reply) : await resolveSession(db, portalToken, sessionPolicy(context.config));
        if (!session && portalToken) clearSessionCookie(reply);
        const title = getTitle(gameId);
        if (!title) throw new AppError('NOT_FOUND', `No game ${gameId}`, [{ field: 'gameId', error: 'No such game' }]);
        if (playForReal) {
          if (session && !mayPlayForReal({ registrationStatus: session.registrationStatus, kycStatus: session.kycStatus })) throw new AppError('KYCFAILED', KYC_INCOMPLETE_MESSAGE);
        } else if (!(await isFreeToPlay(db, gameId))) {
          throw new AppError('FORBIDDEN', 'This game cannot be played for free', [{ field: 'playForReal', error: 'This game is only played for real' }]);
        }
        if (!session) refuseUnverifiedVisitor(visitors);
        const owner: GameOwner = session ? { playerId: session.partyId } : { visitorId: (await visitorIdOf(db, request)) ?? newVisitorId() };
        const currency = session ? await playCurrency(db, session.partyId, session.currency) : 'EUR';
        const token = await createLaunchToken(db, { owner, gameId, mode: playForReal ? 'REAL' : 'FREE', currency });
        const launchUrl = `/gs/play/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}&playForReal=${playForReal}`;
        return { status: 'SUCCESS' as const, launchUrl, rules: session ? await playerRules(db, session.partyId) : { ...rulesFor(visitors.visitorJurisdiction) } };
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
        const { cookieValue, session } = await exchangeLaunchToken(db, request.body.token, visitors);
        const title = getTitle(session.gameId);
        if (!title) throw new AppError('NOT_FOUND', `No game ${session.gameId}`);
        await settleOpenRounds(db, session.owner);
        const seed = await inTransaction(db, (tx) => lockActiveSeed(tx, session.owner));
        setGameSessionCookie(request, reply, cookieValue);
        return {
          status: 'SUCCESS' as const,
          mode: session.mode,
          title: titleConfig(title, session.currency),
          fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nextNonce: seed.nextNonce },
          rules: { ...rulesFor(session.country) },
          startedAt: session.createdAt.toISOString(),
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
        const session = await gameSessionOf(request);
        const stakeMinor = Number(toMinorUnits(request.body.stake));
        return roundAnswer(db, session, await spinSlot(db, session, stakeMinor, request.body.clientRequestId));
      },
    );

    app.post(
      '/roulette/spin',
      {
        schema: {
          tags: ['games'],
          summary: 'One roulette spin: the total of the bets is debited, the win credited (game session cookie)',
          body: rouletteSpinRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const title = titleOfKind(session.gameId, 'roulette');
        return roundAnswer(db, session, await playInstantRound(db, session, rouletteRound(title, session.currency, request.body)));
      },
    );

    app.post(
      '/plinko/drop',
      {
        schema: {
          tags: ['games'],
          summary: 'One plinko ball (game session cookie)',
          body: plinkoDropRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const title = titleOfKind(session.gameId, 'plinko');
        return roundAnswer(db, session, await playInstantRound(db, session, plinkoRound(title, session.currency, request.body)));
      },
    );

    app.post(
      '/mines/start',
      {
        schema: {
          tags: ['games'],
          summary: 'Starts a mines round: the stake is debited and the round stays in play (game session cookie)',
          body: minesStartRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const title = titleOfKind(session.gameId, 'mines');
        const result = await startMinesRound(db, session, title, request.body, (round) => playInstantRound(db, session, round));
        return roundAnswer(db, session, result, (outcome) => publicMines(title, outcome));
      },
    );

    app.post(
      '/mines/pick',
      {
        schema: {
          tags: ['games'],
          summary: 'Uncovers a cell of the mines round in play (game session cookie)',
          body: minesPickRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const title = titleOfKind(session.gameId, 'mines');
        const result = await pickMines(db, session, title, request.body.roundId, request.body.cell);
        return roundAnswer(db, session, result, (outcome) => publicMines(title, outcome));
      },
    );

    app.post(
      '/mines/cashout',
      {
        schema: {
          tags: ['games'],
          summary: 'Cashes out the mines round in play (game session cookie)',
          body: minesCashoutRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const title = titleOfKind(session.gameId, 'mines');
        const result = await cashOutMines(db, session, title, request.body.roundId);
        return roundAnswer(db, session, result, (outcome) => publicMines(title, outcome));
      },
    );

    app.post(
      '/blackjack/deal',
      {
        schema: {
          tags: ['games'],
          summary: 'Deals a blackjack round: the stake is debited and the round stays in play until settled (game session cookie)',
          body: blackjackDealRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const title = titleOfKind(session.gameId, 'blackjack');
        const result = await dealBlackjack(db, session, title, request.body, (round) => playInstantRound(db, session, round));
        return roundAnswer(db, session, result, (outcome) => publicBlackjack(title, outcome));
      },
    );

    app.post(
      '/blackjack/action',
      {
        schema: {
          tags: ['games'],
          summary: 'One player action in the blackjack round in play (game session cookie)',
          body: blackjackActionRequestSchema,
          response: { 200: spinResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const title = titleOfKind(session.gameId, 'blackjack');
        const result = await actBlackjack(db, session, title, request.body);
        return roundAnswer(db, session, result, (outcome) => publicBlackjack(title, outcome));
      },
    );

    app.get(
      '/round/open',
      {
        schema: {
          tags: ['games'],
          summary: 'The round of this game session still in play, to resume it (game session cookie)',
          response: { 200: openRoundResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        const round = await openRoundOf(db, session);
        const title = getTitle(session.gameId);
        if (!round || !title) return { status: 'SUCCESS' as const, round: null };
        return {
          status: 'SUCCESS' as const,
          round: { roundId: round.id, gameId: round.gameId, stake: major(round.stake), nonce: round.nonce, outcome: publicOutcome(title, round.outcome) },
        };
      },
    );

    app.get(
      '/rounds',
      {
        schema: {
          tags: ['games'],
          summary: "The player's (or visitor's) last rounds (game session cookie)",
          querystring: roundsQuerySchema,
          response: { 200: roundsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = await gameSessionOf(request);
        await settleOpenRounds(db, session.owner);
        const rounds = await recentRounds(db, session.owner, request.query.limit);
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
        const session = await gameSessionOf(request);
        await settleOpenRounds(db, session.owner);
        if (await hasRoundInPlay(db, session.owner)) throw new AppError('BAD_REQUEST', 'Finish the round in play before revealing the seed');
        const { revealed, next } = await inTransaction(db, (tx) => rotateSeed(tx, session.owner, request.body.clientSeed));
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
        const session = await gameSessionOf(request);
        const { round, seed, recomputed, verified } = await verifyRound(db, session.owner, request.params.id);
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
