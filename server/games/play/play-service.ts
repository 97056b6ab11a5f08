import { refuseIfLocked } from '../../platform/limits';
import { playerRulesCountry } from '../../platform/accounts';
import { gamePostTitleIn } from '../../content';
import type { Language } from '../../../contracts/content/translations';
import type {
  GameSessionAnswer,
  LaunchAnswer,
  OpenRoundAnswer,
  RotateSeedsAnswer,
  RoundAnswer,
  RoundsAnswer,
  VerifyAnswer,
} from '../../../contracts/games/answers';
import type { TitleConfig } from '../../../contracts/games/play';
import { fromMinorUnits } from '../../../contracts/money';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { roundsTotal } from '../../metrics/metrics';
import { inTransaction } from '../../db/transaction';
import type { Currency } from '../engines/money';
import { gameKind, kindOf } from '../kinds/registry';
import type { AnyGameKind, SharedGameKind } from '../kinds/game-kind';
import { lockMarkOf } from '../kinds/lock-mark';
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
  refuseUnverifiedFreePlay,
  refuseUnverifiedVisitor,
  type ActiveGameSession,
  type VisitorPolicy,
} from './game-session';
import type { GameOwner } from './game-owner';
import { rulesFor, slotStakeMax } from '../../jurisdiction';
import { cappedLimits } from './stakes';
import {
  hasRoundInPlay,
  openRoundOf,
  playInstantRound,
  recentRounds,
  sessionBalance,
  sessionElapsedSeconds,
  sessionPosition,
  settleOpenRounds,
  stepRound,
  verifyRound,
  type SpinResult,
} from './rounds';
import { playerRules } from './slot-sessions';

/**
 * The game server's operations as services: plain arguments in, the operation's answer out, no
 * HTTP. The routes (`play.routes.ts`) only read the cookies and hand over; a back-office action, a
 * job or a test calls these directly. Every game kind's operations go through `playRound` and
 * `playStep`, which look the kind up in the registry (`kinds/registry.ts`).
 */

export type { GameSessionAnswer, LaunchAnswer, OpenRoundAnswer, RotateSeedsAnswer, RoundAnswer, RoundsAnswer, VerifyAnswer };

const major = (minor: bigint | number) => fromMinorUnits(BigInt(minor));

/** The title of the session's game, which must be of `kind`: a mines call in a slot session is 400. */
function titleOfSession(session: ActiveGameSession, kind: AnyGameKind): Title {
  const title = getTitle(session.gameId);
  if (!title) throw new AppError('NOT_FOUND', `No game ${session.gameId}`);
  if (title.kind !== kind.kind) throw new AppError('WRONG_GAME', `This game session is for ${title.name}, not ${kind.kind}`);
  return title;
}

function registeredKind(name: string): AnyGameKind {
  const kind = gameKind(name);
  if (!kind) throw new AppError('NOT_FOUND', `No game kind ${name}`);
  return kind;
}

/**
 * The title as a session plays it. `stakeCapMinor`: the jurisdiction's slot stake limit for this
 * player, which leaves out the steps above it and is named as `limits.jurisdictionMax`.
 */
export function titleConfig(title: Title, currency: Currency, stakeCapMinor: number | null = null): TitleConfig {
  const limits = cappedLimits(title.limits[currency], stakeCapMinor);
  return {
    gameId: title.gameId,
    name: title.name,
    kind: title.kind,
    currency,
    limits: {
      min: major(limits.min),
      max: major(limits.max),
      steps: limits.steps.map(major),
      ...(limits.jurisdictionMax === undefined ? {} : { jurisdictionMax: major(limits.jurisdictionMax) }),
    },
    ...kindOf(title).config?.(title),
  };
}

/** A round's outcome as the player may see it (no mine positions, no shoe, no hole card). */
export function publicOutcome(title: Title, outcome: unknown): unknown {
  return kindOf(title).publicView(title, outcome);
}

/** The answer of a round: the round, the balance after it and the session's position. */
export async function roundAnswer(
  db: Db,
  session: ActiveGameSession,
  { round, serverSeedHash, balance, netPosition }: SpinResult,
  title?: Title,
): Promise<RoundAnswer> {
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
    outcome: title ? publicOutcome(title, round.outcome) : round.outcome,
    netPosition: major(position.netPosition),
    sessionElapsedSeconds: position.elapsedSeconds,
  };
}

