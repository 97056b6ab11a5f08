import type { BlackjackRules } from '../engines/blackjack/blackjack';
import type { MinesRules } from '../engines/mini/mines';
import type { PlinkoRules } from '../engines/mini/plinko';
import type { BetLimits } from '../engines/money';
import type { RouletteRules } from '../engines/roulette/roulette';
import type { CompiledSlot, SlotConfig } from '../engines/slots/slot-engine';

interface TitleBase {
  gameId: string;
  name: string;
  /** Stakes per currency, minor units. */
  limits: BetLimits;
}

export interface SlotTitle extends TitleBase {
  kind: 'slot';
  /** "5×3, 20 lines", "5×3, 243 ways", … */
  layout: string;
  /** What the game's feature really is, as the catalogue states it. */
  feature: string;
  config: SlotConfig;
  slot: CompiledSlot;
}

export interface RouletteTitle extends TitleBase {
  kind: 'roulette';
  rules: RouletteRules;
}

export interface BlackjackTitle extends TitleBase {
  kind: 'blackjack';
  rules: BlackjackRules;
}

export interface PlinkoTitle extends TitleBase {
  kind: 'plinko';
  rules: PlinkoRules;
}

export interface MinesTitle extends TitleBase {
  kind: 'mines';
  rules: MinesRules;
}

export type Title = SlotTitle | RouletteTitle | BlackjackTitle | PlinkoTitle | MinesTitle;
