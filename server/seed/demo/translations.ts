/**
 * Content-managed overrides of the portal's bundled strings. Operators edit these in the content
 * service; keys not listed here keep the bundled text.
 */
export const demoTranslations: Record<'en' | 'mk', Record<string, string>> = {
  en: {
    'home.tagline': 'Slots, live tables and bingo rooms from our own studio, for players in Ireland and the UK — play for fun or for real.',
  },
  mk: {
    'home.tagline': 'Слотови, маси во живо и бинго соби од нашето сопствено студио, за играчи во Ирска и Обединетото Кралство — играјте за забава или за вистински пари.',
  },
};
