/**
 * Staff sessions end sooner than players' (30 minutes idle by default): a staff screen left open
 * reaches every player's account. Absolute: one working shift.
 */
export const STAFF_SESSION = {
  cookie: 'BO_SESSION',
  /** The cookie goes only to the back-office API. */
  cookiePath: '/bo',
  /** …and to the content service's WordPress REST, where staff write content (content.edit). */
  contentCookiePath: '/cms/wp-json/wp/v2',
  /** …and to the real-time gateway's upgrade, so a staff screen follows its topics live (support-staff:queue). */
  realtimeCookiePath: '/gs/ws',
  idleMinutes: 15,
  absoluteHours: 10,
  /** Between the password and the code: enough to open the authenticator, no more. */
  twoFactorMinutes: 5,
} as const;

/** The name authenticator apps show for the account. */
export const TOTP_ISSUER = 'Emerald back office';
