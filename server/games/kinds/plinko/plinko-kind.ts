import { plinkoDropRequestSchema, type PlinkoDropRequest } from '../../../../contracts/games/table-games';
import { dropBall, type PlinkoOutcome } from '../../engines/mini/plinko';
import { stakedRound } from '../../play/stakes';
import { fairSource } from '../../rng/rng';
import type { PlinkoTitle } from '../../titles/types';
import { defineGameKind, type Seeds } from '../game-kind';

/** Plinko: one ball is one instant round; the outcome keeps the risk chosen, so it replays from its seed. */

export function plinkoOutcomeOf(title: PlinkoTitle, stakeMinor: number, risk: PlinkoDropRequest['risk'], seed: Seeds, nonce: number): PlinkoOutcome {
  return dropBall(title.rules, stakeMinor, risk, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
}

export const plinkoKind = defineGameKind<PlinkoTitle, PlinkoDropRequest>({
  kind: 'plinko',
  staysInPlay: false,
  // The paytable goes to the client with the title: the multipliers it shows under the board are these.
  config: (title) => ({
    plinko: {
      rows: title.rules.rows,
      multiplierTenths: { low: [...title.rules.tenths.low], medium: [...title.rules.tenths.medium], high: [...title.rules.tenths.high] },
    },
  }),
  start: {
    path: '/plinko/drop',
    summary: 'One plinko ball (game session cookie)',
    body: plinkoDropRequestSchema,
    round: (title, session, request) =>
      stakedRound(title, session.currency, request, (stakeMinor, seed, nonce) => {
        const outcome = plinkoOutcomeOf(title, stakeMinor, request.risk, seed, nonce);
        return { outcome, win: BigInt(outcome.win) };
      }),
  },
  steps: {},
  publicView: (_title, outcome) => outcome as PlinkoOutcome,
  replay: (title, round, seed, nonce) => {
    const outcome = plinkoOutcomeOf(title, round.stake, (round.outcome as { risk: PlinkoDropRequest['risk'] }).risk, seed, nonce);
    return { outcome, win: outcome.win };
  },
});
