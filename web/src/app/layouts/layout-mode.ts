import { paths } from '../../config/paths';

const gamePlayPaths: readonly string[] = [paths.play.path, paths.game.path, paths.minigames.path];

/** NAV-39: the embedded layout serves /minigames and any page asked for with `asEmbedded`. */
export function isEmbedded(pathname: string, search: string): boolean {
  return pathname === paths.minigames.path || new URLSearchParams(search).has('asEmbedded');
}

/** NAV-40: inside the embedded layout only the game-play pages render; anything else gets a fallback. */
export function isGamePlayPath(pathname: string): boolean {
  return gamePlayPaths.includes(pathname);
}

/** Issue 27 item 12: the back office has a page of its own, never the player portal's shell. */
export function isStaffArea(pathname: string): boolean {
  return pathname === paths.entity.path;
}
