import { describe, expect, it } from 'vitest';
import { screenshot, viewports } from '../support/browser';
import { drawnInPlace, recordFirstView, usePortalSuite, type FirstViewRecord, type Portal } from './portal';

const desktop = { width: 1280, height: 900 };

async function groupNames(portal: Portal): Promise<string[]> {
  await portal.page.getByTestId('game-group').first().waitFor();
  return portal.page.getByTestId('game-group').evaluateAll((groups) => groups.map((group) => group.querySelector('h2')?.firstChild?.textContent ?? ''));
}

describe('games explorer /play, /minigames and /game-info (GAMES-01…28, NAV-21, NAV-22, NAV-24, NAV-25)', () => {
  const suite = usePortalSuite();

  it('GAMES-01 GAMES-18 the header says Explore Games with a back arrow to /, and categories follow their priority', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/play');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Explore Games');
    expect(await page.getByTestId('explorer-back').getAttribute('href')).toBe('/');
    expect(await groupNames(portal)).toEqual(['Popular', 'New Games', 'Video Slots', 'Classic Slots', 'Table Games', 'Mini Games']);
  });

  it('GAMES-02 GAMES-06 GAMES-23…25 typed text is applied after a 500 ms pause, into ?search=, matching title, provider and keywords', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    // The page's timers on a clock the test moves (Playwright's clock): the 500 ms pause is stepped
    // through, not waited out, and nothing else can move it meanwhile.
    await portal.context.clock.install();
    await portal.visit('/play');
    await page.getByTestId('game-card').first().waitFor();
    const before = await page.getByTestId('game-card').count();
    await page.clock.pauseAt((await page.evaluate<number>('Date.now()')) + 1_000);
    await page.getByTestId('explorer-search').fill('DRAGON');
    await page.clock.runFor(499);
    const early = await page.evaluate<{ search: string | null; cards: number }>(
      `({ search: new URL(location.href).searchParams.get('search'), cards: document.querySelectorAll('[data-testid="game-card"]').length })`,
    );
    expect(early).toEqual({ search: null, cards: before });
    await page.clock.runFor(1);
    await page.clock.resume();
    await page.waitForURL((url) => url.searchParams.get('search') === 'DRAGON');
    const titles = () => page.locator('[data-testid="game-card"] .game-card__title').allTextContents();
    await expect.poll(async () => new Set(await titles())).toEqual(new Set(['Dragon Forge']));
    // provider name
    await page.getByTestId('explorer-search').fill('northstar');
    await page.waitForURL((url) => url.searchParams.get('search') === 'northstar');
    await expect
      .poll(async () => new Set(await page.locator('[data-testid="game-card"] .game-card__provider').allTextContents()))
      .toEqual(new Set(['Northstar Tables']));
    // keywords: 'samhain' is only in Banshee Moon's keywords
    await page.getByTestId('explorer-search').fill('samhain');
    await page.waitForURL((url) => url.searchParams.get('search') === 'samhain');
    await expect.poll(async () => new Set(await titles())).toEqual(new Set(['Banshee Moon']));
    await portal.visit('/play?search=zzzz-nothing');
    await page.getByTestId('explorer-empty').waitFor();
    expect(await page.getByTestId('explorer-search').inputValue()).toBe('zzzz-nothing');
  });

  it('GAMES-03 grouping by provider lists one group per provider', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/play');
    await page.getByTestId('game-group').first().waitFor();
    await page.getByTestId('explorer-grouping').click();
    await page.getByTestId('explorer-grouping-provider').click();
    await page.locator('[data-testid="games-explorer"][data-grouping="provider"]').waitFor();
    expect(await groupNames(portal)).toEqual(['Shamrock Reels', 'Harbour Lights Studio', 'Northstar Tables', 'Pocket Arcade']);
  });

  it('GAMES-04 GAMES-05 ?category= and ?provider= narrow the explorer, by slug or name', async () => {
    const portal = await suite.open({ viewport: desktop });
    await portal.visit('/play?category=New%20Games');
    expect(await groupNames(portal)).toEqual(['New Games']);
    await portal.visit('/play?provider=northstar-tables');
    expect(await groupNames(portal)).toEqual(['Northstar Tables']);
  });

  it('GAMES-08…10 a group shows 8 games, SEE ALL > shows all of them and SEE LESS < returns to 8', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/play');
    const slots = page.locator('[data-testid="game-group"][data-group="video-slots"]');
    await slots.getByTestId('game-card').first().waitFor();
    expect(await slots.getByTestId('game-card').count()).toBe(8);
    const toggle = slots.getByTestId('game-group-toggle');
    expect(await toggle.textContent()).toBe('SEE ALL >');
    await toggle.click();
    expect(await slots.getByTestId('game-card').count()).toBe(16);
    expect(await toggle.textContent()).toBe('SEE LESS <');
    await toggle.click();
    expect(await slots.getByTestId('game-card').count()).toBe(8);
    // A group of 8 or fewer has no toggle.
    expect(await page.locator('[data-testid="game-group"][data-group="popular"]').getByTestId('game-group-toggle').count()).toBe(0);
  });

  it('GAMES-11 GAMES-22 on a phone each group is a carousel of at most 6 cards 140 px wide, and mobile-only variants replace desktop ones', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/play');
    const slots = page.locator('[data-testid="game-group"][data-group="video-slots"]');
    await slots.getByTestId('game-card').first().waitFor();
    expect(await slots.locator('ul').getAttribute('data-layout')).toBe('carousel');
    expect(await slots.getByTestId('game-card').count()).toBe(6);
    const widths = await slots.locator('ul > li').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().width)));
    expect(new Set(widths)).toEqual(new Set([140]));
    expect(await slots.locator('ul').evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    await slots.getByTestId('game-group-toggle').click();
    expect(await slots.locator('ul').getAttribute('data-layout')).toBe('grid');
    expect(await slots.getByTestId('game-card').count()).toBe(16);
    const platforms = await page.getByTestId('game-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-platform')));
    expect(platforms).toContain('html5-mobile');
    expect(platforms).not.toContain('html5-desktop');
  });

  it('GAMES-21 on a desktop the desktop variants show and the mobile ones do not', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/play');
    await page.getByTestId('game-card').first().waitFor();
    const platforms = await page.getByTestId('game-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-platform')));
    expect(platforms).toContain('html5-desktop');
    expect(platforms).not.toContain('html5-mobile');
  });

  it('GAMES-19 GAMES-20 DEF-06 a signed-in-only game is absent for a visitor and shows with a lock for a player', async () => {
    const visitor = await suite.open({ viewport: desktop });
    await visitor.visit('/play?search=causeway&sessionKey=anything');
    await visitor.page.getByTestId('explorer-empty').waitFor();

    const player = await suite.server.createSignedInPlayer();
    const signedIn = await suite.open({ viewport: desktop, sessionCookie: player.cookie });
    await signedIn.visit('/play?search=causeway');
    const card = signedIn.page.getByTestId('game-card');
    await card.first().waitFor();
    expect(await card.first().getAttribute('data-signed-in-only')).toBe('true');
    expect(await card.first().getByTestId('game-card-lock').count()).toBe(1);
  });

  it('GAMES-27 GAMES-28 a card shows its artwork, title, provider and free-play badge and opens /game with gameId, platform and gameName', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/play?search=plinko');
    const card = page.getByTestId('game-card').first();
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toBe('/cms/media/games/plinko-pop/thumbnail.svg');
    expect(await card.textContent()).toContain('Free play');
    expect(await card.locator('.game-card__provider').textContent()).toBe('Pocket Arcade');
    await card.click();
    await page.waitForURL((url) => url.pathname === '/game');
    const query = new URL(page.url()).searchParams;
    expect([query.get('gameId'), query.get('platform'), query.get('gameName')]).toEqual(['PA-5001', 'EMERALD', 'Plinko Pop']);
  });

  it('GAMES-27 the lobby shows each title in its own picture, on /play and the home page at 1280 px and 390 px, in English and Macedonian', async () => {
    for (const [name, viewport, path, lang] of [
      ['play-1280-en', desktop, '/play', 'en'],
      ['play-390-en', viewports.mobile, '/play', 'en'],
      ['play-390-mk', viewports.mobile, '/play', 'mk'],
      ['home-1280-en', desktop, '/', 'en'],
      ['home-390-mk', viewports.mobile, '/', 'mk'],
    ] as const) {
      const portal = await suite.open({ viewport });
      await portal.context.addCookies([{ name: 'LANG', value: lang, url: suite.server.url }]);
      await portal.visit(path);
      const cards = portal.page.getByTestId('game-card');
      await cards.first().waitFor();
      const shown = Math.min(await cards.count(), 4);
      for (let index = 0; index < shown; index += 1) {
        const image = cards.nth(index).locator('img');
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(
            () =>
              image.evaluate(
                (element) =>
                  (element as unknown as { complete: boolean; naturalWidth: number }).complete &&
                  (element as unknown as { naturalWidth: number }).naturalWidth > 0,
              ),
            { timeout: 15_000 },
          )
          .toBe(true);
      }
      const sources = await cards.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
      // In Macedonian a game with a Macedonian post is lettered in Macedonian (thumbnail.mk.svg).
      const own = lang === 'mk' ? /^\/cms\/media\/games\/[a-z0-9-]+\/thumbnail(\.mk)?\.svg$/ : /^\/cms\/media\/games\/[a-z0-9-]+\/thumbnail\.svg$/;
      expect(
        sources.every((source) => own.test(source)),
        name,
      ).toBe(true);
      if (lang === 'mk')
        expect(
          sources.some((source) => source.endsWith('.mk.svg')),
          name,
        ).toBe(true);
      // The cookie notice out of the way, so the screenshot shows the lobby.
      await portal.page.getByTestId('cookie-notice').getByRole('button').click();
      await cards.first().scrollIntoViewIfNeeded();
      await screenshot(portal.page, `games-lobby-${name}`);
    }
  });

  it('NAV-22 /minigames is embedded and lists only the configured minigames provider', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/minigames');
    await page.getByTestId('layout-embedded').waitFor();
    await page.getByTestId('games-explorer').waitFor();
    expect(await page.getByTestId('explorer-back').count()).toBe(0);
    await page.getByTestId('game-card').first().waitFor();
    expect(new Set(await page.locator('[data-testid="game-card"] .game-card__provider').allTextContents())).toEqual(new Set(['Pocket Arcade']));
  });

  it('NAV-39 /play?asEmbedded shows the explorer without header and footer', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/play?asEmbedded=true');
    await page.getByTestId('games-explorer').waitFor();
    expect(await page.getByTestId('layout-embedded').count()).toBe(1);
    expect(await page.getByTestId('layout-main').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
  });

  it('NAV-24 /game-info shows the game’s title, provider, categories and information', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/game-info?game_id=SR-1001');
    const info = page.getByTestId('game-info');
    await info.waitFor();
    expect(await info.getByRole('heading', { level: 1 }).textContent()).toBe('Emerald Isle Riches');
    expect(await info.textContent()).toContain('Shamrock Reels');
    expect(await info.locator('.game-info__categories li').allTextContents()).toEqual(['Popular', 'Video Slots']);
    expect(await info.locator('.game-info__text').textContent()).toContain('clover scatters pay anywhere');
    // Its background is the title's own scene.
    const background = info.locator('.game-info__background');
    expect(await background.getAttribute('src')).toBe('/cms/media/games/emerald-isle-riches/background.svg');
    await expect.poll(() => background.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(1600);
    await screenshot(page, 'game-info-background-1280-en');
  });

  it('NAV-25 /game-info for an unknown game says Game Information not found.', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/game-info?game_id=NOPE-1');
    await page.getByTestId('game-info-missing').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Game Information not found.');
  });

  it.each([
    ['a visitor on a phone in Macedonian', viewports.mobile, 'mk', false, 'Истражи игри'],
    ['a signed-in player on a desktop in English', desktop, 'en', true, 'Explore Games'],
  ] as const)(
    'issue 17: /play arrives with the explorer drawn, and the portal draws the same cards in their places: %s',
    async (name, viewport, language, signedIn, title) => {
      const player = signedIn ? await suite.server.createSignedInPlayer() : undefined;
      const portal = await suite.open({ viewport, ...(player ? { sessionCookie: player.cookie } : {}) });
      const { page, context } = portal;
      await context.addCookies([{ name: 'LANG', value: language, url: suite.server.url }]);
      await page.addInitScript({ content: recordFirstView('.game-card') });
      await portal.visit('/play');
      await page.getByTestId('game-card').first().waitFor();
      // The portal has drawn the page in the first view's place.
      await page.locator('[data-first-view]').waitFor({ state: 'detached' });
      const { delivered, scriptsBeforePaint, lost } = (await page.evaluate('window.firstViewRecord')) as FirstViewRecord;
      expect(scriptsBeforePaint).toBe(false);
      // Every card the portal shows was in the page as delivered, in the same place with the same
      // picture and words (a phone's carousel of six, a desktop's grid of eight, GAMES-08, GAMES-11).
      const drawn = await drawnInPlace(page, '[data-testid="game-card"]');
      expect(drawn?.length).toBeGreaterThan(6);
      expect(delivered).toEqual(drawn);
      expect(lost).toBe(false);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      // DEF-13: a player's first view lists the games for signed-in players, as the portal does.
      const locked = await page.getByTestId('game-card-lock').count();
      if (signedIn) expect(locked).toBeGreaterThan(0);
      else expect(locked).toBe(0);
      await screenshot(page, `play-first-view-${name.replace(/\W+/g, '-')}`);
    },
  );

  it('issue 17: /play with a search, category or grouping in its address starts on the splash, as the portal draws those', async () => {
    for (const query of ['?search=dragon', '?category=Live', '?provider=Shamrock%20Reels', '?asEmbedded=true']) {
      const answer = await fetch(`${suite.server.url}/play${query}`);
      expect(await answer.text(), query).not.toContain('data-first-view');
    }
    expect(await (await fetch(`${suite.server.url}/play?locale=mk`)).text()).toContain('data-first-view="play"');
  });
});
