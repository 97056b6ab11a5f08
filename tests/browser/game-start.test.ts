import type { FrameLocator, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { drawnInPlace, recordFirstView, usePortalSuite, type FirstViewRecord, type Portal } from './portal';
import { minorUnitsOf, widths } from './wallet-helpers';

/**
 * The game page's start ("quick to open", "a fast first load"): the slot's panel is playable before
 * PixiJS and the artwork have loaded (they are a chunk of their own, fetched beside the launch), a
 * spin pressed before the reels are drawn plays in words and the reels then appear on the window it
 * landed on; once drawn, the reels' ticker runs only while something moves; the client's files are
 * sent compressed. Free play as a visitor.
 */

const suite = usePortalSuite();
const GAME = 'SR-1001';

/** Holds the reel stage's chunk in the network until `release` is called: PixiJS cannot draw before. */
async function holdReelStage(portal: Portal): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const asked = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await portal.context.route(/\/gs\/assets\/reel-stage-[\w-]+\.js$/, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}

async function openSlot(portal: Portal, language: 'en' | 'mk'): Promise<FrameLocator> {
  await portal.context.addCookies([
    { name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url },
    { name: 'LANG', value: language, url: suite.server.url },
  ]);
  await portal.visit(`/game?gameId=${GAME}&playForReal=false&locale=${language}`);
  await portal.page.getByTestId('game-frame').waitFor();
  return portal.page.frameLocator('[data-testid="game-frame"]');
}

const stageOf = (frame: FrameLocator) => frame.getByTestId('gc-reels').getAttribute('data-stage');

interface LayoutShift {
  value: number;
  sources: string[];
}

/** A layout-shift entry as the browser reports it (tests are compiled without the DOM's types). */
interface ShiftEntry {
  value: number;
  hadRecentInput: boolean;
  sources: {
    node: { localName?: string; className?: unknown; nodeName: string } | null;
    previousRect: { y: number; height: number };
    currentRect: { y: number; height: number };
  }[];
}

/**
 * Runs in the portal's page and in the game's frame alike, before their scripts: records every
 * layout shift the browser reports that no input caused (what Cumulative Layout Shift adds up),
 * with the elements it moved, in the page's `__layoutShifts`.
 */
function recordLayoutShifts(): void {
  const page = globalThis as unknown as {
    __layoutShifts?: () => LayoutShift[];
    PerformanceObserver: new (callback: (list: { getEntries(): unknown[] }) => void) => {
      observe(options: { type: string; buffered: boolean }): void;
      takeRecords(): unknown[];
    };
  };
  const shifts: LayoutShift[] = [];
  const record = (entries: unknown[]) => {
    for (const entry of entries as ShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      const sources = entry.sources.map(({ node, previousRect, currentRect }) => {
        const name = node?.localName ? `${node.localName}.${String(node.className)}` : String(node?.nodeName);
        return `${name} ${Math.round(previousRect.y)}→${Math.round(currentRect.y)}, ${Math.round(previousRect.height)}→${Math.round(currentRect.height)} high`;
      });
      shifts.push({ value: entry.value, sources });
    }
  };
  const observer = new page.PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  // The shifts so far, with those measured but not yet delivered to the observer's callback.
  page.__layoutShifts = () => {
    record(observer.takeRecords());
    return shifts;
  };
}

/**
 * The shifts of the page and each of its frames, read once each has drawn two more frames: a shift
 * is measured when a frame is drawn, and taken here even before its observer is told.
 */
async function layoutShiftsOf(portal: Portal): Promise<LayoutShift[]> {
  const perFrame = await Promise.all(
    portal.page.frames().map((frame) =>
      frame
        .evaluate(
          () =>
            new Promise<LayoutShift[]>((resolve) => {
              const page = globalThis as unknown as { __layoutShifts?: () => LayoutShift[]; requestAnimationFrame(step: () => void): number };
              page.requestAnimationFrame(() => page.requestAnimationFrame(() => resolve(page.__layoutShifts?.() ?? [])));
            }),
        )
        .catch(() => []),
    ),
  );
  return perFrame.flat();
}

describe('game page start (issue "Presentation": quick to open, a fast first load)', () => {
  it('plays a round before PixiJS has drawn the reels, then shows the reels at rest, drawing only while they move', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const held = await holdReelStage(portal);
    const frame = await openSlot(portal, 'en');
    const spin = frame.getByTestId('gc-spin');
    await frame.locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ timeout: 20_000 });
    await held.requested;
    // Playable, and the reels not drawn: the canvas keeps the cabinet's place in the title's colours.
    expect(await stageOf(frame)).toBe('loading');
    expect(await frame.getByTestId('gc-reels').getAttribute('data-renderer')).toBeNull();
    await screenshot(portal.page, 'game-start-desktop-en-before-reels');

    const before = minorUnitsOf(await frame.getByTestId('gc-balance').textContent());
    const stake = minorUnitsOf(await frame.getByTestId('gc-stake').locator('option:checked').textContent());
    await spin.click();
    await expect.poll(() => frame.getByTestId('gc-result').textContent(), { timeout: 20_000 }).toMatch(/^(No win|Win )/);
    await frame.locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ timeout: 20_000 });
    const win = minorUnitsOf(await frame.getByTestId('gc-last-win').textContent());
    expect(minorUnitsOf(await frame.getByTestId('gc-balance').textContent())).toBe(before - stake + win);
    expect(await stageOf(frame)).toBe('loading');

    held.release();
    await expect.poll(() => frame.getByTestId('gc-reels').getAttribute('data-renderer'), { timeout: 20_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
    // At rest, the ticker stops: nothing is drawn until something moves.
    await expect.poll(() => stageOf(frame), { timeout: 20_000 }).toBe('idle');
    await screenshot(portal.page, 'game-start-desktop-en-reels-drawn');

    await spin.click();
    await expect.poll(() => stageOf(frame), { timeout: 10_000 }).toBe('running');
    await frame.locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ timeout: 30_000 });
    // A win's lines pulse for a few seconds, then the stage rests again.
    await expect.poll(() => stageOf(frame), { timeout: 20_000 }).toBe('idle');
  }, 180_000);

  it("keeps the reels' place on a phone in Macedonian while they load", async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const held = await holdReelStage(portal);
    const frame = await openSlot(portal, 'mk');
    await frame.locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ timeout: 20_000 });
    await held.requested;
    const loading = await frame.getByTestId('gc-reels').boundingBox();
    await screenshot(portal.page, 'game-start-mobile-mk-before-reels');
    held.release();
    await expect.poll(() => frame.getByTestId('gc-reels').getAttribute('data-renderer'), { timeout: 20_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
    // The reels appearing move nothing: the canvas had the cabinet's shape from the start.
    expect(await frame.getByTestId('gc-reels').boundingBox()).toEqual(loading);
    await screenshot(portal.page, 'game-start-mobile-mk-reels-drawn');
    await portal.visit('/?locale=en');
  }, 120_000);

  it.each([
    ['a phone in Macedonian', widths.mobile, 'mk'],
    ['a desktop in English', widths.desktop, 'en'],
  ] as const)(
    'moves nothing on %s while the game page loads and plays its first round (layout shift under 0.02)',
    async (_name, viewport, language) => {
      const portal = await suite.open({ viewport });
      await portal.context.addInitScript(recordLayoutShifts);
      const frame = await openSlot(portal, language);
      await frame.locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ timeout: 20_000 });
      await expect.poll(() => frame.getByTestId('gc-reels').getAttribute('data-renderer'), { timeout: 20_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
      await frame.getByTestId('gc-fairness').waitFor();
      await frame.getByTestId('gc-spin').click();
      await expect.poll(() => frame.getByTestId('gc-result').textContent(), { timeout: 20_000 }).not.toBe('');
      await frame.locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ timeout: 30_000 });
      const shifts = await layoutShiftsOf(portal);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.02);
      await screenshot(portal.page, `game-start-${viewport.width}-${language}-after-first-round`);
    },
    120_000,
  );

  it("sends the game client's files compressed, the chunks it imports later as well", async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const served = await portal.context.request.get(`${suite.server.url}/gs/play/${GAME}`);
    const script = /src="\.\.\/assets\/([^"]+\.js)"/.exec(await served.text())?.[1];
    expect(script).toBeDefined();
    const entry = await portal.context.request.get(`${suite.server.url}/gs/assets/${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(entry.status()).toBe(200);
    expect(entry.headers()['content-encoding']).toBe('br');
    const gzipped = await portal.context.request.get(`${suite.server.url}/gs/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers()['content-encoding']).toBe('gzip');
    // The slot's chunk is imported by the entry when a slot is played: served too.
    const slotChunk = /"\.\/(slot-[\w-]+\.js)"/.exec(await entry.text())?.[1];
    expect(slotChunk).toBeDefined();
    expect((await portal.context.request.get(`${suite.server.url}/gs/assets/${slotChunk}`)).status()).toBe(200);
  });

  it.each([
    // The catalogue's own name for the game, in the page's language.
    ['a phone in Macedonian', { width: 390, height: 844 }, 'mk', 'Играте Богатствата на Смарагдниот остров'],
    ['a desktop in English', { width: 1280, height: 900 }, 'en', 'Playing Emerald Isle Riches'],
  ] as const)(
    "issue 17: a visitor's game page arrives drawn (title, badge, the game loading) and the portal draws it in the same place: %s",
    async (name, viewport, language, title) => {
      const portal = await suite.open({ viewport });
      const { page, context } = portal;
      await context.addCookies([{ name: 'LANG', value: language, url: suite.server.url }]);
      await page.addInitScript({ content: recordFirstView('.game-page__title') });
      await portal.visit(`/game-page?gameId=${GAME}`);
      await page.frameLocator('[data-testid="game-frame"]').locator('body').waitFor();
      // The portal has drawn the page in the first view's place.
      await page.locator('[data-first-view]').waitFor({ state: 'detached' });
      const { delivered, scriptsBeforePaint, lost } = (await page.evaluate('window.firstViewRecord')) as FirstViewRecord;
      expect(scriptsBeforePaint).toBe(false);
      expect(delivered?.map((element) => element.text)).toEqual([title]);
      const drawn = await drawnInPlace(page, '[data-testid="game-page-title"]');
      expect(drawn, JSON.stringify({ delivered, drawn })).toEqual(delivered);
      expect(lost).toBe(false);
      await screenshot(page, `game-page-first-view-${name.replace(/\W+/g, '-')}`);
    },
  );

  it("issue 17: a player's game page, real play and a page without a game start on the splash, as only the portal draws them", async () => {
    const player = await suite.server.createSignedInPlayer();
    const page = (address: string, cookie?: string) =>
      fetch(`${suite.server.url}${address}`, cookie ? { headers: { cookie } } : {}).then((answer) => answer.text());
    expect(await page(`/game-page?gameId=${GAME}`)).toContain('data-first-view="game-page"');
    expect(await page(`/game-page?gameId=${GAME}`, player.cookie)).not.toContain('data-first-view');
    expect(await page(`/game-page?gameId=${GAME}&playForReal=true`)).not.toContain('data-first-view');
    expect(await page('/game-page')).not.toContain('data-first-view');
  });
});
