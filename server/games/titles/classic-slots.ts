import { LINES_3X3_FIVE, slotLimits, strip } from './reel-kit';
import type { SlotTitle } from './types';
import { slotTitle } from './video-slots';

/**
 * Classic reel games on the same slot engine. Lucky Sevens: three reels, one row, one line, pays for
 * sevens, bars and cherries (a cherry on reel 1 pays on its own). Fruit Fair: three reels, three rows,
 * five lines, a clover wild and ticket scatters that pay anywhere.
 */

const luckySevensReel = (): string[] => strip({ SEVEN: 2, BAR3: 3, BAR2: 4, BAR1: 6, CHERRY: 6, BLANK: 11 });

export const luckySevensClassic: SlotTitle = slotTitle({
  gameId: 'SR-3001',
  name: 'Lucky Sevens Classic',
  layout: '3×1, 1 line',
  feature: 'None: pure classic play',
  config: {
    reels: 3,
    rows: 1,
    symbols: [
      { id: 'SEVEN', name: 'Seven', kind: 'regular', pays: { 3: 100 } },
      { id: 'BAR3', name: 'Triple bar', kind: 'regular', pays: { 3: 50 } },
      { id: 'BAR2', name: 'Double bar', kind: 'regular', pays: { 3: 25 } },
      { id: 'BAR1', name: 'Bar', kind: 'regular', pays: { 3: 15 } },
      { id: 'CHERRY', name: 'Cherry', kind: 'regular', pays: { 1: 3, 2: 7, 3: 15 } },
      { id: 'BLANK', name: 'Blank', kind: 'regular' },
    ],
    strips: { base: [luckySevensReel(), luckySevensReel(), luckySevensReel()] },
    evaluation: { kind: 'lines', lines: [[0, 0, 0]] },
  },
  limits: slotLimits(1, 10),
});

export const fruitFair: SlotTitle = slotTitle({
  gameId: 'HL-3002',
  name: 'Fruit Fair',
  layout: '3×3, 5 lines',
  feature: 'Clover wilds; three fair tickets anywhere pay 5× the stake',
  config: {
    reels: 3,
    rows: 3,
    symbols: [
      { id: 'CLOVER', name: 'Lucky clover', kind: 'wild', pays: { 3: 100 } },
      { id: 'MELON', name: 'Melon', kind: 'regular', pays: { 3: 60 } },
      { id: 'GRAPES', name: 'Grapes', kind: 'regular', pays: { 3: 25 } },
      { id: 'PLUM', name: 'Plum', kind: 'regular', pays: { 3: 20 } },
      { id: 'ORANGE', name: 'Orange', kind: 'regular', pays: { 3: 10 } },
      { id: 'LEMON', name: 'Lemon', kind: 'regular', pays: { 3: 6 } },
      { id: 'CHERRY', name: 'Cherry', kind: 'regular', pays: { 2: 2, 3: 5 } },
      { id: 'TICKET', name: 'Fair ticket', kind: 'scatter' },
    ],
    strips: {
      base: [
        strip({ CLOVER: 1, MELON: 2, GRAPES: 2, PLUM: 3, ORANGE: 3, LEMON: 4, CHERRY: 4, TICKET: 1 }),
        strip({ CLOVER: 2, MELON: 2, GRAPES: 2, PLUM: 3, ORANGE: 3, LEMON: 4, CHERRY: 3, TICKET: 1 }),
        strip({ CLOVER: 1, MELON: 2, GRAPES: 3, PLUM: 3, ORANGE: 3, LEMON: 4, CHERRY: 4, TICKET: 1 }),
      ],
    },
    evaluation: { kind: 'lines', lines: LINES_3X3_FIVE.map((l) => [...l]) },
    scatter: { symbol: 'TICKET', pays: { 3: 5 } },
  },
  limits: slotLimits(5, 2),
});

export const classicSlots: SlotTitle[] = [luckySevensClassic, fruitFair];
