import type { OutcomeViews } from '../../../contracts/games/outcomes';
import { bingoRenderer } from './bingo';
import { blackjackRenderer } from './blackjack';
import { liveRouletteRenderer } from './live-roulette';
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

/**
 * The kinds the server runs for many players on a schedule (the server's `SharedGameKind`s): they
 * have no round outcome, so they are not in the outcome contract; each has a panel of its own.
 */
const SHARED_RENDERERS: Readonly<Record<string, GameRenderer>> = { bingo: bingoRenderer, 'live-roulette': liveRouletteRenderer };

export function rendererFor(kind: string): GameRenderer | undefined {
  if (Object.hasOwn(RENDERERS, kind)) return RENDERERS[kind as keyof OutcomeViews];
  // A shared kind's draw is one for every player, checked in its own panel: no player seeds to show.
  return Object.hasOwn(SHARED_RENDERERS, kind) ? { ...SHARED_RENDERERS[kind]!, playerSeeds: false } : undefined;
}
