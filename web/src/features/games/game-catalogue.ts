import type { GamePost } from '../../../../contracts/content/games';
import { gameLinkQuery } from '../../../../contracts/content/game-catalogue';
import { paths } from '../../config/paths';

export {
  CAROUSEL_GAMES,
  decodeTitle,
  fitsDevice,
  GAMES_PER_GROUP,
  groupGames,
  HOME_STRIP_GAMES,
  matchesGroup,
  matchesSearch,
  type GameGroup,
  type Grouping,
} from '../../../../contracts/content/game-catalogue';

/** GAMES-28: a card opens /game with gameId, platform and gameName. */
export function gameHref(game: GamePost, playForReal?: boolean): string {
  return paths.game.getHref({ ...gameLinkQuery(game), playForReal: playForReal === undefined ? undefined : String(playForReal) });
}
