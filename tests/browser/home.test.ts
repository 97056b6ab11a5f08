import { describe, expect, it } from 'vitest';
import { screenshot, viewports } from '../support/browser';
import { drawnInPlace, initiatorsOf, recordFirstView, usePortalSuite, type FirstViewRecord } from './portal';

const desktop = { width: 1280, height: 900 };

describe('home: banner, action cards and games strip (HOME-01…19)', () => {
  const suite = usePortalSuite();

  it('HOME-01 HOME-09…11 HOME-13 a visitor sees the Home banner with its images and the visitor buttons only', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/');
    const banner = page.getByTestId('home-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-entry')).toBe('Home');
    expect(await page.getByTestId('home-banner-background').getAttribute('src')).toContain('home-welcome');
    expect(await page.getByTestId('home-banner-foreground').getAttribute('src')).toContain('home-welcome-foreground');
    expect(await page.getByTestId('home-welcome-message').textContent()).toContain('Ireland’s friendliest casino');
    const actions = page.getByTestId('home-welcome-actions').getByRole('button');
    await actions.first().waitFor();
    expect(await actions.allTextContents()).toEqual(['JOIN NOW', 'LOG IN']);
  });

  it('HOME-10 on a phone the banner uses the mobile background and mobile welcome message', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('home-banner').waitFor();
    expect(await page.getByTestId('home-banner-background').getAttribute('src')).toContain('home-welcome-mobile');
    expect(await page.getByTestId('home-welcome-message').textContent()).toContain('Casino, live and bingo');
  });

  it('HOME-14 the banner buttons open the sign-up and login sidebars', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('home-welcome-actions').getByRole('button', { name: 'JOIN NOW' }).click();
    await page.getByTestId('sidebar-signup').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('sidebar-signup').waitFor({ state: 'detached' });
    await page.getByTestId('home-welcome-actions').getByRole('button', { name: 'LOG IN' }).click();
    await page.getByTestId('sidebar-login').waitFor();
  });

  it('HOME-15…17 HOME-19 a visitor sees the home cards by ascending priority, a half, two quarters and a full row', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/');
    const cards = page.getByTestId('action-card');
    await cards.first().waitFor();
    expect(await page.getByTestId('action-cards').getAttribute('data-display-page')).toBe('home');
    const priorities = await cards.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-priority'))));
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    expect(await cards.evaluateAll((items) => items.map((item) => item.querySelector('.action-card__title')?.textContent))).toEqual([
      'Welcome Offer',
      'Live Casino',
      'Bingo Hall',
      'Set Your Limits',
    ]);
    const widths = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width));
    const row = await page.locator('.action-cards__grid').evaluate((grid) => grid.getBoundingClientRect().width);
    expect(widths[0]! / row).toBeCloseTo(0.5, 1);
    expect(widths[1]! / row).toBeCloseTo(0.25, 1);
    expect(widths[2]! / row).toBeCloseTo(0.25, 1);
    expect(widths[3]! / row).toBeCloseTo(1, 1);
  });

  it('HOME-17 on a phone the cards stack full width', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/');
    const cards = page.getByTestId('action-card');
    await cards.first().waitFor();
    const row = await page.locator('.action-cards__grid').evaluate((grid) => grid.getBoundingClientRect().width);
    for (const width of await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width))) expect(width).toBeCloseTo(row, 0);
  });

  it('HOME-18 a SIGNUP card opens sign-up and a card with a url follows it', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('action-card').filter({ hasText: 'Welcome Offer' }).getByRole('button').click();
    await page.getByTestId('sidebar-signup').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('action-card').filter({ hasText: 'Set Your Limits' }).getByRole('link').click();
    await page.waitForURL('**/responsible-gaming');
  });

  it('HOME-03 a visitor sees four popular games, the first by game priority', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/');
    const strip = page.getByTestId('games-strip');
    await strip.getByTestId('game-card').first().waitFor();
    expect(await strip.getAttribute('data-kind')).toBe('popular');
    expect(await strip.getByTestId('game-card').count()).toBe(4);
    expect(await strip.getByTestId('game-card').first().getAttribute('href')).toBe('/game?gameId=SR-1001&platform=EMERALD&gameName=Emerald+Isle+Riches');
  });

  it('HOME-02 HOME-04 DIS-07 a player with favourites sees them in the strip, the newest first', async () => {
    const player = await suite.server.createSignedInPlayer();
    for (const gameId of ['HL-2003', 'SR-1006']) {
      const added = await fetch(`${suite.server.url}/ps/addFavoriteGame`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: player.cookie },
        body: JSON.stringify({ gameId }),
      });
      expect(added.status).toBe(200);
    }
    const portal = await suite.open({ viewport: desktop, sessionCookie: player.cookie });
    const { page } = portal;
    await portal.visit('/');
    const strip = page.locator('[data-testid="games-strip"][data-kind="favourites"]');
    await strip.getByTestId('game-card').first().waitFor();
    expect(await strip.getByRole('heading').textContent()).toBe('Your favourite games');
    const links = await strip.getByTestId('game-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('href') ?? ''));
    expect(links.map((href) => new URL(href, 'http://x').searchParams.get('gameId'))).toEqual(['SR-1006', 'HL-2003']);
  });

  it('HOME-02 HOME-13 HOME-15 a signed-in player sees the DEPOSIT button, the home-auth cards and a games strip', async () => {
    const player = await suite.server.createSignedInPlayer();
    const portal = await suite.open({ viewport: desktop, sessionCookie: player.cookie });
    const { page } = portal;
    await portal.visit('/');
    await page.locator('[data-testid="home-page"][data-audience="player"]').waitFor();
    expect(await page.getByTestId('home-welcome-actions').getByRole('button').allTextContents()).toEqual(['DEPOSIT']);
    await page.getByTestId('action-card').first().waitFor();
    expect(await page.getByTestId('action-cards').getAttribute('data-display-page')).toBe('home-auth');
    expect(await page.getByTestId('action-card').first().textContent()).toContain('Free Spins Friday');
    await page.getByTestId('games-strip').getByTestId('game-card').first().waitFor();
    expect(await page.getByTestId('games-strip').getByTestId('game-card').count()).toBe(4);
    await page.getByTestId('home-welcome-actions').getByRole('button', { name: 'DEPOSIT' }).click();
    await page.waitForURL('**/deposit');
  });

  it('HOME-05 ?page=signup&referralId= keeps the referral cookie for 30 days and opens sign-up', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page, context } = portal;
    await portal.visit('/?page=signup&referralId=FRIEND42');
    await page.getByTestId('sidebar-signup').waitFor();
    const cookie = (await context.cookies()).find((entry) => entry.name === 'referralId');
    expect(cookie?.value).toBe('FRIEND42');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('HOME-06 NS-12 ?clickid=&affiliate_id= keeps {ClickId, affId} for 30 days, goes to / and shows that affiliate’s banner', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page, context } = portal;
    await portal.visit('/?clickid=CLICK-9&affiliate_id=RIT2041');
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    const cookie = (await context.cookies()).find((entry) => entry.name === 'affiliate');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toEqual({ ClickId: 'CLICK-9', affId: 'RIT2041' });
    expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
    await page.locator('[data-testid="home-banner"][data-entry="RIT2041"]').waitFor();
    expect(await page.getByTestId('home-welcome-message').textContent()).toContain('Racing Ireland Tips');
  });

  it.each([
    ['a visitor on a desktop in English', desktop, 'en', undefined, 'Home'],
    ['a visitor on a phone in Macedonian', viewports.mobile, 'mk', undefined, 'Home'],
    ["an affiliate's visitor (NS-12)", desktop, 'en', 'RIT2041', 'RIT2041'],
  ] as const)(
    'issue 17: the page for / asks for the banner picture it then shows, before any script runs: %s',
    async (_name, viewport, language, affId, entry) => {
      const portal = await suite.open({ viewport });
      const { page, context } = portal;
      const url = suite.server.url;
      await context.addCookies([
        { name: 'LANG', value: language, url },
        ...(affId ? [{ name: 'affiliate', value: encodeURIComponent(JSON.stringify({ ClickId: 'CLICK-1', affId })), url }] : []),
      ]);
      const html = await (await context.request.get(`${url}/`)).text();
      const preloads = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"(?: media="([^"]+)")? fetchpriority="high" \/>/g)].map((match) => ({
        href: match[1] ?? '',
        media: match[2] ?? 'all',
      }));
      expect(preloads.length).toBeGreaterThan(0);

      await portal.visit('/');
      await page.locator(`[data-testid="home-banner"][data-entry="${entry}"]`).waitFor();
      const background = page.getByTestId('home-banner-background');
      const src = (await background.getAttribute('src')) ?? '';
      // The one preload whose media the window matches names the picture the banner shows.
      const matching = [];
      for (const preload of preloads) {
        const matches = await page.evaluate(
          (media) => (globalThis as unknown as { matchMedia(query: string): { matches: boolean } }).matchMedia(media).matches,
          preload.media,
        );
        if (matches) matching.push(preload.href);
      }
      expect(matching).toEqual([src]);
      expect(await background.getAttribute('fetchpriority')).toBe('high');
      expect(await background.getAttribute('loading')).toBeNull();
      // Fetched once, by the page's head (a preload's initiator is the link), not after the scripts drew the banner.
      expect(await initiatorsOf(page, src)).toEqual(['link']);
      // The home entries and the content's translations too: the portal's own requests take the answers
      // the head asked for (a second request would be a 'fetch' entry).
      for (const data of [`/cms/wp-json/wp/v2/home${language === 'en' ? '' : `?lang=${language}`}`, `/cms/wp-json/wp/v2/translations?slug=${language}`]) {
        expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${data}" />`);
        expect(await initiatorsOf(page, data), data).toEqual(['link']);
      }
    },
  );

  it.each([
    ['a phone in Macedonian', viewports.mobile, 'mk', 'Казино, игри во живо и бинго'],
    ['a desktop in English', desktop, 'en', 'Ireland’s friendliest casino'],
  ] as const)(
    'issue 17: the page for / arrives with its banner drawn, and the portal draws it in the same place: %s',
    async (name, viewport, language, words) => {
      const portal = await suite.open({ viewport });
      const { page, context } = portal;
      await context.addCookies([{ name: 'LANG', value: language, url: suite.server.url }]);
      await page.addInitScript({ content: recordFirstView('.home-banner') });
      await portal.visit('/');
      await page.getByTestId('home-welcome-actions').waitFor();
      // The portal has drawn the page in the first view's place.
      await page.locator('[data-first-view]').waitFor({ state: 'detached' });
      const { delivered, scriptsBeforePaint, lost } = (await page.evaluate('window.firstViewRecord')) as FirstViewRecord;
      expect(delivered, 'the first view in the page as delivered').toHaveLength(1);
      // What is drawn: the banner carries the phone and the wide message, one of them hidden.
      expect(delivered?.[0]?.text).toContain(words);
      expect(scriptsBeforePaint).toBe(false);
      // The portal's banner took its place: same box, same picture, never a moment without one.
      const drawn = await drawnInPlace(page, '[data-testid="home-banner"]');
      expect(drawn?.map(({ box, picture }) => ({ box, picture }))).toEqual(delivered?.map(({ box, picture }) => ({ box, picture })));
      expect(drawn?.[0]?.text).toContain(words);
      expect(lost).toBe(false);
      expect(await page.locator('script[type="module"]').count()).toBeGreaterThan(0);
      await screenshot(page, `home-first-view-${name.replace(/\W+/g, '-')}`);
    },
  );

  it('issue 17: no other page names the banner', async () => {
    const portal = await suite.open({ viewport: desktop });
    for (const path of ['/play', '/promotions']) {
      expect(await (await portal.context.request.get(`${suite.server.url}${path}`)).text(), path).not.toContain('rel="preload" as="image"');
    }
  });

  it('NS-12 an affiliate id without its own entry keeps the Home banner', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/?clickid=C1&affiliate_id=NOBODY');
    await page.waitForURL((url) => url.search === '');
    await page.locator('[data-testid="home-banner"][data-entry="Home"]').waitFor();
  });
});
