import type { ServiceContext } from '../../service-context';
import type { SettledAtLockEntry } from '../kinds/game-kind';
import { GAME_KINDS, SHARED_GAME_KINDS } from '../kinds/registry';
import { settleOpenRounds } from './rounds';
import { settleKindRoundsAtLock } from './rounds-at-lock';

/**
 * Settles everything the player has in play when a lock (time-out, self-exclusion) starts (issue
 * 26, item 7; server/games/README.md "Rounds in play at a lock"), before anything is paid back:
 * the lock refuses every later request of the player's game sessions, so a round left open would
 * keep its stake for the whole lock. The rule: the player gets their best legal outcome without
 * taking any new risk —
 *
 * - mines: with a safe tile revealed, cashed out at the current multiplier; with none, voided and
 *   the stake returned;
 * - blackjack: the better for the player of standing on every open hand (the dealer playing from the
 *   committed shoe) and voiding the hand with every stake returned — never less than the stakes back;
 * - live roulette: a bet on a round not yet resolved voided, the stake returned (a round already
 *   drawn pays by its result);
 * - bingo: tickets for a game not yet started returned (a game in play plays on; its prizes are paid);
 * - rounds left OPEN by a crash between the bet and the win: their stored win paid, as on the
 *   player's next request.
 *
 * Every kind says how its own rounds close (`GameKind.atLock`, `SharedGameKind.settleAtLock`); this
 * loops over the kinds. Money moves through the wallet (a win or a rollback: the lock refuses a
 * locked player's bets only), and each round, bet or purchase settles once however often and however
 * concurrently this runs (a conditional update of its state in its transaction decides). Each
 * closed round keeps `settledAtLock` (reason, time, resolution, what came back) for the history.
 *
 * `reason` names the lock (e.g. TIMEOUT, EXCLUSION). Answers what this call closed; a kind that fails
 * does not stop the others, and the failures are thrown together afterwards (running it again
 * settles what is left and nothing twice).
 */
export async function settleRoundsInPlay(
  context: Pick<ServiceContext, 'config' | 'database'>,
  playerId: string,
  reason: string,
  now = new Date(),
): Promise<SettledAtLockEntry[]> {
  const db = context.database.db;
  const settled: SettledAtLockEntry[] = [];
  const failures: unknown[] = [];
  const attempt = async (work: () => Promise<SettledAtLockEntry[] | number>) => {
    try {
      const entries = await work();
      if (Array.isArray(entries)) settled.push(...entries);
    } catch (error) {
      failures.push(error);
    }
  };
  await attempt(() => settleOpenRounds(db, { playerId }));
  for (const kind of GAME_KINDS) await attempt(() => settleKindRoundsAtLock(db, kind, playerId, reason, now));
  const lock = { db, config: context.config, playerId, reason, now };
  for (const kind of SHARED_GAME_KINDS) {
    const settle = kind.settleAtLock;
    if (settle) await attempt(() => settle(lock));
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'settling the rounds in play at the lock failed');
  return settled;
}
