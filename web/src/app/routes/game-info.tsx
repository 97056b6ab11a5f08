import { GameInfoPage } from '../../features/games/components/game-info-page';

export function Component() {
  return <GameInfoPage />;
}
