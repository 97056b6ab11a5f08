// The content service's public face: its plugin, and the posts other modules read or seed.
export { CONFIGURATION_TYPE } from './configuration/configuration.handler';
export { findPublishedPosts, upsertPost, type NewContentPost } from './content-posts.repository';
export { promoArtUrl } from './media/artwork/promo-art';
export { macedonianArtUrl } from './media/artwork/promo-art-mk';
export { TRANSLATIONS_TYPE } from './translations/translations.handler';
export { gamePostTitleIn, gamePostTitles, isFreeToPlayGame, isPublishedGame } from './games/game-posts';
