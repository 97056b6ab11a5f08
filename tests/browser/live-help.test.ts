import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openView, staffSignIn } from './back-office-helpers';
import type { Page } from 'playwright-core';
import { usePortalSuite, widerThanPage } from './portal';
import { widths } from './wallet-helpers';

/**
 * Issue 16 LIVE HELP (spec 000 §1: support by live chat): a signed-in player opens the contact page's
 * live chat and writes; support staff answer from the back office's Support tab; the player sees the
 * answer in the open chat. Against the real server; support hours exclude now, so the player is told
 * when support opens and the message is kept.
 */

const suite = usePortalSuite({ SUPPORT_HOURS: closedNowHours() });
let desk: Page | undefined;

function closedNowHours(): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Dublin', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return `${at(hour + 2)}-${at(hour + 3)}`;
}

const cases = [
  { name: 'desktop-en', viewport: widths.desktop, locale: 'en', closed: 'Support is closed now', staffName: 'Emerald support' },
  { name: 'phone-mk', viewport: widths.mobile, locale: 'mk', closed: 'Поддршката сега е затворена', staffName: 'Поддршка на Emerald' },
] as const;

describe('LIVE HELP', () => {
  for (const journey of cases) {
    it(`spec 000 §1 live chat: the player writes, support answers from the back office, the player sees it (${journey.name})`, async () => {
      const player = await suite.server.createSignedInPlayer();
      const portal = await suite.open({ viewport: journey.viewport, sessionCookie: player.cookie });
      await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
      await portal.visit(`/contact-us?chat=open&locale=${journey.locale}`);
      const { page } = portal;
      const panel = page.getByTestId('live-chat-panel');
      await panel.waitFor();
      const question = `Where is my deposit? (${journey.name})`;
      await page.getByTestId('live-chat-text').fill(question);
      await page.getByTestId('live-chat-send').click();
      await expect.poll(() => page.getByTestId('live-chat-messages').textContent()).toContain(question);
      expect(await page.getByTestId('live-chat-hours').textContent()).toContain(journey.closed);
      await screenshot(page, `live-help-written-${journey.name}`);

      // One staff desk for the file: a TOTP code signs in once per window.
      if (!desk) {
        desk = await staffSignIn(await suite.open({ viewport: widths.desktop }, 'file'), 'bo.support', 'Sam Support');
        await openView(desk, 'Support');
      }
      const bo = desk;
      const entry = bo.getByTestId('bo-support-entry').filter({ hasText: question });
      await entry.waitFor();
      await entry.getByRole('button').click();
      const answer = `We are on it (${journey.name})`;
      await bo.getByTestId('bo-support-text').fill(answer);
      await bo.getByTestId('bo-support-send').click();
      await expect.poll(() => bo.getByTestId('bo-support-messages').textContent()).toContain(answer);
      await bo.getByRole('button', { name: 'Back to the queue' }).click();

      await expect.poll(() => page.getByTestId('live-chat-messages').textContent(), { timeout: 10_000 }).toContain(answer);
      expect(await page.getByTestId('live-chat-messages').textContent()).toContain(journey.staffName);
      expect(await widerThanPage(page)).toEqual([]);
      await screenshot(page, `live-help-answered-${journey.name}`);
    });
  }
});
