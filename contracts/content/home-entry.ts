/**
 * Which home entry a visitor sees and which picture its banner paints, written once for the portal,
 * which draws the banner, and the server, whose page for `/` asks the browser for that picture
 * before any script has run (issue 17).
 */

interface HomeEntryLike {
  title: { rendered: string };
  acf: { background_image?: { guid: string } | undefined; mobile_background_image?: { guid: string } | undefined };
}

/** NS-12: the entry titled with the visitor's affiliate id, else the one titled 'Home'. */
export function pickHomeEntry<E extends HomeEntryLike>(entries: readonly E[], affiliateId: string | undefined): E | undefined {
  const byTitle = (title: string) => entries.find((entry) => entry.title.rendered.trim().toLowerCase() === title.toLowerCase());
  return (affiliateId ? byTitle(affiliateId) : undefined) ?? byTitle('Home');
}

/** SIGNUP-51: the affiliate id in the `affiliate` cookie's value (JSON with ClickId and affId), if any. */
export function affiliateIdOf(cookieValue: string | undefined): string | undefined {
  try {
    const parsed: unknown = JSON.parse(cookieValue ?? 'null');
    return parsed && typeof parsed === 'object' && 'affId' in parsed && typeof parsed.affId === 'string' ? parsed.affId : undefined;
  } catch {
    return undefined;
  }
}

/** NAV-42: the portal's mobile viewport, where the banner paints the entry's mobile picture when it has one. */
export const mobileViewportMedia = '(max-width: 600px)';

/** HOME-10: the banner's background picture, the mobile one on a phone when the entry has one. */
export function homeBannerBackground(entry: HomeEntryLike, mobile: boolean): string | undefined {
  return (mobile ? entry.acf.mobile_background_image?.guid : undefined) || entry.acf.background_image?.guid;
}
