import { AppError } from '../../http/app-error';
import type { Title } from '../titles/types';
import type { Config } from '../../config/env';
import { bingoKind } from './bingo/bingo-kind';
import { blackjackKind } from './blackjack/blackjack-kind';
import { liveRouletteKind } from './live-roulette/live-roulette-kind';
import type { AnyGameKind, SharedGameKind } from './game-kind';
import { minesKind } from './mines/mines-kind';
import { plinkoKind } from './plinko/plinko-kind';
import { rouletteKind } from './roulette/roulette-kind';
import { slotKind } from './slots/slot-kind';

/**
 * Every kind of game the game server plays, one entry per folder under `kinds/`. The routes, the
 * session answer, the public views and verification all go through this table; a new kind (bingo,
 * a live table) is a folder and a line here.
 */
export const GAME_KINDS: readonly AnyGameKind[] = [slotKind, rouletteKind, plinkoKind, minesKind, blackjackKind];

const byKind = new Map(GAME_KINDS.map((kind) => [kind.kind, kind]));
if (byKind.size !== GAME_KINDS.length) throw new Error('duplicate game kind');

/** The kind of a catalogue title; every title's kind is registered (the titles test holds it). */
export function kindOf(title: Title): AnyGameKind {
  const kind = byKind.get(title.kind);
  if (!kind) throw new AppError('WRONG_GAME', `Rounds of ${title.name} cannot be played here`);
  return kind;
}

export function gameKind(name: string): AnyGameKind | undefined {
  return byKind.get(name as Title['kind']);
}

/** The kinds whose games the server runs for many players on a schedule (`SharedGameKind`). */
export const SHARED_GAME_KINDS: readonly SharedGameKind[] = [bingoKind, liveRouletteKind];

/** The shared kind whose lobby the catalogue gameId launches under this configuration, if any. */
export function sharedKindLaunchedBy(gameId: string, config: Config): SharedGameKind | undefined {
  return SHARED_GAME_KINDS.find((kind) => kind.lobbyGameId(config) === gameId);
}
