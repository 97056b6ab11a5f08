import { describe, expect, it } from 'vitest';
import { completion, newSignup } from '../support/api-client';
import { viewports } from '../support/browser';
import { expectNoSeriousViolations } from './axe';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';

/**
 * Issue 27 (15): axe-core's WCAG 2 A/AA checks on the portal's main routes, in both languages, on a
 * desktop and on a phone, with no serious or critical violation; and the home page's <h1>, the
 * footer's badge links and the Macedonian search placeholder, checked directly.
 */

const desktop = { width: 1280, height: 800 };
const layouts = [
  { name: '1280 px', viewport: desktop },
  { name: '390 px', viewport: viewports.mobile },
] as const;
const languages = ['en', 'mk'] as const;
type Language = (typeof languages)[number];

/** A route and the element that says its content is drawn. */
interface Visit {
  path: string;
  ready: string;
}

const publicPages: Visit[] = [
  { path: '/', ready: '[data-testid="home-page"] [data-testid="action-card"]' },
  { path: '/play', ready: '[data-testid="games-explorer"] .explorer__groups' },
  { path: '/terms-conditions', ready: '[data-testid="legal-post"]' },
  { path: '/promotions', ready: '[data-testid="promotion"]' },
  { path: '/bingo', ready: '[data-testid="landing-page"]' },
];
const forms: Visit[] = [
  { path: '/join', ready: '[data-testid="signup-step-1"]' },
  { path: '/login', ready: '[data-testid="sidebar-login"] [data-testid="login-form"]' },
];
const playerPages: Visit[] = [
  { path: '/account', ready: '[data-testid="account-page"] [data-testid="ltd-total-deposit"]' },
  { path: '/deposit', ready: '[data-testid="wallet"]' },
  { path: '/responsible-gaming', ready: '[data-testid="legal-post"]' },
];

async function openIn(suite: PortalSuite, language: Language, viewport: { width: number; height: number }): Promise<Portal> {
  const portal = await suite.open({ viewport });
  await portal.context.addCookies([{ name: 'LANG', value: language, url: suite.server.url }]);
  return portal;
}

/** Signs a new player up through both steps in this browser profile. */
async function signUp(suite: PortalSuite, portal: Portal): Promise<void> {
  const request = portal.context.request;
  expect((await request.post(`${suite.server.url}/ps/quickSignup`, { data: newSignup() })).ok()).toBe(true);
  expect((await request.post(`${suite.server.url}/ps/quickSignupCompletion`, { data: completion() })).ok()).toBe(true);
}

/**
 * Opens the route and waits until it is drawn, its typefaces are in and its finite animations
 * (a dialog sliding in, a fade) have ended: colour contrast is measured on what a player reads.
 */
async function settle(portal: Portal, visit: Visit): Promise<void> {
  await portal.visit(visit.path);
  await portal.page.locator(visit.ready).first().waitFor();
  await expect.poll(() => portal.page.locator('[aria-busy="true"]').count()).toBe(0);
  await portal.page.evaluate(`Promise.all([
    document.fonts.ready,
    ...document.getAnimations()
      .filter((animation) => animation.effect && animation.effect.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  ])`);
}

/** Axe on each route in turn; `also` checks more on a route while it is open (a page load saved). */
async function checkAll(portal: Portal, visits: Visit[], where: string, also?: (visit: Visit) => Promise<void>): Promise<void> {
  for (const visit of visits) {
    await settle(portal, visit);
    await expectNoSeriousViolations(portal.page, `${visit.path} (${where})`);
    await also?.(visit);
  }
}

const homeTitles: Record<Language, string> = {
  en: 'Emerald: online casino, live casino and bingo',
  mk: 'Emerald: онлајн казино, казино во живо и бинго',
};

/** The home page has one <h1>, naming it in the page's language. */
async function oneHomeHeading(portal: Portal, language: Language): Promise<void> {
  const headings = portal.page.getByRole('heading', { level: 1 });
  expect(await headings.count()).toBe(1);
  expect(await headings.textContent()).toBe(homeTitles[language]);
  await portal.page.getByTestId('site-footer').screenshot({ path: `/tmp/a11y-footer-${language}-390.png` });
}

