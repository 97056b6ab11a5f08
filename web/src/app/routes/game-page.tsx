import { GamePage } from '../../features/game-page/components/game-page';

export function Component() {
  return <GamePage />;
}
