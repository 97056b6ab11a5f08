// The game server's public face: what other modules may use of it. Add exports here rather than
// importing the game server's internal files.
export { JURISDICTION_RULES, JURISDICTION_STRICTNESS, rulesFor, strictestCountry, type JurisdictionRules } from './play/jurisdiction-rules';

// The game server's plugin (/gs), its catalogue and what the platform reads of its rounds.
export { gameServer } from './games.plugin';
export { getTitle, TITLES } from './titles/registry';
export type { Title } from './titles/types';
export { STUDIO_PROVIDER_ID } from './play/rounds';
export { gamesPlayedSince, type GamePlay } from './play/popularity';
// The back office's view of a player's rounds: a page of them, and one recalled with its seeds.
export { playerRounds, recallPlayerRound, type PlayedRound, type RecalledRound } from './play/round-recall';
// The RNG's continuous health tests, read by the operations area's health view.
export { rngHealth } from './rng/rng';

// The kinds of game behind one interface (kinds/<kind>/), and the /gs operations as services.
export { GAME_KINDS, gameKind, kindOf } from './kinds/registry';
export type { AnyGameKind, GameKind } from './kinds/game-kind';
export { gameSessionOfCookie, GAME_SESSION_COOKIE, type ActiveGameSession, type VisitorPolicy } from './play/game-session';
export {
  launchGame,
  openGameSession,
  playRound,
  playStep,
  rotateSeeds,
  roundHistory,
  roundInPlay,
  verifyPlayedRound,
  type LaunchRequest,
} from './play/play-service';
