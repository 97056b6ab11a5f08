import { spinRequestSchema } from '../../../../contracts/games/play';
import type { SlotRound } from '../../engines/slots/slot-engine';
import { roundOutcome } from '../../play/round-basics';
import { checkSlotStakeCap, stakedRound } from '../../play/stakes';
import type { SlotTitle } from '../../titles/types';
import { defineGameKind } from '../game-kind';

/** Slots: one paid spin is one instant round (the base game and any free spins it awards). */
export const slotKind = defineGameKind<SlotTitle, typeof spinRequestSchema._output>({
  kind: 'slot',
  staysInPlay: false,
  config: (title) =>
    title.config.evaluation.kind === 'lines'
      ? { reels: title.config.reels, rows: title.config.rows, lines: title.config.evaluation.lines.length }
      : { reels: title.config.reels, rows: title.config.rows, ways: true },
  start: {
    path: '/slots/spin',
    summary: 'One paid slot round (game session cookie)',
    body: spinRequestSchema,
    round: (title, session, request) => {
      const round = stakedRound(title, session.currency, request, (stakeMinor, seed, nonce) => {
        const outcome = roundOutcome(title, stakeMinor, seed, nonce);
        return { outcome, win: BigInt(outcome.totalWin) };
      });
      const titleCheck = round.check;
      // The jurisdiction's slot stake limit (GB £5, £2 for 18–24), real and free play, on both paths.
      return { ...round, check: () => (checkSlotStakeCap(session, round.stakeMinor), titleCheck()) };
    },
  },
  steps: {},
  publicView: (_title, outcome) => outcome as SlotRound,
  replay: (title, round, seed, nonce) => {
    const outcome = roundOutcome(title, round.stake, seed, nonce);
    return { outcome, win: outcome.totalWin };
  },
});
