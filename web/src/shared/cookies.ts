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

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Reads a cookie as written by `writeCookie` (or js-cookie before it): values are URI-encoded. */
export function readCookie(name: CookieName): string | undefined {
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const separator = pair.indexOf('=');
    if (separator > 0 && decode(pair.slice(0, separator)) === name) {
      let value = pair.slice(separator + 1);
      if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
      return decode(value);
    }
  }
  return undefined;
}

export function writeCookie(name: CookieName, value: string): void {
  const expires = new Date(Date.now() + lifetimeDays * 864e5).toUTCString();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}