describe('accessibility: axe-core on the main routes (issue 27)', () => {
  const suite = usePortalSuite();

  for (const language of languages) {
    for (const { name, viewport } of layouts) {
      const where = `${language}, ${name}`;

      // On the phone the home page's <h1> is checked too, while it is open (it was a test of its own,
      // loading the home page again in each language).
      const phone = viewport.width === viewports.mobile.width;
      it(`home, games, a content page, promotions and bingo have no serious violation (${where})${phone ? '; the home page has one <h1> naming it' : ''}`, async () => {
        const portal = await openIn(suite, language, viewport);
        await checkAll(portal, publicPages, where, async (visit) => {
          if (phone && visit.path === '/') await oneHomeHeading(portal, language);
        });
      });

      it(`sign-up step 1 and the login dialog have no serious violation (${where})`, async () => {
        await checkAll(await openIn(suite, language, viewport), forms, where);
      });

      it(`a signed-in player's account, wallet deposit and responsible gaming have no serious violation (${where})`, async () => {
        const portal = await openIn(suite, language, viewport);
        await signUp(suite, portal);
        await checkAll(portal, playerPages, where);
      });
    }
  }

  it('the footer badges are links named by their image, within the site in the same tab', async () => {
    const portal = await openIn(suite, 'en', desktop);
    await settle(portal, publicPages[0]!);
    const footer = portal.page.getByTestId('site-footer');
    const badges = footer.getByTestId('footer-badge-link');
    await badges.first().scrollIntoViewIfNeeded();
    // The seeds' three linked badges; the 18+ badge has no link.
    for (const [label, path] of [
      ['Play responsibly', '/responsible-gaming'],
      ['Secure payments', '/funds-protection'],
      ['Independently tested games', '/terms-conditions'],
    ] as const) {
      const link = footer.getByRole('link', { name: label, exact: true });
      expect(await link.getAttribute('href')).toBe(path);
      expect(await link.getAttribute('target')).toBeNull();
    }
    expect(await badges.count()).toBe(3);

    // The same tab, by the router: no new page opens and the portal does not reload.
    await portal.page.evaluate('window.notReloaded = true');
    await footer.getByRole('link', { name: 'Secure payments', exact: true }).click();
    await portal.page.waitForURL((url) => url.pathname === '/funds-protection');
    expect(portal.context.pages()).toHaveLength(1);
    expect(await portal.page.evaluate('window.notReloaded')).toBe(true);
  });

  for (const language of languages) {
    it(`the ${language} search placeholders fit their fields on a 390 px phone`, async () => {
      const portal = await openIn(suite, language, viewports.mobile);
      /** The placeholder's width in the field's own font, and the room inside the field's padding. */
      const measure = async (selector: string) => {
        await portal.page.locator(selector).waitFor();
        return (await portal.page.evaluate(`(() => {
          const field = document.querySelector(${JSON.stringify(selector)});
          const style = getComputedStyle(field);
          const context = document.createElement('canvas').getContext('2d');
          context.font = style.font;
          return {
            placeholder: field.placeholder,
            text: Math.ceil(context.measureText(field.placeholder).width),
            room: Math.floor(field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
          };
        })()`)) as { placeholder: string; text: number; room: number };
      };

      await settle(portal, publicPages[1]!);
      const explorer = await measure('[data-testid="explorer-search"]');
      expect(explorer.placeholder).toMatch(language === 'mk' ? /[а-ш]/ : /^Search/);
      expect(explorer.text, explorer.placeholder).toBeLessThanOrEqual(explorer.room);
      await portal.page.screenshot({ path: `/tmp/a11y-play-${language}-390.png` });

      // The error page's game search says the same, beside its button.
      await portal.visit('/no-such-page');
      const error = await measure('[data-testid="error-game-search"] input');
      expect(error.text, error.placeholder).toBeLessThanOrEqual(error.room);
      await portal.page.screenshot({ path: `/tmp/a11y-error-${language}-390.png` });
    });
  }
});
