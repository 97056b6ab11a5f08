import type { GamePost } from '../../../../contracts/content/games';
import { bingoLaunch, liveLobbyLaunch } from '../../config/paths';
import type { Viewport } from '../../shared/hooks/use-viewport';
import { decodeTitle, fitsDevice } from '../games/game-catalogue';

/** PLAY-05: one game the second-game picker offers. */
export interface SecondGameChoice {
  gameId: string;
  name: string;
}

/** The picker's choices under one catalogue category, in the catalogue's order. */
export interface SecondGameGroup {
  name: string;
  games: SecondGameChoice[];
}

export interface SecondGameOptions {
  /** The game in the first window: never offered again (its window has its own launch token). */
  firstGameId: string;
  playForReal: boolean;
  viewport: Viewport;
  /** The player's jurisdiction allows one slot game at a time (GB). */
  oneSlotAtATime: boolean;
}

export interface SecondGameChoices {
  groups: SecondGameGroup[];
  /** True when slots were left out because the first game is a slot and the rules allow one slot at a time. */
  slotsWithheld: boolean;
}

/** The bingo rooms and the live lobby are lobbies of their own, not games for a side-by-side window. */
const lobbies = new Set<string>([bingoLaunch.gameId, liveLobbyLaunch.gameId]);

/** A slot in the catalogue: any of its categories is a slot category (video slots, classic slots, …). */
export function isSlotPost(game: GamePost): boolean {
  return game.game_category.some((category) => /slot/i.test(category.slug));
}

/**
 * PLAY-05 and the GB "no two slots side by side" rule: the games a second window may show, grouped by
 * their first category. Free play offers only free-to-play games; a game listed once per platform is
 * offered once. When the first game is a slot (or is not in the catalogue) and the rules allow one slot
 * at a time, no slot is offered: the server would end the first window's session otherwise.
 */
export function secondGameChoices(catalogue: readonly GamePost[], options: SecondGameOptions): SecondGameChoices {
  const first = catalogue.find((game) => game.game_id === options.firstGameId);
  const withholdSlots = options.oneSlotAtATime && (first === undefined || isSlotPost(first));
  const seen = new Set<string>([options.firstGameId]);
  const groups = new Map<string, SecondGameGroup>();
  let slotsWithheld = false;
  for (const game of catalogue) {
    if (seen.has(game.game_id) || lobbies.has(game.game_id) || !fitsDevice(game, options.viewport)) continue;
    if (!options.playForReal && !game.acf.play_for_free) continue;
    if (withholdSlots && isSlotPost(game)) {
      slotsWithheld = true;
      continue;
    }
    seen.add(game.game_id);
    const category = game.game_category[0];
    const groupName = category ? decodeTitle(category.name) : '';
    let group = groups.get(groupName);
    if (!group) {
      group = { name: groupName, games: [] };
      groups.set(groupName, group);
    }
    group.games.push({ gameId: game.game_id, name: decodeTitle(game.title.rendered) });
  }
  return { groups: [...groups.values()], slotsWithheld };
}
