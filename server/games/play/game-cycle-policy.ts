import { playerPlayProfile, playerRulesCountrySql } from '../../platform/accounts';
import { PolicyRefusal, roundStartsOf, type MoneyPolicy } from '../../platform/wallet';
import { GAME_CYCLE_COUNTRIES, rulesFor } from '../../jurisdiction';

/**
 * The kinds of game, as providers name them, that are casino games other than slots: their game
 * cycle has the jurisdiction's minimum (GB: 5 s, RTS 14G). Slots have their own (2.5 s between
 * spins); bingo is not a casino game; a kind not named here, or no kind at all, is not held.
 */
export const CYCLED_GAME_KINDS: ReadonlySet<string> = new Set([
  'roulette',
  'live-roulette',
  'blackjack',
  'baccarat',
  'poker',
  'craps',
  'sic-bo',
  'dice',
  'keno',
  'crash',
  'plinko',
  'mines',
  'game-show',
]);

/**
 * The game cycle of casino games other than slots (issue 29 item 1, UKGC RTS 14G: at least 5 s per
 * game cycle) as a money policy: the game server holds its own rounds to it under the player's seed
 * lock (`enforceGameCycle`), while a provider's round reaches the wallet through
 * `POST /ps/wallet/debit` (our studio's own id included: only a round the game server held itself,
 * in process, is marked `gameCycleHeld`). At the wallet's policy point the first bet of a provider's new round is
 * refused when the player's previous round of that game started less than the minimum before; further
 * bets of a round under way (a double, a split, a second chip on a live round) are not new rounds.
 * Decided inside the bet's transaction with the player's accounts locked, so parallel first bets are
 * read one after another. In one statement a cycled kind's bet passes for a player whose rules set
 * no cycle (IE, DEFAULT); any other takes the general path, where `before` decides.
 */
export const gameCyclePolicy: MoneyPolicy = {
  name: 'game-cycle',
  kinds: ['bet'],
  async before(tx, movement) {
    const game = movement.game;
    if (!game?.kind || !CYCLED_GAME_KINDS.has(game.kind) || game.gameCycleHeld) return;
    const { country } = await playerPlayProfile(tx, movement.playerId);
    const rules = rulesFor(country);
    if (rules.minGameCycleMs <= 0) return;
    const starts = await roundStartsOf(tx, movement.playerId, game, movement.ledgerTransactionId);
    if (starts.roundKnown || !starts.previousRoundStartedAt) return;
    const wait = starts.previousRoundStartedAt.getTime() + rules.minGameCycleMs - starts.thisRoundStartsAt.getTime();
    if (wait <= 0) return;
    throw new PolicyRefusal(
      'game-cycle',
      'TOO_MANY_REQUESTS',
      `${rules.jurisdiction} rules: a game takes at least ${rules.minGameCycleMs / 1000} seconds; the next one may start in ${(wait / 1000).toFixed(1)} s`,
      [{ field: 'roundId', error: `The ${rules.jurisdiction} minimum game cycle of ${rules.minGameCycleMs / 1000} s is not over yet` }],
      { retryAfterSeconds: Math.ceil(wait / 1000) },
    );
  },
  inStatement(movement, context) {
    if (!movement.game?.kind || !CYCLED_GAME_KINDS.has(movement.game.kind) || movement.game.gameCycleHeld) return {};
    const cycled = context.params.add(GAME_CYCLE_COUNTRIES, 'text[]');
    // The rules' country read as `rulesFor` reads it (trimmed, upper case).
    const country = `upper(btrim(coalesce(${playerRulesCountrySql(context.player)}, ''), E' \\t\\r\\n'))`;
    return { condition: `NOT (${country} = ANY (${cycled}))` };
  },
};
