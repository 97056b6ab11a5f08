import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { giveInactivityNotice } from '../../server/platform/account-register';
import { hashPassword } from '../../server/platform/accounts';
import { accountEn } from '../../web/src/shared/i18n/account/en';
import { accountMk } from '../../web/src/shared/i18n/account/mk';
import { screenshot } from '../support/browser';
import { usePortalSuite } from './portal';
import { widths } from './wallet-helpers';

/**
 * The account-holder register (issue 29 item 9): a player closes their account from Account
 * Information — the confirm step asks for the password, a wrong one is refused in their language,
 * the right one removes them — in English at 1280 px and Macedonian at 390 px. Afterwards the
 * account is anonymised and the portal is signed out.
 */
const PASSWORD = 'Close-account-1';
const strings = { en: accountEn, mk: accountMk } as const;

describe('a player asks to be removed from the account register', () => {
  const suite = usePortalSuite();

  for (const [language, viewport] of [
    ['en', widths.desktop],
    ['mk', widths.mobile],
  ] as const) {
    it(`${language} at ${viewport.width} px: confirm with the password, then removed and signed out`, async () => {
      const text = strings[language];
      const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
      await suite.server.db
        .update(player)
        .set({ country: 'IE', language, firstName: 'Aoife', lastName: 'Murphy', birthDate: '1980-01-01', passwordHash: await hashPassword(PASSWORD) })
        .where(eq(player.id, partyId));
      const portal = await suite.open({ viewport, sessionCookie: cookie, language });
      const { page } = portal;
      await portal.visit('/account');

      const section = page.getByTestId('account-removal');
      await section.scrollIntoViewIfNeeded();
      expect(await section.getByRole('heading').textContent()).toBe(text['account.removal.title']);
      await page.getByTestId('account-removal-start').click();
      await page.getByTestId('account-removal-password').fill('not-the-password');
      await page.getByTestId('account-removal-confirm').click();
      expect(await page.getByTestId('account-removal-error').textContent()).toBe(text['account.password.wrong']);
      expect((await suite.server.db.select().from(player).where(eq(player.id, partyId)))[0]!.anonymisedAt).toBeNull();
      await screenshot(page, `account-register-${language}-confirm`);

      await page.getByTestId('account-removal-password').fill(PASSWORD);
      await page.getByTestId('account-removal-confirm').click();
      expect(await page.getByTestId('account-removal-done').locator('p').textContent()).toBe(text['account.removal.done']);
      await screenshot(page, `account-register-${language}-done`);
      const [row] = await suite.server.db.select().from(player).where(eq(player.id, partyId));
      expect(row).toMatchObject({ username: `removed-${partyId}`, firstName: null, passwordHash: null });
      expect(row!.anonymisedAt).not.toBeNull();

      await page.getByTestId('account-removal-done').getByRole('button').click();
      await page.waitForURL((url) => url.pathname === '/');
      const alive = await page.evaluate(async () => (await (await fetch('/ps/checkSessionAlive', { credentials: 'include' })).json()) as { alive: boolean });
      expect(alive.alive).toBe(false);
    });
  }

  // The player is told first (issue 29 item 9): the notice of a removal for 13 months without play
  // is a message in their language, with the day the account will be closed and what keeps it.
  const notice = {
    en: {
      subject: /^Your account will be closed on \d{1,2} [A-Z][a-z]+ \d{4}$/,
      keep: /To keep your account, sign in and play before \d{1,2} [A-Z][a-z]+ \d{4}\./,
    },
    mk: {
      subject: /^Вашата сметка ќе биде затворена на \d{1,2} \p{Script=Cyrillic}+ \d{4}$/u,
      keep: /Ако сакате да ја задржите сметката, најавете се и играјте пред \d{1,2} \p{Script=Cyrillic}+ \d{4}\./u,
    },
  } as const;
  for (const [language, viewport] of [
    ['en', widths.desktop],
    ['mk', widths.mobile],
  ] as const) {
    it(`${language} at ${viewport.width} px: the notice of a removal for inactivity in the player's messages`, async () => {
      await suite.server.updateConfiguration({ ips_endpoint: suite.server.url });
      const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
      await suite.server.db.update(player).set({ country: 'IE', language, firstName: 'Aoife' }).where(eq(player.id, partyId));
      const [row] = await suite.server.db.select({ email: player.email }).from(player).where(eq(player.id, partyId));
      const now = new Date();
      const lastPlayAt = new Date(now.getTime() - 400 * 86_400_000);
      expect(await giveInactivityNotice(suite.server.context, { id: partyId, language, email: row!.email }, lastPlayAt, now)).toBe('NOTICE_GIVEN');

      const portal = await suite.open({ viewport, sessionCookie: cookie, language });
      const { page } = portal;
      await portal.visit('/');
      await page.getByTestId('nav-toggle').click();
      await page.getByTestId('sidebar-navigation').waitFor();
      await page.getByTestId('nav-messages').click();
      const message = page.getByTestId('messages-modal').getByTestId('message');
      await message.waitFor();
      expect(await message.getByRole('heading', { level: 3 }).textContent()).toMatch(notice[language].subject);
      expect(await message.textContent()).toMatch(notice[language].keep);
      await screenshot(page, `account-register-${language}-notice`);
    });
  }
});
