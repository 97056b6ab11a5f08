import { toMinorUnits } from '../../../contracts/money';
import type { BlackjackActionRequest, BlackjackDealRequest } from '../../../contracts/games/table-games';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import { act, assertStake, deal, IllegalAction, legalActions, publicView, type BlackjackAction, type BlackjackState } from '../engines/blackjack/blackjack';
import { formatStake, InvalidBet } from '../engines/money';
import { fairSource } from '../rng/rng';
import type { BlackjackTitle } from '../titles/types';
import type { ActiveGameSession } from './game-session';
import { refusalWhileInPlay, stepRound, type InstantRound, type RoundRow, type SpinResult } from './rounds';

/**
 * Blackjack rounds: the stake is debited at the deal, which shuffles the whole shoe from the fair
 * stream; the state (shoe included) stays in game_round.outcome while the player acts. A double,
 * split or insurance debits its further stake in the same transaction as the action; the win is
 * credited when the round settles. Actions carry `seq` (how many actions came before), so a
 * retried action answers the round unchanged and a stale one is refused.
 */

export interface BlackjackOutcome {
  game: 'blackjack';
  inPlay: boolean;
  /** Minor units returned (0 until settled). */
  win: number;
  actions: BlackjackAction[];
  state: BlackjackState;
}

type Seeds = { serverSeed: string; clientSeed: string };

const asOutcome = (state: BlackjackState, actions: BlackjackAction[]): BlackjackOutcome => ({
  game: 'blackjack',
  inPlay: state.phase !== 'settled',
  win: state.settlement?.totalReturned ?? 0,
  actions,
  state,
});

/** What the player sees: no shoe, no hole card until settled; the actions allowed now. */
export function publicBlackjack(title: BlackjackTitle, outcome: unknown): unknown {
  const stored = outcome as BlackjackOutcome;
  return { game: 'blackjack', inPlay: stored.inPlay, win: stored.win, seq: stored.actions.length, legalActions: legalActions(title.rules, stored.state), ...publicView(stored.state) };
}

export async function dealBlackjack(db: Db, session: ActiveGameSession, title: BlackjackTitle, request: BlackjackDealRequest, play: (round: InstantRound) => Promise<SpinResult>): Promise<SpinResult> {
  const stakeMinor = Number(toMinorUnits(request.stake));
  const refuseWhileInPlay = await refusalWhileInPlay(db, session);
  return play({
    stakeMinor,
    clientRequestId: request.clientRequestId,
    check: () => {
      const limits = title.limits[session.currency];
      try {
        assertStake({ ...title.rules, minBet: Math.max(title.rules.minBet, limits.min), maxBet: Math.min(title.rules.maxBet, limits.max) }, stakeMinor);
      } catch (error) {
        if (error instanceof InvalidBet) {
          throw fieldError('stake', `The stake must be a multiple of ${formatStake(title.rules.unit)} between ${formatStake(limits.min)} and ${formatStake(limits.max)} ${session.currency}`);
        }
        throw error;
      }
      refuseWhileInPlay();
    },
    compute: (seed, nonce) => {
      const state = deal(title.rules, stakeMinor, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
      const outcome = asOutcome(state, []);
      return { outcome, win: BigInt(outcome.win), inPlay: outcome.inPlay };
    },
  });
}

const toAction = (request: BlackjackActionRequest): BlackjackAction =>
  request.action === 'insurance' ? { type: 'insurance', take: request.take ?? false } : { type: request.action };

const sameAction = (a: BlackjackAction, b: BlackjackAction) => a.type === b.type && (a.type !== 'insurance' || (b.type === 'insurance' && a.take === b.take));

export function actBlackjack(db: Db, session: ActiveGameSession, title: BlackjackTitle, request: BlackjackActionRequest): Promise<SpinResult> {
  const action = toAction(request);
  return stepRound(db, session, request.roundId, (round: RoundRow) => {
    const stored = round.outcome as BlackjackOutcome;
    if (stored.game !== 'blackjack') throw new AppError('BAD_REQUEST', 'This round is not a blackjack round');
    if (request.seq < stored.actions.length) {
      if (!sameAction(stored.actions[request.seq]!, action)) throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'seq', error: 'A different action was already taken at this point' }]);
      return null;
    }
    if (request.seq > stored.actions.length) throw fieldError('seq', `The next action is number ${stored.actions.length}`);
    let state: BlackjackState;
    try {
      state = act(title.rules, stored.state, action);
    } catch (error) {
      if (error instanceof IllegalAction) throw new AppError('BAD_REQUEST', `Illegal action: ${error.message}`, [{ field: 'action', error: error.message }]);
      throw error;
    }
    const outcome = asOutcome(state, [...stored.actions, action]);
    return { outcome, ended: !outcome.inPlay, win: BigInt(outcome.win), extraStake: BigInt(state.totalStaked - stored.state.totalStaked) };
  });
}

/** Replays a blackjack round from its seed and the stored actions (verification). */
export function replayBlackjack(title: BlackjackTitle, stored: unknown, seed: Seeds, nonce: number): BlackjackOutcome {
  const played = stored as BlackjackOutcome;
  let state = deal(title.rules, played.state.stake, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
  for (const action of played.actions) state = act(title.rules, state, action);
  return asOutcome(state, [...played.actions]);
}
