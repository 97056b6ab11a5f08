import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { staffApi } from '../support/back-office';
import { openView, staffSignIn } from './back-office-helpers';
import { usePortalSuite } from './portal';
import { widths } from './wallet-helpers';

/**
 * The Chronos page (issue 16; NAV-32, CONTENT-24…27, spec 000 §9): three channel widgets on channel
 * 20, a staff message and a player's own message arriving live over the WebSocket gateway, the chat
 * scrolled to the newest; on a desktop in English and on a phone in Macedonian, against the real server.
 */

const suite = usePortalSuite();
const staff = staffApi(() => suite.server);
let staffCookie: string | undefined;

const cases = [
  { name: 'desktop-en', viewport: widths.desktop, path: '/chronos', title: 'Chronos', send: 'Send', staffName: 'Emerald team' },
  { name: 'phone-mk', viewport: widths.mobile, path: '/chronos?locale=mk', title: 'Хронос', send: 'Испрати', staffName: 'Тимот на Emerald' },
] as const;

describe('Chronos', () => {
  for (const journey of cases) {
    it(`NAV-32 CONTENT-24 CONTENT-25 CONTENT-26 three widgets on channel 20; staff and player messages arrive live in the chat (${journey.name})`, async () => {
      const player = await suite.server.createSignedInPlayer();
      const portal = await suite.open({ viewport: journey.viewport, sessionCookie: player.cookie });
      await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
      await portal.visit(journey.path);
      const { page } = portal;
      await page.getByTestId('chronos-page').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(journey.title);
      for (const kind of ['banner', 'plain', 'chat']) {
        const widget = page.getByTestId(`chronos-${kind}`);
        expect(await widget.getAttribute('data-channel')).toBe('20');
        await expect.poll(() => page.getByTestId(`chronos-${kind}-picker`).locator('option').count()).toBeGreaterThanOrEqual(3);
      }
      const input = page.getByTestId('chronos-chat-input');
      await input.waitFor();
      // The chat follows the channel live once the gateway has confirmed its subscription.
      await page.locator('[data-testid="chronos-chat"][data-subscribed="true"]').waitFor();

      staffCookie ??= await staff.signIn('bo.support');
      const staffText = `Welcome to the lounge (${journey.name})`;
      expect((await staff.call('POST', '/bo/channels/20/messages', staffCookie, { text: staffText })).status).toBe(200);
      const chat = page.getByTestId('chronos-chat-messages');
      await expect.poll(() => chat.textContent(), { timeout: 10_000 }).toContain(staffText);
      expect(await chat.textContent()).toContain(journey.staffName);
      await expect.poll(() => page.getByTestId('chronos-banner-message').textContent()).toContain(staffText);
      await expect.poll(() => page.getByTestId('chronos-plain-messages').textContent()).toContain(staffText);

      // A few earlier messages so the chat overflows and must scroll to the newest.
      for (let n = 0; n < 4; n++) {
        expect(
          (await staff.call('POST', '/bo/channels/20/messages', staffCookie, { text: `Tonight's tournament note ${n} ${'— details follow '.repeat(4)}` }))
            .status,
        ).toBe(200);
      }
      const mine = `Hello from ${journey.name}`;
      await input.fill(mine);
      await page.getByRole('button', { name: journey.send }).click();
      await expect.poll(() => chat.textContent(), { timeout: 10_000 }).toContain(mine);
      await expect.poll(() => input.inputValue()).toBe('');
      // Spec 000 §9: the chat is at its newest message shortly (300 ms) after it arrived.
      await expect
        .poll(() => chat.evaluate((element) => Math.abs(element.scrollHeight - element.clientHeight - element.scrollTop) < 4), { timeout: 5_000 })
        .toBe(true);
      await screenshot(page, `chronos-${journey.name}`);
    });
  }

  it("CONTENT-24 staff post from the back office's Channels tab; a visitor's Chronos page shows it", async () => {
    const staffPortal = await suite.open({ viewport: widths.desktop });
    const page = await staffSignIn(staffPortal, 'bo.operator', 'Otto Operator');
    await openView(page, 'Channels');
    const form = page.getByTestId('bo-channel-poster');
    await form.waitFor();
    await expect.poll(() => form.getByTestId('bo-channel-picker').locator('option').count()).toBeGreaterThanOrEqual(3);
    await form.getByTestId('bo-channel-picker').selectOption('21');
    const text = 'Back-office news for everyone';
    await form.getByTestId('bo-channel-text').fill(text);
    await form.getByRole('button', { name: 'Post to channel' }).click();
    await form.getByTestId('bo-channel-posted').waitFor();
    await screenshot(page, 'chronos-back-office-post');

    const visitor = await suite.open({ viewport: widths.mobile });
    await visitor.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
    await visitor.visit('/chronos');
    await visitor.page.getByTestId('chronos-banner-picker').selectOption('21');
    await expect.poll(() => visitor.page.getByTestId('chronos-banner').textContent(), { timeout: 10_000 }).toContain(text);
  });

  it("issue 16 moderation: a chat moderator sees a player's message in the back office, mutes them (the player is refused), lifts the mute and sets slow mode", async () => {
    const player = await suite.server.createSignedInPlayer();
    const post = (text: string) =>
      fetch(`${suite.server.url}/ps/channels/20/messages`, {
        method: 'POST',
        headers: { cookie: player.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
    const said = `Moderation check ${Date.now()}`;
    expect((await post(said)).status).toBe(200);

    const page = await staffSignIn(await suite.open({ viewport: widths.desktop }), 'bo.moderator', 'Mo Moderator');
    await openView(page, 'Channels');
    const moderation = page.getByTestId('bo-channel-moderation');
    await moderation.waitFor();
    const row = moderation.getByTestId('bo-moderation-message').filter({ hasText: said });
    await row.waitFor();
    await moderation.getByTestId('bo-mute-length').selectOption({ label: '1 h' });
    await row.getByRole('button', { name: /^Mute / }).click();
    await expect.poll(() => row.textContent()).toMatch(/Muted until/);
    expect((await post('am I muted?')).status).toBe(403);
    await screenshot(page, 'chronos-moderation-desktop-en');

    await row.getByRole('button', { name: /^Lift mute of / }).click();
    await row.getByRole('button', { name: /^Mute / }).waitFor();
    expect((await post('back again')).status).toBe(200);

    await moderation.getByTestId('bo-slow-mode').selectOption('30');
    await moderation.getByRole('button', { name: 'Apply' }).click();
    await moderation.getByTestId('bo-moderation-done').waitFor();
    try {
      expect((await post('one')).status).toBe(429);
    } finally {
      await moderation.getByTestId('bo-slow-mode').selectOption('0');
      await moderation.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(async () => (await post('slow mode off')).status).toBe(200);
    }
  });
});