/** The shared kind (bingo) whose lobby a catalogue gameId launches, under the server's configuration. */
export type LobbyLookup = (gameId: string) => SharedGameKind | undefined;
const noLobbies: LobbyLookup = () => undefined;

/** Who asks for a launch: a signed-in player (their portal session), else a visitor. */
export interface LaunchRequest {
  gameId: string;
  playForReal: boolean;
  /** The player behind a live portal session (its token hash: its logout ends the game); null for a visitor. */
  player: { partyId: string; currency: string | null; registrationStatus: string; kycStatus: string; sessionTokenHash?: string } | null;
  /** A visitor's identity from a live visitor game session, kept across games; a new one otherwise. */
  visitorId?: string | undefined;
}

/**
 * A single-use launch address for a game. Real play needs a player who may play for real (KYCFAILED
 * otherwise); free play a published game post marked free to play; a visitor, rules that let
 * visitors play (PLAY-18, PLAY-19).
 */
export async function launchGame(db: Db, visitors: VisitorPolicy, request: LaunchRequest, lobbies: LobbyLookup = noLobbies): Promise<LaunchAnswer> {
  const { gameId, playForReal, player } = request;
  // A title's game, or the lobby of a shared kind (gameId bingo opens the bingo rooms); a lobby is free to play only if the content says so.
  if (!getTitle(gameId) && !lobbies(gameId)) throw new AppError('NOT_FOUND', `No game ${gameId}`, [{ field: 'gameId', error: 'No such game' }]);
  if (playForReal) {
    if (!player) throw new AppError('NOT_LOGGED_IN_ERROR');
    if (!mayPlayForReal({ registrationStatus: player.registrationStatus, kycStatus: player.kycStatus }))
      throw new AppError('KYCFAILED', KYC_INCOMPLETE_MESSAGE);
  } else if (!(await isFreeToPlay(db, gameId))) {
    throw new AppError('FORBIDDEN', 'This game cannot be played for free', [{ field: 'playForReal', error: 'This game is only played for real' }]);
  }
  if (!player) refuseUnverifiedVisitor(visitors);
  else {
    // A time-out or self-exclusion refuses real and free play alike (DEF-11).
    await refuseIfLocked(db, player.partyId);
    if (!playForReal) refuseUnverifiedFreePlay(player, await playerRulesCountry(db, player.partyId), visitors);
  }
  const owner: GameOwner = player ? { playerId: player.partyId } : { visitorId: request.visitorId ?? newVisitorId() };
  const currency = player ? await playCurrency(db, player.partyId, player.currency) : 'EUR';
  const token = await createLaunchToken(db, {
    owner,
    gameId,
    mode: playForReal ? 'REAL' : 'FREE',
    currency,
    portalSessionHash: player?.sessionTokenHash ?? null,
  });
  const launchUrl = `/gs/play/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}&playForReal=${playForReal}`;
  return { status: 'SUCCESS' as const, launchUrl, rules: player ? await playerRules(db, player.partyId) : { ...rulesFor(visitors.visitorJurisdiction) } };
}

/**
 * Exchanges a launch token once for a game session: its cookie value and the session answer. A
 * title's name is the catalogue's in `lang` (issue 17: the game client in the portal's language),
 * else the title's own.
 */
export async function openGameSession(
  db: Db,
  visitors: VisitorPolicy,
  token: string,
  lobbies: LobbyLookup = noLobbies,
  lang: Language = 'en',
): Promise<{ cookieValue: string; answer: GameSessionAnswer }> {
  const { cookieValue, session } = await exchangeLaunchToken(db, token, visitors);
  const title = getTitle(session.gameId);
  const lobby = title ? undefined : lobbies(session.gameId);
  if (!title && !lobby) throw new AppError('NOT_FOUND', `No game ${session.gameId}`);
  await settleOpenRounds(db, session.owner);
  const seed = await inTransaction(db, (tx) => lockActiveSeed(tx, session.owner));
  const name = title ? ((await gamePostTitleIn(db, session.gameId, lang)) ?? title.name) : undefined;
  return {
    cookieValue,
    answer: {
      status: 'SUCCESS' as const,
      mode: session.mode,
      title: title
        ? { ...titleConfig(title, session.currency, title.kind === 'slot' ? slotStakeMax(session.country, session.birthDate) : null), name: name ?? title.name }
        : lobby!.lobbyTitle(session.gameId, session.currency),
      fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nextNonce: seed.nextNonce },
      rules: { ...rulesFor(session.country) },
      startedAt: session.createdAt.toISOString(),
      balance: major(await sessionBalance(db, session)),
    },
  };
}

