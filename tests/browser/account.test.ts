import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMinorMoney } from '../../contracts/format';
import { player, walletTransaction } from '../../server/db/schema';
import { sendPlayerMessage } from '../../server/platform/messages';
import { makeStatement } from '../../server/platform/statements';
import { inTransaction } from '../../server/db/transaction';
import { completion, newSignup } from '../support/api-client';
import { screenshot, viewports } from '../support/browser';
import { gameClient } from '../support/game-play';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';

const desktop = { width: 1280, height: 900 };

/** A new player signed up through both steps in this browser profile; `lastName` 'Refer' ends in ID_CHECK_LOCK. */
async function signedUpPlayer(suite: PortalSuite, viewport: { width: number; height: number }, options: { language?: 'mk'; lastName?: string } = {}) {
  const portal = await suite.open({ viewport });
  if (options.language) await portal.context.addCookies([{ name: 'LANG', value: options.language, url: suite.server.url }]);
  const signup = newSignup();
  const request = portal.context.request;
  expect((await request.post(`${suite.server.url}/ps/quickSignup`, { data: signup })).ok()).toBe(true);
  expect(
    (await request.post(`${suite.server.url}/ps/quickSignupCompletion`, { data: completion(options.lastName ? { lastName: options.lastName } : {}) })).ok(),
  ).toBe(true);
  const info = (await (await request.get(`${suite.server.url}/ps/getPlayerInfo`)).json()) as { user: { partyId: string } };
  return { portal, signup, partyId: info.user.partyId };
}

async function openNavigation(page: Page) {
  await page.getByTestId('nav-toggle').click();
  await page.getByTestId('sidebar-navigation').waitFor();
}

async function accountPage(portal: Portal, path = '/account') {
  await portal.visit(path);
  await portal.page.getByTestId('account-page').waitFor();
}

