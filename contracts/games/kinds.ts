/**
 * Emerald's own game kinds, one entry each (issue 30, step 6): the product a bonus plan names it
 * under (SR 5.1.1(3b), one product per incentive) and its line in the Remote Gaming Duty report.
 * The bonus contract's kind lists and the duty report's grouping derive from this list; the back
 * office's round view is a record over its casino kinds, so a new kind without a view does not
 * compile. Adding a kind adds its folder under server/games/kinds and an entry here.
 */
export const gameKindDescriptors = [
  { kind: 'slot', product: 'CASINO', dutyLine: 'slots' },
  { kind: 'plinko', product: 'CASINO', dutyLine: 'minis' },
  { kind: 'mines', product: 'CASINO', dutyLine: 'minis' },
  { kind: 'roulette', product: 'CASINO', dutyLine: 'table' },
  { kind: 'blackjack', product: 'CASINO', dutyLine: 'table' },
  { kind: 'bingo', product: 'BINGO', dutyLine: 'bingo' },
  { kind: 'live-roulette', product: 'LIVE', dutyLine: 'live' },
] as const satisfies readonly { kind: string; product: 'CASINO' | 'BINGO' | 'LIVE'; dutyLine: 'slots' | 'table' | 'minis' | 'bingo' | 'live' }[];

export type GameKindDescriptor = (typeof gameKindDescriptors)[number];
export type OwnGameKind = GameKindDescriptor['kind'];
type KindsOf<Product extends GameKindDescriptor['product']> = Extract<GameKindDescriptor, { product: Product }>['kind'];

const kindsOf = <Product extends GameKindDescriptor['product']>(product: Product) =>
  gameKindDescriptors.filter((entry) => entry.product === product).map((entry) => entry.kind) as KindsOf<Product>[];

/** The casino kinds: every own kind whose product is CASINO, in the descriptor's order. */
export const CASINO_GAME_KINDS: readonly KindsOf<'CASINO'>[] = kindsOf('CASINO');
export type CasinoGameKind = KindsOf<'CASINO'>;
export const BINGO_GAME_KINDS: readonly KindsOf<'BINGO'>[] = kindsOf('BINGO');
export const LIVE_GAME_KINDS: readonly KindsOf<'LIVE'>[] = kindsOf('LIVE');

export const gameKindDescriptor = (kind: string | undefined): GameKindDescriptor | undefined => gameKindDescriptors.find((entry) => entry.kind === kind);
