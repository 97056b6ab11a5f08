// The games feature's face for the pages that show games from elsewhere (home, a game's page).
export { useGames } from './api/games';
export { useFavoriteGames } from './api/game-lists';
export { GamesStripSection, useFavouritesElsePopular } from './components/games-strip-section';
