/**
 * Every route of spec 000 §2 in one place: the route table reads `path`, links and redirects call
 * `getHref()` so that a renamed route cannot leave a stale link behind.
 */
type Query = Record<string, string | null | undefined>;

function route<const P extends string>(path: P) {
  return {
    path,
    getHref(query: Query = {}): string {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== null && value !== undefined && value !== '') search.set(name, value);
      }
      const text = search.toString();
      return text ? `${path}?${text}` : path;
    },
  };
}

export const paths = {
  home: route('/'),
  confirmSignup: route('/confirm-signup'),
  resetPassword: route('/reset-password'),
  sessionExpired: route('/session-expired'),
  depositSuccess: route('/deposit-success'),
  deposit: route('/deposit'),
  login: route('/login'),
  signup: route('/signup'),
  join: route('/join'),
  contact: route('/contact'),
  verify: route('/verify'),
  docConfirmation: route('/doc-confirmation'),
  identification: route('/identification'),
  responsibleGaming: route('/responsible-gaming'),
  termsConditions: route('/terms-conditions'),
  casinoGlossary: route('/casino-glossary'),
  privacyPolicy: route('/privacy-policy'),
  fundsProtection: route('/funds-protection'),
  play: route('/play'),
  minigames: route('/minigames'),
  game: route('/game'),
  gameInfo: route('/game-info'),
  gamePage: route('/game-page'),
  account: route('/account'),
  aboutUs: route('/about-us'),
  contactUs: route('/contact-us'),
  promotions: route('/promotions'),
  blog: route('/blog'),
  chronos: route('/chronos'),
  /** HOME-21…24: the landings of the content's display pages (not routes in spec 000 §2; see docs/spec-deviations.md). */
  casino: route('/casino'),
  liveCasino: route('/live-casino'),
  bingo: route('/bingo'),
  admin: route('/admin'),
  entity: route('/entity'),
} as const;

/** Account tabs addressed by `?tab=` (spec 000 §2 Account page). */
export const accountTabs = {
  accountInformation: 'account-information',
  responsibleGaming: 'responsible-gaming',
  referAFriend: 'refer-a-friend',
  loyaltyShop: 'loyalty-shop',
} as const;

/**
 * The bingo lobby's default gameId (spec 000 §2: gameId bingo). PLAY BINGO and the /bingo landing
 * launch what the configuration's `bingo` names (platform EMERALD_BINGO, ours, not the vendor's).
 */
export const bingoLaunch = { gameId: 'bingo', gameName: 'Bingo' } as const;

/** NAV-68: the live lobby behind PLAY LIVE. */
export const liveLobbyLaunch = { gameId: '101', gameName: 'Live Lobby' } as const;
