import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { catalogues } from '../../web/game-client/strings';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { minorUnitsOf, widths } from './wallet-helpers';

/**
 * Issue 27 item 6: every game fits the screen. At 1280×800 (English) and 390×844 (Macedonian), a
 * signed-in player with money and an active bonus plays each kind; in play, the game's title, the
 * balance and net position, the bonus's wagering bar and the main action are all inside the window
 * at once, the page has not scrolled, and the game's own document does not scroll (in either
 * direction). A table game's receipt (what was bet, what came back) stays until the next round is
 * played.
 */

const SLOT = 'SR-1001';
const ROULETTE = 'NT-4001';
const BLACKJACK = 'NT-4002';
const PLINKO = 'PA-5001';
const MINES = 'PA-5002';

type Size = { width: number; height: number; language: 'en' | 'mk'; name: string };
const SIZES: Size[] = [
  { ...widths.desktop, language: 'en', name: '1280-en' },
  { ...widths.mobile, language: 'mk', name: '390-mk' },
];

/**
 * A new player with €500 and the WELCOME10 bonus active (its wagering bar shows in every real-money
 * game), signed in on a fresh profile in `size`'s window and language; kept for the file.
 */
async function playerWithBonus(suite: PortalSuite, size: Size): Promise<Portal> {
  await seedDemoBonusPlans(suite.server.db);
  const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
  await suite.server.fundPlayer(partyId, 50_000n);
  const portal = await suite.open({ viewport: { width: size.width, height: size.height }, sessionCookie: cookie, language: size.language }, 'file');
  // What fits is the settled game's layout, not its animations (prefers-reduced-motion changes no
  // layout in the client's styles): the wheel places its ball at once, cards and reels land without
  // their flights, which saves seconds a round.
  await portal.page.emulateMedia({ reducedMotion: 'reduce' });
  const redeemed = await portal.context.request.post(`${suite.server.url}/ps/redeemBonus`, { data: { code: 'WELCOME10' } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  return portal;
}

/** The game client's own frame (its page at /gs/play/…). */
function clientFrame(page: Page): Frame {
  const found = page.frames().find((candidate) => candidate.url().includes('/gs/play/'));
  if (!found) throw new Error('the game client frame is not open');
  return found;
}

async function openGame(portal: Portal, gameId: string, ready: string): Promise<FrameLocator> {
  await portal.visit(`/game-page?gameId=${gameId}&playForReal=true`);
  await portal.page.getByTestId('game-frame').waitFor();
  const frame = portal.page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId(ready).waitFor();
  // The wagering bar is placed before the game's panel shows (main.ts waits on its first read).
  await frame.getByTestId('gc-bonus-progress').waitFor();
  return frame;
}

/** What of the rule is broken: the elements outside the window, a scrolled page, a frame that scrolls. */
async function misfits(portal: Portal, named: Record<string, Locator>): Promise<string[]> {
  const { page } = portal;
  const found: string[] = [];
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  // As text: the tests' types have no DOM.
  const scrolled = (await page.evaluate('({ x: window.scrollX, y: window.scrollY })')) as { x: number; y: number };
  if (scrolled.x !== 0 || scrolled.y !== 0) found.push(`the page scrolled to ${scrolled.x},${scrolled.y}`);
  const inner = (await clientFrame(page).evaluate(
    '(({ scrollHeight, clientHeight, scrollWidth, clientWidth }) => ({ scrollHeight, clientHeight, scrollWidth, clientWidth }))(document.documentElement)',
  )) as { scrollHeight: number; clientHeight: number; scrollWidth: number; clientWidth: number };
  if (inner.scrollHeight > inner.clientHeight) found.push(`the game's document is ${inner.scrollHeight} px tall in ${inner.clientHeight} px`);
  if (inner.scrollWidth > inner.clientWidth) found.push(`the game's document is ${inner.scrollWidth} px wide in ${inner.clientWidth} px`);
  for (const [name, locator] of Object.entries(named)) {
    const box = await locator.boundingBox();
    if (!box) found.push(`${name} is not shown`);
    else if (box.x < 0 || box.y < 0 || box.x + box.width > viewport.width + 0.5 || box.y + box.height > viewport.height + 0.5) {
      found.push(
        `${name} at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} is outside the ${viewport.width}×${viewport.height} window`,
      );
    }
  }
  return found;
}

/** What every kind must show at once, with its main action. */
const shared = (frame: FrameLocator, action: Locator, balance: string) => ({
  title: frame.getByTestId('gc-title'),
  'net position': frame.getByTestId('gc-net'),
  balance: frame.getByTestId(balance),
  'bonus bar': frame.locator('.gc__bonus-bar'),
  action,
});

/** The receipt's two amounts, what was bet and what came back, in minor units (either language's format). */
async function receiptOf(frame: FrameLocator): Promise<{ stake: bigint; returned: bigint } | null> {
  const text = (await frame.getByTestId('gc-receipt').textContent()) ?? '';
  const amounts = text.match(/€\s?\d[\d.,]*\d|\d[\d.,]*\d\s?€/g) ?? [];
  if (amounts.length !== 2) return null;
  return { stake: minorUnitsOf(amounts[0] ?? ''), returned: minorUnitsOf(amounts[1] ?? '') };
}

const balanceOf = async (frame: FrameLocator) => minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());

const enabled = (locator: Locator) => locator.and(locator.page().locator(':not([disabled])'));

describe('issue 27: every game fits the screen', () => {
  const suite = usePortalSuite();
  const players = new Map<string, Promise<Portal>>();
  const player = (size: Size) => {
    if (!players.has(size.name)) players.set(size.name, playerWithBonus(suite, size));
    return players.get(size.name)!;
  };

  it('slot at 1280×800 en and 390×844 mk: reels, title, net position, bonus bar and Spin in view, nothing scrolls', async () => {
    for (const size of SIZES) {
      const portal = await player(size);
      const frame = await openGame(portal, SLOT, 'gc-table');
      const spin = frame.getByTestId('gc-spin');
      await expect.poll(() => frame.getByTestId('gc-reels').getAttribute('data-renderer'), { timeout: 15_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
      await enabled(spin).click();
      // Spin is disabled from the click until the round has been presented: a round that triggers
      // free spins presents each of them first, which on a busy machine takes longer than a poll's
      // bound. Its end, not a time, is what the check waits for.
      await enabled(spin).waitFor({ timeout: 60_000 });
      expect(await frame.getByTestId('gc-last-win').textContent()).not.toBe('–');
      await screenshot(portal.page, `game-fit-slot-${size.name}`);
      expect(await misfits(portal, { ...shared(frame, spin, 'gc-balance'), reels: frame.getByTestId('gc-reels') })).toEqual([]);
    }
  }, 180_000);

  it('roulette at 1280×800 en and 390×844 mk: wheel, layout, bets, receipt and Spin in view; the receipt stays until the next spin', async () => {
    for (const size of SIZES) {
      const t = catalogues[size.language];
      const portal = await player(size);
      const frame = await openGame(portal, ROULETTE, 'gc-roulette');
      const spin = frame.getByRole('button', { name: t['slot.spin'], exact: true });
      const chip = minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent());
      await frame.locator('button[data-bet="red"]').click();
      const before = await balanceOf(frame);
      await enabled(spin).click();
      await expect.poll(() => receiptOf(frame), { timeout: 15_000 }).not.toBeNull();
      await enabled(spin).waitFor();
      // The receipt: the chip on red, and what came back (the balance moved by the difference).
      const first = await receiptOf(frame);
      expect(first?.stake).toBe(chip);
      expect(await balanceOf(frame)).toBe(before - chip + (first?.returned ?? 0n));
      await screenshot(portal.page, `game-fit-roulette-${size.name}`);
      expect(
        await misfits(portal, {
          ...shared(frame, spin, 'gc-game-balance'),
          wheel: frame.getByTestId('gc-wheel'),
          layout: frame.getByTestId('gc-rl-layout'),
          result: frame.getByTestId('gc-game-result'),
          receipt: frame.getByTestId('gc-receipt'),
        }),
      ).toEqual([]);
      // Another chip on the layout is not yet a bet: the receipt stays; the next spin brings its own.
      await frame.locator('button[data-bet="black"]').click();
      expect(await receiptOf(frame)).toEqual(first);
      await enabled(spin).click();
      await expect.poll(async () => (await receiptOf(frame))?.stake, { timeout: 15_000 }).toBe(chip * 2n);
    }
  }, 120_000);

  it('blackjack at 1280×800 en and 390×844 mk: the table, title, net position, bonus bar, receipt and Deal in view', async () => {
    for (const size of SIZES) {
      const t = catalogues[size.language];
      const portal = await player(size);
      const frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
      const deal = frame.getByRole('button', { name: t['blackjack.deal'], exact: true });
      const before = await balanceOf(frame);
      await enabled(deal).click();
      // Stands (or declines insurance) until the round is settled: Deal is offered again.
      await expect
        .poll(
          async () => {
            const actions = frame.getByTestId('gc-actions').locator('button:not([disabled])');
            const names = await actions.allTextContents();
            const next = names.find((name) => name === t['blackjack.noInsurance']) ?? names.find((name) => name === t['blackjack.action.stand']);
            if (next) await actions.getByText(next, { exact: true }).click();
            return deal.isEnabled();
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      // The settled round's receipt: what was bet and what came back, as the balance moved.
      const receipt = await receiptOf(frame);
      expect(receipt).not.toBeNull();
      expect(await balanceOf(frame)).toBe(before - (receipt?.stake ?? 0n) + (receipt?.returned ?? 0n));
      await screenshot(portal.page, `game-fit-blackjack-${size.name}`);
      expect(
        await misfits(portal, {
          ...shared(frame, deal, 'gc-game-balance'),
          table: frame.getByTestId('gc-bj-table'),
          result: frame.getByTestId('gc-game-result'),
          receipt: frame.getByTestId('gc-receipt'),
        }),
      ).toEqual([]);
    }
  }, 120_000);

  it('plinko and mines at 1280×800 en and 390×844 mk: board, title, net position, bonus bar and Drop / Start in view', async () => {
    for (const size of SIZES) {
      const t = catalogues[size.language];
      const portal = await player(size);
      let frame = await openGame(portal, PLINKO, 'gc-plinko');
      const drop = frame.getByRole('button', { name: t['plinko.drop'], exact: true });
      await enabled(drop).click();
      await expect.poll(() => frame.getByTestId('gc-game-result').textContent(), { timeout: 20_000 }).not.toBe('');
      await screenshot(portal.page, `game-fit-plinko-${size.name}`);
      expect(await misfits(portal, { ...shared(frame, drop, 'gc-game-balance'), board: frame.getByTestId('gc-plinko-board') })).toEqual([]);

      frame = await openGame(portal, MINES, 'gc-mines');
      const start = frame.getByRole('button', { name: t['mines.start'], exact: true });
      await enabled(start).click();
      // In play, the cash-out button under the grid too.
      await frame.locator('.gc-mn__cashout').waitFor();
      await screenshot(portal.page, `game-fit-mines-${size.name}`);
      expect(
        await misfits(portal, {
          ...shared(frame, start, 'gc-game-balance'),
          grid: frame.getByTestId('gc-mines-grid'),
          'cash out': frame.locator('.gc-mn__cashout'),
        }),
      ).toEqual([]);
    }
  }, 120_000);
});
