/**
 * Content-managed overrides of the portal's bundled strings. Operators edit these in the content
 * service; keys not listed here keep the bundled text.
 */
export const demoTranslations: Record<'en' | 'mk', Record<string, string>> = {
  en: {
    // RG-06: the limits page's info texts are the content service's (the portal bundles stand-ins).
    depositLossWagerInfo:
      'Deposit limits cap what you can add to your account; loss limits cap what you can lose (stakes minus wins); wager limits cap what you can stake. Lowering a limit works at once. Raising or removing one waits for a cooling-off period and then for your confirmation.',
    gameTimeLimitInfo: 'A game time limit caps the minutes of real-money play a day. When you reach it, play stops until the next day.',
    'home.tagline': 'Slots, live tables and bingo rooms from our own studio, for players in Ireland and the UK — play for fun or for real.',
  },
  mk: {
    // RG-06: the limits page's info texts are the content service's (the portal bundles stand-ins).
    depositLossWagerInfo:
      'Лимитот за уплата ограничува колку можете да уплатите на сметката; лимитот за загуба ограничува колку можете да изгубите (влогови минус добивки); лимитот за влогови ограничува колку можете да вложите. Намалувањето на лимитот важи веднаш. Зголемувањето или отстранувањето чека период на размислување, а потоа ваша потврда.',
    gameTimeLimitInfo: 'Лимитот за време на игра ги ограничува минутите игра со вистински пари во денот. Кога ќе го достигнете, играта запира до следниот ден.',
    'home.tagline':
      'Слотови, маси во живо и бинго соби од нашето сопствено студио, за играчи во Ирска и Обединетото Кралство — играјте за забава или за вистински пари.',
  },
};
