import Cookies from 'js-cookie';

/** Spec 000 §9: every cookie the portal itself writes lives for 30 days. */
const lifetimeDays = 30;

export const cookieNames = {
  language: 'LANG',
  locale: 'LOCALE',
  cookiesAccepted: 'COOKIES_ACCEPTED',
  /** SIGNUP-50: the referring player, kept by a refer-a-friend link. */
  referralId: 'referralId',
  /** SIGNUP-51: the affiliate tracking codes (ClickId, affId), kept by an affiliate link. */
  affiliate: 'affiliate',
} as const;

type CookieName = (typeof cookieNames)[keyof typeof cookieNames];

export function readCookie(name: CookieName): string | undefined {
  return Cookies.get(name);
}

export function writeCookie(name: CookieName, value: string): void {
  Cookies.set(name, value, { expires: lifetimeDays, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' });
}
