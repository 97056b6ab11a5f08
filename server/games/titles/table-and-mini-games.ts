import type { BlackjackRules } from '../engines/blackjack/blackjack';
import type { MinesRules } from '../engines/mini/mines';
import { type PlinkoRules, validatePlinkoRules } from '../engines/mini/plinko';
import { type BetLimits, limitsFromSteps } from '../engines/money';
import type { RouletteRules } from '../engines/roulette/roulette';
import type { BlackjackTitle, MinesTitle, PlinkoTitle, RouletteTitle } from './types';

/** Same figures in both currencies (minor units). */
const both = (steps: number[]): BetLimits => ({ EUR: limitsFromSteps(steps), GBP: limitsFromSteps(steps) });

const rouletteRules: RouletteRules = { minBet: 10, maxTotal: 50_000, unit: 10, maxBets: 150 };

export const europeanRoulette: RouletteTitle = {
  kind: 'roulette',
  gameId: 'NT-4001',
  name: 'European Roulette',
  rules: rouletteRules,
  // chip values; any bet is a multiple of 10 from 10 (0.10) up to a spin total of 50,000 (500.00)
  limits: both([10, 50, 100, 500, 1_000, 2_500, 10_000, 50_000]),
};

const blackjackRules: BlackjackRules = { decks: 6, maxHands: 4, minBet: 100, maxBet: 50_000, unit: 100 };

export const blackjackClassic: BlackjackTitle = {
  kind: 'blackjack',
  gameId: 'NT-4002',
  name: 'Blackjack Classic',
  rules: blackjackRules,
  // chip values; a stake is any multiple of 100 (1.00) from 1.00 to 500.00
  limits: both([100, 200, 500, 1_000, 2_500, 5_000, 10_000, 50_000]),
};

const plinkoRules: PlinkoRules = {
  rows: 12,
  tenths: {
    low: [100, 30, 16, 12, 12, 10, 4, 10, 12, 12, 16, 30, 100],
    medium: [330, 110, 40, 16, 11, 6, 4, 6, 11, 16, 40, 110, 330],
    high: [1700, 240, 81, 18, 7, 2, 2, 2, 7, 18, 81, 240, 1700],
  },
  minBet: 10,
  maxBet: 5_000,
};
validatePlinkoRules(plinkoRules);

export const plinkoPop: PlinkoTitle = {
  kind: 'plinko',
  gameId: 'PA-5001',
  name: 'Plinko Pop',
  rules: plinkoRules,
  limits: both([10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000]),
};

const minesRules: MinesRules = { rtpNumerator: 97, rtpDenominator: 100, maxMultiplier: 10_000, minBet: 10, maxBet: 1_000 };

export const minesOfGold: MinesTitle = {
  kind: 'mines',
  gameId: 'PA-5002',
  name: 'Mines of Gold',
  rules: minesRules,
  limits: both([10, 20, 50, 100, 200, 500, 1_000]),
};
