import type { OutcomeViews } from '../../../contracts/games/outcomes';
import { blackjackRenderer } from './blackjack';
import { minesRenderer } from './mines';
import type { GameRenderer } from './parts';
import { plinkoRenderer } from './plinko';
import { rouletteRenderer } from './roulette';
import { slotRenderer } from './slot';

/**
 * The client's renderer of each game kind, keyed by the kind the session answer names. Its keys
 * are the kinds of the shared outcome contract (`contracts/games/outcomes.ts`), which every kind
 * the game server registers must have: a kind without a renderer here does not compile. A new kind
 * is a file here and an entry in this table.
 */
const RENDERERS: { readonly [Kind in keyof OutcomeViews]: GameRenderer<Kind> } = {
  slot: slotRenderer,
  roulette: rouletteRenderer,
  blackjack: blackjackRenderer,
  plinko: plinkoRenderer,
  mines: minesRenderer,
};

export function rendererFor(kind: string): GameRenderer | undefined {
  return Object.hasOwn(RENDERERS, kind) ? RENDERERS[kind as keyof OutcomeViews] : undefined;
}
