import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { marketingConsent, player } from '../../server/db/schema';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { freshPlayer } from './signup-helpers';
import { widths } from './wallet-helpers';

/**
 * Marketing consent per product and channel (UKGC SR 5.1.12) in the portal: the sign-up's matrix
 * with every box unticked, the ticked boxes kept and no others; the account page's matrix changed
 * box by box. At 1280 and 390 px, in English and Macedonian.
 */

const titles = { en: 'Offers and news (optional)', mk: 'Понуди и новости (по избор)' } as const;
const accountTitles = { en: 'Marketing preferences', mk: 'Маркетинг поставки' } as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate('document.fonts.ready');
  await screenshot(page, `marketing-consents-${name}`);
}

async function openIn(suite: PortalSuite, viewport: { width: number; height: number }, language: 'en' | 'mk', sessionCookie?: string): Promise<Portal> {
  const portal = await suite.open({ viewport, ...(sessionCookie ? { sessionCookie } : {}) });
  await portal.context.addCookies([
    { name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url },
    { name: 'LANG', value: language, url: suite.server.url },
  ]);
  return portal;
}

/** Waits until the player's ticked boxes are exactly `expected` (the server's state, not the screen's). */
async function ticked(suite: PortalSuite, playerId: string, expected: string[]): Promise<void> {
  const read = async () =>
    (
      await suite.server.db
        .select()
        .from(marketingConsent)
        .where(and(eq(marketingConsent.playerId, playerId), eq(marketingConsent.granted, true)))
    )
      .map((row) => `${row.product}:${row.channel}`)
      .sort();
  await expect.poll(read, { timeout: 10_000 }).toEqual([...expected].sort());
}

const boxes = ['GAMING', 'BINGO'].flatMap((product) => ['EMAIL', 'SMS', 'PHONE', 'POST'].map((channel) => `marketing-${product}-${channel}`));

describe('marketing consent per product and channel (SR 5.1.12)', () => {
  const suite = usePortalSuite();

  for (const language of ['en', 'mk'] as const) {
    for (const [size, viewport] of [
      ['1280', widths.desktop],
      ['390', widths.mobile],
    ] as const) {
      it(`${language} at ${size} px: sign-up asks the matrix unticked and keeps what was ticked; the account page changes it`, async () => {
        const portal = await openIn(suite, viewport, language);
        const { page } = portal;
        await portal.visit('/join');
        const form = page.getByTestId('signup-step-1');
        const marketing = form.getByTestId('signup-marketing');
        await marketing.waitFor();
        expect(await marketing.locator('legend').textContent()).toBe(titles[language]);
        for (const box of boxes) expect(await marketing.getByTestId(box).isChecked(), box).toBe(false);

        const newcomer = freshPlayer(`mkt${language}${size}`);
        await form.locator('input[name="email"]').fill(newcomer.email);
        await form.locator('input[name="username"]').fill(newcomer.username);
        await form.locator('input[name="password"]').fill('green-hills-9');
        await form.getByTestId('birth-day').selectOption('7');
        await form.getByTestId('birth-month').selectOption('3');
        await form.getByTestId('birth-year').selectOption('1990');
        await form.getByTestId('consent-TNC').locator('input').check();
        await form.getByTestId('consent-PRIVACY').locator('input').check();
        await marketing.getByTestId('marketing-BINGO-EMAIL').check();
        await marketing.getByTestId('marketing-GAMING-SMS').check();
        await marketing.scrollIntoViewIfNeeded();
        await shoot(page, `${size}-${language}-signup`);
        await page.getByTestId('join-submit').click();
        await page.getByTestId('signup-step-2').waitFor();
        const [created] = await suite.server.db.select({ id: player.id }).from(player).where(eq(player.email, newcomer.email));
        await ticked(suite, created!.id, ['BINGO:EMAIL', 'GAMING:SMS']);

        // A full player changes the matrix on the account page, box by box.
        const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
        await suite.server.db.update(player).set({ language }).where(eq(player.id, partyId));
        const account = await openIn(suite, viewport, language, cookie);
        await account.visit('/account?tab=account-information');
        const section = account.page.getByTestId('account-marketing');
        await section.waitFor();
        expect(await account.page.getByRole('heading', { name: accountTitles[language] }).count()).toBe(1);
        for (const box of boxes) expect(await section.getByTestId(box).isChecked(), box).toBe(false);
        // A box shows what the server keeps: it turns once the change is saved, so a click, then the server's state.
        await section.getByTestId('marketing-GAMING-EMAIL').click();
        await ticked(suite, partyId, ['GAMING:EMAIL']);
        await expect.poll(() => section.getByTestId('marketing-GAMING-EMAIL').isEnabled()).toBe(true);
        await section.getByTestId('marketing-BINGO-POST').click();
        await ticked(suite, partyId, ['GAMING:EMAIL', 'BINGO:POST']);
        await expect.poll(() => section.getByTestId('marketing-GAMING-EMAIL').isEnabled()).toBe(true);
        await section.getByTestId('marketing-GAMING-EMAIL').click();
        await ticked(suite, partyId, ['BINGO:POST']);
        await expect.poll(() => section.getByTestId('marketing-GAMING-EMAIL').isChecked()).toBe(false);
        await section.scrollIntoViewIfNeeded();
        await shoot(account.page, `${size}-${language}-account`);
        // After a reload the page shows what the server keeps.
        await account.visit('/account?tab=account-information');
        await account.page.getByTestId('account-marketing').waitFor();
        await expect.poll(() => account.page.getByTestId('account-marketing').getByTestId('marketing-BINGO-POST').isChecked()).toBe(true);
        expect(await account.page.getByTestId('account-marketing').getByTestId('marketing-GAMING-EMAIL').isChecked()).toBe(false);
      }, 120_000);
    }
  }
});