describe('the account area and player messages (issue 13)', () => {
  const suite = usePortalSuite();

  it('ACC-01…07 ACC-12…33 NAV-67 a verified player on a desktop: every tab, the account details and their changes', async () => {
    const { portal, signup, partyId } = await signedUpPlayer(suite, desktop);
    const { page } = portal;
    await suite.server.fundPlayer(partyId, 12_550n);
    await accountPage(portal);
    await page.getByTestId('ltd-total-deposit').waitFor();
    await screenshot(page, 'account-desktop-en-top');

    // ACC-03, ACC-05: the title, the summary column and the four tabs, Account Information first.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My Account');
    expect(await page.getByTestId('account-summary').isVisible()).toBe(true);
    expect(await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab').allTextContents()).toEqual([
      'Account Information',
      'Responsible Gaming',
      'Refer a Friend',
      'Loyalty Shop',
    ]);
    await expect.poll(() => page.getByTestId('account-tabs-tab-account-information').getAttribute('aria-selected')).toBe('true');

    // ACC-07, ACC-08: the sections, and the always-disabled personal fields.
    const details = page.getByTestId('account-details');
    expect(await details.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Personal Details',
      'Contact Details',
      'Contact Consents',
      'Marketing preferences',
      'Lifetime Data',
      'Documents',
      'Close account',
    ]);
    expect(await page.getByTestId('personal-username').inputValue()).toBe(signup.username);
    expect(await page.getByTestId('personal-full-name').inputValue()).toBe('Saoirse Walsh');
    for (const field of [
      'personal-username',
      'personal-full-name',
      'personal-currency',
      'personal-country',
      'personal-language',
      'personal-id-number',
      'personal-birth-date',
    ]) {
      expect(await page.getByTestId(field).isDisabled()).toBe(true);
    }

    // ACC-30 DIS-13: lifetime figures from the ledger; DEF-21: the Bonus tab has its button.
    expect(await page.getByTestId('ltd-total-deposit').textContent()).toBe('€125.50');
    expect(await page.getByTestId('ltd-net-deposit').textContent()).toBe('-€125.50');
    expect(await page.getByRole('tablist', { name: 'Lifetime data' }).getByRole('tab').allTextContents()).toEqual(['Deposit', 'Game', 'Bonus']);
    await page.getByTestId('lifetime-tabs-tab-game').click();
    expect(await page.getByTestId('ltd-net-game').textContent()).toBe('€0.00');
    await screenshot(page, 'account-desktop-en');

    // ACC-12…16: the password change, first with a wrong current password.
    await page.getByTestId('password-edit').click();
    expect(await page.getByTestId('password-save').isDisabled()).toBe(true);
    await page.getByTestId('password-current').fill('wrong4password');
    await page.getByTestId('password-new').fill('harbour9lights');
    await page.getByTestId('password-save').click();
    expect(await page.getByTestId('password-error').textContent()).toBe('The current password is not correct');
    await page.getByTestId('password-current').fill(signup.password);
    await page.getByTestId('password-save').click();
    expect(await page.getByTestId('password-success').textContent()).toContain('Your Password has been updated.');
    expect(await page.getByTestId('password-current').inputValue()).toBe('');

    // ACC-18…21: contact details, saved and shown again.
    await page.getByTestId('contact-edit').click();
    await page.getByTestId('contact-mobilePhone').fill('447911123456');
    await page.getByTestId('contact-address').fill('12 Shop Street');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-edit').waitFor();
    expect(await page.getByTestId('contact-mobilePhone').inputValue()).toBe('447911123456');
    expect(await page.getByTestId('contact-address').isDisabled()).toBe(true);

    // ACC-20: a new e-mail address waits for its link; following the link makes it the account's.
    const newEmail = `new_${signup.email}`;
    await page.getByTestId('contact-edit').click();
    await page.getByTestId('contact-email').fill(newEmail);
    await page.getByTestId('contact-save').click();
    expect(await page.getByTestId('contact-email-pending').textContent()).toContain(newEmail);
    expect(await page.getByTestId('contact-email').inputValue()).toBe(signup.email);
    const [mail] = await suite.server.outbox(newEmail);
    const link = new URL(/https?:\/\/\S+emailChangeCode=\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    await accountPage(portal, `${link.pathname}${link.search}`);
    expect(await page.getByTestId('email-change-confirmed').textContent()).toContain(newEmail);
    expect(new URL(page.url()).searchParams.has('emailChangeCode')).toBe(false);
    await expect.poll(() => page.getByTestId('contact-email').inputValue()).toBe(newEmail);

    // ACC-23…28, ACC-37: a mandatory consent given stays locked; marketing is asked per product and
    // channel (SR 5.1.12), each box unticked until the player ticks it, and saved at once.
    expect(await page.getByTestId('consent-TNC').isChecked()).toBe(true);
    expect(await page.getByTestId('consent-TNC').isDisabled()).toBe(true);
    const marketing = page.getByTestId('marketing-GAMING-EMAIL');
    expect(await marketing.isChecked()).toBe(false);
    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/ps/user/marketingConsents' && response.request().method() === 'PUT',
    );
    await marketing.click();
    expect((await saved).ok()).toBe(true);
    await expect.poll(() => marketing.isChecked()).toBe(true);

    // ACC-02, DIS-17: the tabs write ?tab=.
    await page.getByTestId('account-tabs-tab-refer-a-friend').click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('refer-a-friend');
    expect(await page.getByTestId('refer-a-friend').getByRole('heading', { level: 2 }).textContent()).toBe('Life is Better with Friends!');
    await accountPage(portal, '/account?tab=loyalty-shop');
    await expect.poll(() => page.getByTestId('account-tabs-tab-loyalty-shop').getAttribute('aria-selected')).toBe('true');
    await accountPage(portal, '/account?tab=nonsense');
    await expect.poll(() => page.getByTestId('account-tabs-tab-account-information').getAttribute('aria-selected')).toBe('true');

    // NAV-67: Limits in the navigation opens the Responsible Gaming tab.
    await openNavigation(page);
    await page.getByTestId('sidebar-navigation').getByRole('link', { name: 'Limits' }).click();
    await page.waitForURL(/\/account\?tab=responsible-gaming$/);
    await expect.poll(() => page.getByTestId('account-tabs-tab-responsible-gaming').getAttribute('aria-selected')).toBe('true');
  });

  it('CONTENT-30…33 DEF-19 the messages item shows the unread count and the modal shows the sanitised messages, marking them read', async () => {
    await suite.server.updateConfiguration({ ips_endpoint: suite.server.url });
    const { portal, partyId } = await signedUpPlayer(suite, desktop);
    const { page } = portal;
    await sendPlayerMessage(suite.server.db, {
      playerId: partyId,
      kind: 'LIMIT_CHANGE',
      subject: 'Deposit limit changed',
      body: '<p>Your daily deposit limit is now <strong>€50.00</strong>.</p>',
    });
    await sendPlayerMessage(suite.server.db, {
      playerId: partyId,
      kind: 'STAFF_MESSAGE',
      subject: 'Welcome',
      body: '<p onmouseover="window.__pwned = 1">Welcome to Emerald.<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 1</script></p>',
    });
    await portal.visit('/');
    await openNavigation(page);
    expect(await page.getByTestId('messages-unread').textContent()).toBe('2');
    expect(await page.getByTestId('messages-unread').getAttribute('aria-label')).toBe('2 unread messages');
    await page.getByTestId('nav-messages').click();
    const modal = page.getByTestId('messages-modal');
    await modal.waitFor();
    expect(await modal.getByRole('heading', { level: 2 }).first().textContent()).toBe("Saoirse's Messages");
    expect(await modal.getByTestId('message').count()).toBe(2);
    expect(await modal.getByTestId('message').first().textContent()).toContain('Welcome to Emerald.');
    expect(await modal.locator('script, img, [onmouseover]').count()).toBe(0);
    await modal.getByTestId('message').first().hover();
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    await screenshot(page, 'messages-desktop-en');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await openNavigation(page);
    await page.getByTestId('nav-messages').waitFor();
    expect(await page.getByTestId('messages-unread').count()).toBe(0);
  });

  it('ACC-06 I18N a phone in Macedonian: the tab content without the summary, and an empty messages modal', async () => {
    const { portal } = await signedUpPlayer(suite, viewports.mobile, { language: 'mk' });
    const { page } = portal;
    await accountPage(portal);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Мојата сметка');
    expect(await page.getByTestId('account-summary').count()).toBe(0);
    expect(await page.getByTestId('account-tabs-tab-account-information').textContent()).toBe('Информации за сметката');
    expect(await page.getByTestId('personal-country').inputValue()).toBe('Ирска');
    await screenshot(page, 'account-mobile-mk');
    await page.getByTestId('lifetime-tabs').scrollIntoViewIfNeeded();
    await screenshot(page, 'account-mobile-mk-lifetime');
    await page.getByTestId('account-tabs-tab-loyalty-shop').click();
    // LOY-07: on a phone the shop opens with the loyalty-level card, in Macedonian.
    await page.getByTestId('loyalty-level-card').waitFor();
    expect(await page.getByTestId('loyalty-shop').getByRole('heading', { level: 2 }).first().textContent()).toBe('Продавница за лојалност');
    await page.setViewportSize(desktop);
    await accountPage(portal);
    await page.getByTestId('account-summary').waitFor();
    await screenshot(page, 'account-desktop-mk');
    await page.setViewportSize(viewports.mobile);

    await suite.server.updateConfiguration({ ips_endpoint: suite.server.url });
    await portal.visit('/');
    await openNavigation(page);
    await page.getByTestId('nav-messages').click();
    const modal = page.getByTestId('messages-modal');
    expect(await modal.getByTestId('messages-empty').textContent()).toBe('Празно');
    expect(await modal.getByRole('heading').first().textContent()).toBe('Пораки за Saoirse');
    await screenshot(page, 'messages-mobile-mk');
  });

  // Issue 29 item 10: the monthly activity statement is a message in the player's language — net
  // deposits, the net result of play and the time played as the ledger and its bets hold them.
  const statementWords = {
    en: {
      subject: 'Your activity statement for',
      netDeposits: 'Net deposits (deposits less withdrawals)',
      netResult: 'Net result (wins less stakes)',
      outcome: { won: 'you won', lost: 'you lost', even: 'even' },
      time: 'Time played: 0 h 25 min',
    },
    mk: {
      subject: 'Ваш извод на активност за',
      netDeposits: 'Нето уплати (уплати минус исплати)',
      netResult: 'Нето резултат (добивки минус вложувања)',
      outcome: { won: 'добивка', lost: 'загуба', even: 'без промена' },
      time: 'Време на играње: 0 ч 25 мин',
    },
  } as const;
  const monthNames = { en: 'en-GB', mk: 'mk-MK' } as const;

  for (const [language, country, currency, size, viewport] of [
    ['en', 'GB', 'GBP', '1280', desktop],
    ['mk', 'IE', 'EUR', '390', viewports.mobile],
  ] as const) {
    it(`${country}: the monthly activity statement in the player's messages, ${language} at ${size} px`, async () => {
      const { server } = suite;
      await server.updateConfiguration({ ips_endpoint: server.url });
      const { partyId, cookie } = await server.createSignedInPlayer({ currencies: [currency] });
      await server.db
        .update(player)
        .set({ country, jurisdiction: country, language, firstName: 'Saoirse', birthDate: '1980-01-01', receiveEmail: false })
        .where(eq(player.id, partyId));
      await server.fundPlayer(partyId, 10_000n, currency);
      // A slot spin, then 25 minutes later (its movements moved back: the ledger refuses changes,
      // so its guard is set aside in this test's own database) a plinko drop: 25 minutes of play.
      const games = gameClient(server);
      const slot = await games.openGame(cookie, 'SR-3001', true);
      expect((await games.call('POST', '/gs/slots/spin', { cookie: slot.cookie, body: { stake: 1, clientRequestId: randomUUID() } })).status).toBe(200);
      await inTransaction(server.db, async (tx) => {
        await tx.execute(sql`alter table wallet_transaction disable trigger wallet_transaction_immutable`);
        await tx.execute(sql`update wallet_transaction set created_at = created_at - interval '25 minutes' where player_id = ${partyId}`);
        await tx.execute(sql`alter table wallet_transaction enable trigger wallet_transaction_immutable`);
      });
      const plinko = await games.openGame(cookie, 'PA-5001', true);
      expect(
        (await games.call('POST', '/gs/plinko/drop', { cookie: plinko.cookie, body: { stake: 2, risk: 'low', clientRequestId: randomUUID() } })).status,
      ).toBe(200);
      const now = new Date();
      const month = now.toISOString().slice(0, 7);
      expect(await makeStatement(server.context, partyId, month)).toBe('SENT');

      const rows = await server.db.select().from(walletTransaction).where(eq(walletTransaction.playerId, partyId));
      const total = (kind: string) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + BigInt(row.amount), 0n);
      const net = total('GAME_WIN') - total('GAME_BET');
      const words = statementWords[language];
      const outcome = net > 0n ? words.outcome.won : net < 0n ? words.outcome.lost : words.outcome.even;
      const monthName = new Intl.DateTimeFormat(monthNames[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now).replace(/\s*г\.$/, '');

      const portal = await suite.open({ viewport, sessionCookie: cookie, language });
      const { page } = portal;
      await portal.visit('/');
      await openNavigation(page);
      expect(await page.getByTestId('messages-unread').textContent()).toBe('1');
      await page.getByTestId('nav-messages').click();
      const message = page.getByTestId('messages-modal').getByTestId('message');
      await message.waitFor();
      expect(await message.getByRole('heading', { level: 3 }).textContent()).toBe(`${words.subject} ${monthName}`);
      const lines = await message.locator('li').allTextContents();
      // Money in the one format of the player's language (contracts/format.ts), signed both ways.
      expect(lines).toContain(`${words.netDeposits}: ${formatMinorMoney(10_000n, currency, language, { signDisplay: 'always' })}`);
      expect(lines).toContain(`${words.netResult}: ${formatMinorMoney(net, currency, language, { signDisplay: 'always' })} (${outcome})`);
      expect(await message.textContent()).toContain(words.time);
      // Sent on a date in the player's words too (Chromium's Intl alone would write an mk date in English).
      expect(await message.locator('time').textContent()).toMatch(
        language === 'mk' ? /^\d{1,2} \p{Script=Cyrillic}+\.? \d{4}, \d{2}:\d{2}$/u : /^\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/,
      );
      await screenshot(page, `messages-activity-statement-${size}-${language}`);
    }, 90_000);
  }

  it("ACC-04 a player whose identity is not verified sees 'Identification': the identification flows instead of the tabs", async () => {
    const { portal } = await signedUpPlayer(suite, desktop, { lastName: 'Refer' });
    const { page } = portal;
    await portal.visit('/account');
    await page.getByTestId('identification-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Identification');
    expect(await page.getByTestId('account-tabs').count()).toBe(0);
    await expect.poll(() => page.title()).toContain('Identification');
    await screenshot(page, 'account-identification-desktop-en');
    await page.setViewportSize(viewports.mobile);
    await screenshot(page, 'account-identification-mobile-en');
  });

  it('SIGNUP-24 sign-up step 2 fills the address from an Eircode look-up', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    expect((await portal.context.request.post(`${suite.server.url}/ps/quickSignup`, { data: newSignup() })).ok()).toBe(true);
    await portal.visit('/contact');
    await page.getByTestId('signup-step-2').waitFor();
    await page.getByTestId('address-lookup-postcode').fill('D02 X285');
    await page.getByTestId('address-lookup-find').click();
    const choice = page.getByTestId('address-lookup-choice');
    await choice.waitFor();
    expect(await choice.locator('option').count()).toBe(4);
    await choice.selectOption({ index: 2 });
    expect(await page.getByRole('textbox', { name: 'Street', exact: true }).inputValue()).toBe('Grafton Street');
    expect(await page.getByRole('textbox', { name: 'House number', exact: false }).first().inputValue()).toBe('2');
    expect(await page.getByRole('textbox', { name: 'Eircode', exact: true }).inputValue()).toBe('D02 X285');
    await page.getByTestId('address-lookup').scrollIntoViewIfNeeded();
    await screenshot(page, 'signup-address-lookup-mobile-en');
    await page.getByTestId('address-lookup-postcode').fill('H91 C2K3');
    await page.getByTestId('address-lookup-find').click();
    await page.getByTestId('address-lookup-none').waitFor();
  });
});
