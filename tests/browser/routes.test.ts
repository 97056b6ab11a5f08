import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePortalSuite, type Portal } from './portal';

/** What each route of spec 000 §2 shows a visitor today, by the test id that proves it rendered. */
const routes: readonly { id: string; path: string; shows: string }[] = [
  { id: 'NAV-01', path: '/', shows: 'home-page' },
  { id: 'NAV-02', path: '/confirm-signup', shows: 'sidebar-signup' },
  { id: 'NAV-05', path: '/reset-password', shows: 'sidebar-login' },
  { id: 'NAV-06', path: '/session-expired', shows: 'session-expired-banner' },
  { id: 'NAV-07', path: '/deposit-success', shows: 'sidebar-login' },
  { id: 'NAV-08', path: '/deposit', shows: 'sidebar-login' },
  { id: 'NAV-09', path: '/login', shows: 'sidebar-login' },
  { id: 'NAV-10', path: '/signup', shows: 'sidebar-signup' },
  { id: 'NAV-11', path: '/join', shows: 'signup-step-1' },
  { id: 'NAV-12', path: '/contact', shows: 'signup-step-1' },
  { id: 'NAV-13', path: '/verify', shows: 'verify-page' },
  { id: 'NAV-14', path: '/doc-confirmation', shows: 'doc-confirmation' },
  { id: 'NAV-15', path: '/identification', shows: 'sidebar-signup' },
  { id: 'NAV-16', path: '/responsible-gaming', shows: 'legal-page' },
  { id: 'NAV-17', path: '/terms-conditions', shows: 'legal-page' },
  { id: 'NAV-18', path: '/casino-glossary', shows: 'glossary-page' },
  { id: 'NAV-19', path: '/privacy-policy', shows: 'legal-page' },
  { id: 'NAV-20', path: '/funds-protection', shows: 'legal-page' },
  { id: 'NAV-21', path: '/play', shows: 'games-explorer' },
  { id: 'NAV-22', path: '/minigames', shows: 'games-explorer' },
  { id: 'NAV-23', path: '/game', shows: 'game-page' },
  { id: 'NAV-24', path: '/game-info', shows: 'game-info-missing' },
  { id: 'NAV-26', path: '/game-page', shows: 'game-page' },
  { id: 'NAV-27', path: '/account', shows: 'sidebar-login' },
  { id: 'NAV-28', path: '/about-us', shows: 'about-page' },
  { id: 'NAV-29', path: '/contact-us', shows: 'contact-page' },
  { id: 'NAV-30', path: '/promotions', shows: 'promotions-page' },
  { id: 'NAV-31', path: '/blog', shows: 'blog-page' },
  { id: 'NAV-32', path: '/chronos', shows: 'chronos-page' },
  { id: 'NAV-33', path: '/admin', shows: 'sidebar-login' },
  // NS-28: the back office's own staff sign-in (staff are not players).
  { id: 'NAV-34', path: '/entity', shows: 'bo-sign-in' },
  { id: 'HOME-24', path: '/casino', shows: 'landing-page' },
  { id: 'HOME-24', path: '/live-casino', shows: 'landing-page' },
  { id: 'HOME-24', path: '/bingo', shows: 'landing-page' },
  { id: 'NAV-35', path: '/a/route/nobody/knows', shows: 'error-page-404' },
];

describe('every route of spec 000 §2 answers without the 500 page (NAV-01…35)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  // One profile for the whole file, emptied before each route (cookies and both storages): a
  // visitor as new as a fresh profile, without a cold cache and a new profile for each of 35 routes.
  // Each route is a full page load, so nothing of the previous route's page survives it.
  beforeAll(async () => {
    portal = await suite.open(undefined, 'file');
  });
  beforeEach(async () => {
    await portal.context.clearCookies();
    if (portal.page.url().startsWith(suite.server.url)) {
      // A string: the test files are typed without the DOM's globals.
      await portal.page.evaluate('localStorage.clear(); sessionStorage.clear()');
    }
  });

  it.each(routes)('$id $path renders for a visitor', async ({ path, shows }) => {
    const failures: string[] = [];
    const onError = (error: Error) => failures.push(error.message);
    portal.page.on('pageerror', onError);
    try {
      await portal.visit(path);
      await portal.page.getByTestId(shows).waitFor();
      expect(await portal.page.getByTestId('error-page-500').count()).toBe(0);
      expect(failures).toEqual([]);
    } finally {
      portal.page.off('pageerror', onError);
    }
  });
});
