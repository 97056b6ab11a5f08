import { classicSlots } from './classic-slots';
import { blackjackClassic, europeanRoulette, minesOfGold, plinkoPop } from './table-and-mini-games';
import type { Title } from './types';
import { videoSlots } from './video-slots';

/** Every game of the studio, one configuration per catalogue gameId. */
export const TITLES: readonly Title[] = [...videoSlots, ...classicSlots, europeanRoulette, blackjackClassic, plinkoPop, minesOfGold];

const byId = new Map(TITLES.map((t) => [t.gameId, t]));
if (byId.size !== TITLES.length) throw new Error('duplicate gameId among titles');

export function getTitle(gameId: string): Title | undefined {
  return byId.get(gameId);
}