/**
 * Opens a round of the session's game: a slot spin, a roulette spin, a plinko drop, a mines start,
 * a blackjack deal — whatever `kind` names. `request` is the kind's start request (already checked
 * against its schema by the caller). A retry with the same clientRequestId answers the same round.
 */
export async function playRound(db: Db, session: ActiveGameSession, kindName: string, request: unknown): Promise<RoundAnswer> {
  const kind = registeredKind(kindName);
  const title = titleOfSession(session, kind);
  const result = await playInstantRound(db, session, kind.start.round(title, session, request));
  roundsTotal.inc({ kind: kindName, currency: session.currency });
  return roundAnswer(db, session, result, title);
}

/** One player move of the round in play (a mines pick or cash-out, a blackjack action), under the round's row lock. */
export async function playStep(db: Db, session: ActiveGameSession, kindName: string, stepName: string, request: unknown): Promise<RoundAnswer> {
  const kind = registeredKind(kindName);
  const step = Object.hasOwn(kind.steps, stepName) ? kind.steps[stepName] : undefined;
  if (!step) throw new AppError('NOT_FOUND', `No ${stepName} in ${kindName}`);
  const title = titleOfSession(session, kind);
  const move = step.step(title, request);
  return roundAnswer(db, session, await stepRound(db, session, move.roundId, move.step), title);
}

/** The session's round still in play, to resume it (its public view). */
export async function roundInPlay(db: Db, session: ActiveGameSession): Promise<OpenRoundAnswer> {
  const round = await openRoundOf(db, session);
  const title = getTitle(session.gameId);
  if (!round || !title) return { status: 'SUCCESS' as const, round: null };
  return {
    status: 'SUCCESS' as const,
    round: { roundId: round.id, gameId: round.gameId, stake: major(round.stake), nonce: round.nonce, outcome: publicOutcome(title, round.outcome) },
  };
}

/** The owner's last rounds, newest first (left-open rounds settled first). */
export async function roundHistory(db: Db, session: ActiveGameSession, limit: number): Promise<RoundsAnswer> {
  await settleOpenRounds(db, session.owner);
  const rounds = await recentRounds(db, session.owner, limit);
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
      settledAtLock: lockMarkOf(round.outcome),
    })),
  };
}

/**
 * Reveals the owner's server seed and commits to a new one. Refused while a round is in play: its
 * remaining draws come from this seed. Checked under the seed lock, which every round takes, so a
 * round opened at the same moment is either seen here or played under the new seed (defect 5).
 */
export async function rotateSeeds(db: Db, session: ActiveGameSession, clientSeed: string | undefined): Promise<RotateSeedsAnswer> {
  await settleOpenRounds(db, session.owner);
  const { revealed, next } = await inTransaction(db, async (tx) => {
    await lockActiveSeed(tx, session.owner);
    if (await hasRoundInPlay(tx, session.owner)) throw new AppError('ROUND_IN_PLAY', 'Finish the round in play before revealing the seed');
    return rotateSeed(tx, session.owner, clientSeed);
  });
  return {
    status: 'SUCCESS' as const,
    revealed: { serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, roundsPlayed: revealed.nextNonce },
    next: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nextNonce: next.nextNonce },
  };
}

/** Recomputes one of the owner's rounds from its revealed seed. */
export async function verifyPlayedRound(db: Db, session: ActiveGameSession, roundId: string): Promise<VerifyAnswer> {
  const { round, seed, recomputed, verified } = await verifyRound(db, session.owner, roundId);
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
}
