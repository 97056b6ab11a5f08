/**
 * The game page's English strings. They load with the game page, not with the home page, and are
 * laid under whatever the content service says for the same keys (I18N-01).
 */
export const gamePageEn = {
  'gamePage.playing': 'Playing {{name}}',
  'gamePage.back': 'Back to the games',
  'gamePage.close': 'Close the game',
  'gamePage.zoomIn': 'Zoom in',
  'gamePage.zoomOut': 'Zoom out',
  'gamePage.loading': 'Loading the game',
  'gamePage.failed': 'An unexpected error occurred. Please try again or contact customer support for assistance.',
  'gamePage.kycIncomplete': 'User account registration is incomplete. Your user account is Unverified and with incomplete data.',
  'gamePage.visitorLogin': 'Log in or join Emerald to play this game.',
  'gamePage.visitorAgeVerification': 'UK rules require age verification before free play. Log in or join Emerald to play this game.',
  'gamePage.favourite': 'Favourite',
  'gamePage.favouriteAdd': 'Add to your favourites',
  'gamePage.favouriteRemove': 'Remove from your favourites',
  'gamePage.favouriteFailed': 'Your favourites could not be changed',
  'gamePage.favouriteGames': 'Your Favourite Games',
  'gamePage.playersLove': 'Players Love',
  'gamePage.allGames': 'All games',
  'gamePage.playingWithSecond': 'Playing {{name}} & second game',
  'gamePage.secondGame': 'Second game',
  'gamePage.selectGame': 'Please select a game',
  'gamePage.singleWindow': 'Single window',
  'gamePage.secondGameTitle': 'Second game: {{name}}',
  'gamePage.oneSlotAtATime': 'UK rules allow one slot game at a time, so slots are not offered beside this slot.',
} satisfies Record<string, string>;

export type GamePageTranslationKey = keyof typeof gamePageEn;
