// The game server's public face: what other modules may use of it. Add exports here rather than
// importing the game server's internal files.
// The jurisdictions' slot stake limit at the wallet's policy point: every real-money slot stake, the seamless wallet's included.
// The game server's money policies, which the composition root puts into the wallet (server/modules.ts).
export { slotStakeCapPolicy } from './play/slot-stake-cap-policy';
export { gameCyclePolicy } from './play/game-cycle-policy';

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
export type { AnyGameKind, GameKind, SettledAtLockEntry } from './kinds/game-kind';
// A lock (time-out, self-exclusion) starting: every round, bet and ticket the player has in play settled once, before any payback (issue 26, item 7).
export { settleRoundsInPlay } from './play/settle-at-lock';
export { endGameSessions, gameSessionOfCookie, GAME_SESSION_COOKIE, type ActiveGameSession, type VisitorPolicy } from './play/game-session';
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
