import {
  blackjackActionRequestSchema,
  blackjackDealRequestSchema,
  type BlackjackActionRequest,
  type BlackjackDealRequest,
} from '../../../../contracts/games/table-games';
import { toMinorUnits } from '../../../../contracts/money';
import { AppError, fieldError } from '../../../http/app-error';
import { act, assertStake, deal, IllegalAction, legalActions, publicView, type BlackjackAction, type BlackjackState } from '../../engines/blackjack/blackjack';
import { formatStake, InvalidBet } from '../../engines/money';
import { fairSource } from '../../rng/rng';
import type { BlackjackTitle } from '../../titles/types';
import { defineGameKind, type Seeds } from '../game-kind';
import { keepLockMark, lockMarkOf } from '../lock-mark';

/**
 * Blackjack rounds: the stake is debited at the deal, which shuffles the whole shoe from the fair
 * stream; the state (shoe included) stays in game_round.outcome while the player acts. A double,
 * split or insurance debits its further stake in the same transaction as the action; the win is
 * credited when the round settles. Actions carry `seq` (how many actions came before), so a
 * retried action answers the round unchanged and a stale one is refused.
 *
 * At a lock (`atLock`, server/games/README.md "Rounds in play at a lock") the hand closes at the
 * better for the player of (a) standing on every open hand (declining insurance if it is still
 * offered) and letting the dealer play from the committed shoe, and (b) voiding the round with every
 * stake returned: (a) when it returns at least everything staked, else (b) — never less than the
 * stakes back, and no card is ever drawn for the player.
 */

export interface BlackjackOutcome {
  game: 'blackjack';
  inPlay: boolean;
  /** Minor units returned (0 until settled). */
  win: number;
  actions: BlackjackAction[];
  state: BlackjackState;
}

const asOutcome = (state: BlackjackState, actions: BlackjackAction[]): BlackjackOutcome => ({
  game: 'blackjack',
  inPlay: state.phase !== 'settled',
  win: state.settlement?.totalReturned ?? 0,
  actions,
  state,
});

const toAction = (request: BlackjackActionRequest): BlackjackAction =>
  request.action === 'insurance' ? { type: 'insurance', take: request.take ?? false } : { type: request.action };

const sameAction = (a: BlackjackAction, b: BlackjackAction) => a.type === b.type && (a.type !== 'insurance' || (b.type === 'insurance' && a.take === b.take));

/** Replays a blackjack round from its seed and the stored actions (verification). */
export function replayBlackjack(title: BlackjackTitle, stored: unknown, seed: Seeds, nonce: number): BlackjackOutcome {
  const played = stored as BlackjackOutcome;
  let state = deal(title.rules, played.state.stake, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
  for (const action of played.actions) state = act(title.rules, state, action);
  return asOutcome(state, [...played.actions]);
}

export const blackjackKind = defineGameKind<BlackjackTitle, BlackjackDealRequest, { action: BlackjackActionRequest }>({
  kind: 'blackjack',
  staysInPlay: true,
  start: {
    path: '/blackjack/deal',
    summary: 'Deals a blackjack round: the stake is debited and the round stays in play until settled (game session cookie)',
    body: blackjackDealRequestSchema,
    round: (title, session, request) => {
      const stakeMinor = Number(toMinorUnits(request.stake));
      return {
        stakeMinor,
        clientRequestId: request.clientRequestId,
        staysInPlay: true,
        check: () => {
          const limits = title.limits[session.currency];
          try {
            assertStake({ ...title.rules, minBet: Math.max(title.rules.minBet, limits.min), maxBet: Math.min(title.rules.maxBet, limits.max) }, stakeMinor);
          } catch (error) {
            if (error instanceof InvalidBet) {
              throw fieldError(
                'stake',
                `The stake must be a multiple of ${formatStake(title.rules.unit, session.currency)} between ${formatStake(limits.min, session.currency)} and ${formatStake(limits.max, session.currency)}`,
              );
            }
            throw error;
          }
        },
        compute: (seed, nonce) => {
          const state = deal(title.rules, stakeMinor, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
          const outcome = asOutcome(state, []);
          return { outcome, win: BigInt(outcome.win), inPlay: outcome.inPlay };
        },
      };
    },
  },
  steps: {
    action: {
      path: '/blackjack/action',
      summary: 'One player action in the blackjack round in play (game session cookie)',
      body: blackjackActionRequestSchema,
      step: (title, request) => {
        const action = toAction(request);
        return {
          roundId: request.roundId,
          step: (round) => {
            const stored = round.outcome as BlackjackOutcome;
            if (stored.game !== 'blackjack') throw new AppError('WRONG_GAME', 'This round is not a blackjack round');
            if (request.seq < stored.actions.length) {
              if (!sameAction(stored.actions[request.seq]!, action))
                throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'seq', error: 'A different action was already taken at this point' }]);
              return null;
            }
            if (request.seq > stored.actions.length) throw fieldError('seq', `The next action is number ${stored.actions.length}`);
            let state: BlackjackState;
            try {
              state = act(title.rules, stored.state, action);
            } catch (error) {
              if (error instanceof IllegalAction)
                throw new AppError('ILLEGAL_MOVE', `Illegal action: ${error.message}`, [{ field: 'action', error: error.message }]);
              throw error;
            }
            const actions = [...stored.actions, action];
            const outcome = asOutcome(state, actions);
            // Each action takes at most one further stake, so its position names that bet within the round.
            return {
              outcome,
              ended: !outcome.inPlay,
              win: BigInt(outcome.win),
              extraStake: BigInt(state.totalStaked - stored.state.totalStaked),
              betNumber: actions.length,
            };
          },
        };
      },
    },
  },
  /** No shoe, no hole card until settled; the actions allowed now. */
  publicView: (title, outcome) => {
    const stored = outcome as BlackjackOutcome;
    const settledAtLock = lockMarkOf(stored);
    const view = {
      game: 'blackjack' as const,
      inPlay: stored.inPlay,
      win: stored.win,
      seq: stored.actions.length,
      legalActions: legalActions(title.rules, stored.state),
      ...publicView(stored.state),
    };
    // A hand voided at a lock is over: no action is open (the hole card stays hidden, never played).
    return settledAtLock ? { ...view, legalActions: [], settledAtLock } : view;
  },
  replay: (title, round, seed, nonce) => {
    const outcome = keepLockMark(round.outcome, replayBlackjack(title, round.outcome, seed, nonce));
    return { outcome, win: outcome.win };
  },
  atLock: (title, round, seed) => {
    const stored = round.outcome as BlackjackOutcome;
    // (a) Stand on every open hand; the dealer plays from the shoe committed at the deal.
    let state = stored.state;
    const actions = [...stored.actions];
    while (state.phase !== 'settled') {
      const action: BlackjackAction = state.phase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' };
      state = act(title.rules, state, action);
      actions.push(action);
    }
    const stood = asOutcome(state, actions);
    if (stood.win >= stored.state.totalStaked) return { resolution: 'STOOD', outcome: stood, win: BigInt(stood.win) };
    // (b) Void: every stake back — the deal's and each further one, numbered by the action that took it (`betNumber`).
    const furtherBets: number[] = [];
    if (stored.actions.length === 0) return { resolution: 'VOIDED', outcome: stored, furtherBets };
    let replayed = deal(title.rules, stored.state.stake, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: round.nonce }));
    stored.actions.forEach((action, index) => {
      const next = act(title.rules, replayed, action);
      if (next.totalStaked > replayed.totalStaked) furtherBets.push(index + 1);
      replayed = next;
    });
    return { resolution: 'VOIDED', outcome: stored, furtherBets };
  },
});
