import type { ArtworkInput } from './artwork';
import { promoArt } from './promo-art';

/**
 * The lettering of the demo cards and pictures in Macedonian (I18N-03, issue 17), served at
 * /cms/media/art/<slug>.mk.svg: the same picture as <slug>.svg with these words. Banners carry no
 * lettering and logos are brand names, so they have no Macedonian version.
 */
const words: Record<string, { title: string; caption?: string }> = {
  'card-welcome-offer': { title: 'Понуда за добредојде', caption: '100% до 100 €' },
  'card-free-spins': { title: 'Петок со бесплатни вртења', caption: 'Секоја недела' },
  'card-deposit-limits': { title: 'Поставете граници', caption: 'Останете во контрола' },
  'card-live-casino': { title: 'Казино во живо', caption: 'Вистински делители и маси' },
  'card-bingo': { title: 'Бинго сала', caption: 'Игри на секои пет минути' },
  'card-jackpots': { title: 'Патека на џекпоти', caption: 'Паѓаат секој ден' },
  'card-new-games': { title: 'Ново оваа недела', caption: 'Свежо од нашите студија' },
  'card-refer-friend': { title: 'Препорачајте пријател', caption: 'Споделете ја забавата' },
  'card-roulette': { title: 'Европски рулет', caption: 'Една нула' },
  'card-blackjack': { title: 'Блекџек', caption: 'Победете го делителот' },
  'card-bingo-tickets': { title: 'Бесплатни бинго ливчиња', caption: 'За нови играчи' },
  'card-live-roulette': { title: 'Рулет во живо', caption: 'Од нашето студио во Даблин' },
  'promo-welcome': { title: 'Бонус за добредојде', caption: '100% до 100 €' },
  'promo-free-spins': { title: 'Петок со бесплатни вртења', caption: '20 вртења секоја недела' },
  'promo-bingo': { title: 'Бинго-бонанца', caption: 'Двојни ливчиња во недела' },
  'promo-live-cashback': { title: 'Враќање пари во живо', caption: '10% назад секој понеделник' },
  'promo-refer': { title: 'Препорачајте пријател', caption: 'По 20 € за двајцата' },
  'blog-new-studio': { title: 'Запознајте го Harbour Lights', caption: 'Вести од студиото' },
  'blog-rtp-explained': { title: 'Што е RTP', caption: 'Водичи' },
  'blog-safer-gambling': { title: 'Недела на побезбедно коцкање', caption: 'Одговорно играње' },
  'blog-bingo-night': { title: 'Бинго-вечер во Голвеј', caption: 'Заедница' },
  'blog-roulette-guide': { title: 'Водич за рулет', caption: 'Водичи' },
  'blog-winner': { title: 'Добитник во Корк', caption: 'Добитници' },
  'about-emerald': { title: 'За Emerald', caption: 'Даблин · Белфаст' },
};

/** The Macedonian drawing of a piece of promo art, if it has lettering to translate. */
export function macedonianPromoArt(slug: string): ArtworkInput | undefined {
  const base = Object.hasOwn(promoArt, slug) ? promoArt[slug] : undefined;
  const translated = Object.hasOwn(words, slug) ? words[slug] : undefined;
  if (!base || !translated) return undefined;
  return { ...base, title: translated.title, caption: translated.caption ?? base.caption };
}

/** The Macedonian picture's address for an English one (`…/<slug>.svg` → `…/<slug>.mk.svg`), or the same address. */
export function macedonianArtUrl(url: string): string {
  const match = /^\/cms\/media\/art\/([a-z0-9-]+)\.svg$/.exec(url);
  return match && macedonianPromoArt(match[1]!) ? `/cms/media/art/${match[1]}.mk.svg` : url;
}
