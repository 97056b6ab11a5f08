import type { ConfigurationFields, LocalizedConfiguration } from '../../../contracts/content/configuration';

export const demoConfiguration: ConfigurationFields = {
  small_icons: '0',
  footer_text:
    'Emerald is operated for players in Ireland and the United Kingdom. Gambling can be addictive: play responsibly, set limits and take breaks. You must be 18 or over to play. If gambling stops being fun, use our time-out and self-exclusion tools or talk to a support organisation.',
  footer_images: [
    { image: '/cms/media/footer/age-18.svg', alt: 'Over 18s only' },
    { image: '/cms/media/footer/play-responsibly.svg', alt: 'Play responsibly', link: '/responsible-gaming' },
    { image: '/cms/media/footer/secure-payments.svg', alt: 'Secure payments', link: '/funds-protection' },
    { image: '/cms/media/footer/fair-games.svg', alt: 'Independently tested games', link: '/terms-conditions' },
  ],
  banner_links: [
    { label: 'Casino', linkTo: '/play' },
    { label: 'Live Casino', linkTo: '/play?category=Live' },
    { label: 'Bingo', linkTo: '/play?category=Bingo' },
    { label: 'Promotions', linkTo: '/promotions' },
  ],
  cookie_message:
    'We use cookies to keep you signed in, remember your preferences and understand how the site is used. By continuing you agree to our use of cookies.',
  facebook_app_id: '',
  ips_endpoint: '',
  chronos_endpoint: '',
  maintenance: false,
  support_email: 'support@emerald.example',
  minigames_provider: 'pocket-arcade',
  live_lobby: { gameId: '101', platform: 'EMERALD_LIVE', gameName: 'Live - Lobby', launchParameters: {} },
  bingo: { gameId: 'bingo', platform: 'EMERALD_BINGO', gameName: 'Bingo', launchParameters: { room: 'lobby' } },
};

/** The configuration's texts in Macedonian (I18N-03); the rest of the configuration is the English post's. */
export const demoConfigurationMk: LocalizedConfiguration = {
  footer_text:
    'Emerald работи за играчи во Ирска и Обединетото Кралство. Коцкањето може да создаде зависност: играјте одговорно, поставете си граници и правете паузи. Мора да имате 18 или повеќе години за да играте. Ако коцкањето престане да биде забава, користете ги нашите алатки за пауза и самоисклучување или разговарајте со организација за поддршка.',
  footer_images: [
    { image: '/cms/media/footer/age-18.svg', alt: 'Само за лица над 18 години' },
    { image: '/cms/media/footer/play-responsibly.mk.svg', alt: 'Играјте одговорно', link: '/responsible-gaming' },
    { image: '/cms/media/footer/secure-payments.mk.svg', alt: 'Безбедни плаќања', link: '/funds-protection' },
    { image: '/cms/media/footer/fair-games.mk.svg', alt: 'Независно тестирани игри', link: '/terms-conditions' },
  ],
  banner_links: [
    { label: 'Казино', linkTo: '/play' },
    { label: 'Казино во живо', linkTo: '/play?category=Live' },
    { label: 'Бинго', linkTo: '/play?category=Bingo' },
    { label: 'Промоции', linkTo: '/promotions' },
  ],
  cookie_message:
    'Користиме колачиња за да ве држиме најавени, да ги паметиме вашите поставки и да разбереме како се користи страницата. Со продолжување се согласувате со нашата употреба на колачиња.',
};
