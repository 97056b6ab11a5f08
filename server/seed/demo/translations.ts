/**
 * Content-managed overrides of the portal's bundled strings. Operators edit these in the content
 * service; keys not listed here keep the bundled text.
 */
export const demoTranslations: Record<'en' | 'mk', Record<string, string>> = {
  en: {
    'home.hero.title': 'Where every spin shines',
    'home.hero.subtitle': 'Slots, live tables and bingo rooms from our own studio — play for fun or for real.',
  },
  mk: {
    'home.hero.title': 'Каде секое вртење блеска',
    'home.hero.subtitle': 'Слотови, маси во живо и бинго соби од нашето студио — играјте за забава или за вистински пари.',
  },
};
