import { blackjackRenderer } from './blackjack';
import { minesRenderer } from './mines';
import type { GameRenderer } from './parts';
import { plinkoRenderer } from './plinko';
import { rouletteRenderer } from './roulette';
import { slotRenderer } from './slot';

/**
 * The client's renderer of each game kind the game server registers (`server/games/kinds`), keyed
 * by the kind the session answer names. A new kind is a file here and a line in this list.
 */
const RENDERERS: readonly GameRenderer[] = [slotRenderer, rouletteRenderer, blackjackRenderer, plinkoRenderer, minesRenderer];

const byKind = new Map(RENDERERS.map((renderer) => [renderer.kind, renderer]));

export function rendererFor(kind: string): GameRenderer | undefined {
  return byKind.get(kind);
}
