import type { GamePageTranslationKey } from './en';

/** The game page's Macedonian strings (I18N-03); every English key has its translation. */
export const gamePageMk: Record<GamePageTranslationKey, string> = {
  'gamePage.playing': 'Играте {{name}}',
  'gamePage.back': 'Назад кон игрите',
  'gamePage.close': 'Затвори ја играта',
  'gamePage.zoomIn': 'Зумирај',
  'gamePage.zoomOut': 'Одзумирај',
  'gamePage.loading': 'Играта се вчитува',
  'gamePage.failed': 'Се појави неочекувана грешка. Обидете се повторно или контактирајте ја корисничката поддршка за помош.',
  'gamePage.kycIncomplete': 'Регистрацијата на корисничката сметка не е завршена. Вашата корисничка сметка е неверификувана и со нецелосни податоци.',
  'gamePage.visitorLogin': 'Најавете се или зачленете се во Emerald за да ја играте оваа игра.',
  'gamePage.visitorAgeVerification':
    'Правилата во Обединетото Кралство бараат потврда на возраста пред бесплатна игра. Најавете се или зачленете се во Emerald за да ја играте оваа игра.',
  'gamePage.favourite': 'Омилена',
  'gamePage.favouriteAdd': 'Додај во омилени',
  'gamePage.favouriteRemove': 'Отстрани од омилени',
  'gamePage.favouriteFailed': 'Омилените игри не можеа да се променат',
  'gamePage.favouriteGames': 'Ваши омилени игри',
  'gamePage.playersLove': 'Играчите ги сакаат',
  'gamePage.allGames': 'Сите игри',
  'gamePage.playingWithSecond': 'Играте {{name}} и втора игра',
  'gamePage.secondGame': 'Втора игра',
  'gamePage.selectGame': 'Ве молиме изберете игра',
  'gamePage.singleWindow': 'Еден прозорец',
  'gamePage.secondGameTitle': 'Втора игра: {{name}}',
  'gamePage.oneSlotAtATime': 'Правилата во Обединетото Кралство дозволуваат само една слот-игра истовремено, па слотови не се нудат покрај овој слот.',
};
