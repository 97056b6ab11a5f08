import type { OutcomeViews } from '../../../contracts/games/outcomes';
import type { GameRenderer } from './parts';

/** A kind's renderer, loaded when a session plays that kind: each kind is a chunk of its own. */
type Load<Kind extends string = string> = () => Promise<GameRenderer<Kind>>;

/**
 * The client's renderer of each game kind, keyed by the kind the session answer names. Its keys
 * are the kinds of the shared outcome contract (`contracts/games/outcomes.ts`), which every kind
 * the game server registers must have: a kind without a renderer here does not compile. A new kind
 * is a file here and an entry in this table. Each is imported only when a session plays it, so a
 * slot's page never loads the tables' code nor a bingo room PixiJS.
 */
const RENDERERS: { readonly [Kind in keyof OutcomeViews]: Load<Kind> } = {
  slot: async () => (await import('./slot')).slotRenderer,
  roulette: async () => (await import('./roulette')).rouletteRenderer,
  blackjack: async () => (await import('./blackjack')).blackjackRenderer,
  plinko: async () => (await import('./plinko')).plinkoRenderer,
  mines: async () => (await import('./mines')).minesRenderer,
};

/**
 * The kinds the server runs for many players on a schedule (the server's `SharedGameKind`s): they
 * have no round outcome, so they are not in the outcome contract; each has a panel of its own.
 */
const SHARED_RENDERERS: Readonly<Record<string, Load>> = {
  bingo: async () => (await import('./bingo')).bingoRenderer,
  'live-roulette': async () => (await import('./live-roulette')).liveRouletteRenderer,
};

export async function rendererFor(kind: string): Promise<GameRenderer | undefined> {
  if (Object.hasOwn(RENDERERS, kind)) return RENDERERS[kind as keyof OutcomeViews]();
  // A shared kind's draw is one for every player, checked in its own panel: no player seeds to show.
  return Object.hasOwn(SHARED_RENDERERS, kind) ? { ...(await SHARED_RENDERERS[kind]!()), playerSeeds: false } : undefined;
}
