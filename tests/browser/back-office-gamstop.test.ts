import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { financialCheck, player } from '../../server/db/schema';
import { runRegisterRecheck } from '../../server/platform/register-recheck';
import { createExclusionRegister } from '../../server/platform/exclusion-register';
import { startGamstopSimulator } from '../../server/sandbox/gamstop';
import { screenshot, screenshotDir, viewports } from '../support/browser';
import { openView, staffSignIn } from './back-office-helpers';
import { usePortalSuite, widerThanPage } from './portal';

/**
 * Issue 29 items 6 and 3 on the Flagged players view: when the daily GAMSTOP re-check cannot reach
 * the register, staff see the alert above the flagged players (the day, how many players were left
 * unchecked, and why); a financial vulnerability check that answered CONCERN is a flag there, with
 * the net deposits, the threshold and the deposit cap it set. At 1280 px in English and on a phone
 * in Macedonian.
 */
describe('back office: the GAMSTOP re-check alert and the financial concern flag', () => {
  const suite = usePortalSuite();

  it('an incomplete re-check is shown to staff above the flagged players, and a financial concern is one of them, in English and Macedonian', async () => {
    const gb = await suite.server.createSignedInPlayer({ registrationStatus: 'PLAYER' });
    await suite.server.db
      .update(player)
      .set({ country: 'GB', firstName: 'Grace', lastName: 'Hopper', birthDate: '1980-12-09' })
      .where(eq(player.id, gb.partyId));
    // GAMSTOP knows Grace Hopper as P: excluded once, no longer.
    const simulator = await startGamstopSimulator({ apiKey: 'browser-test-key-0123456789', people: [{ lastName: 'Hopper', exclusion: 'P' }], batchBurst: 2 });
    let asked = 0;
    try {
      const exclusionRegister = createExclusionRegister({
        EXCLUSION_REGISTER_PROVIDER: 'gamstop',
        GAMSTOP_URL: simulator.url,
        GAMSTOP_API_KEY: 'browser-test-key-0123456789',
      });
      // A day the register answered, then a day it did not.
      expect((await runRegisterRecheck({ ...suite.server.context, exclusionRegister }, new Date('2031-02-02T03:00:00Z'))).status).toBe('COMPLETE');
      simulator.setOutage(true);
      const summary = await runRegisterRecheck({ ...suite.server.context, exclusionRegister }, new Date('2031-02-03T03:00:00Z'));
      expect(summary.status).toBe('INCOMPLETE');
      asked = summary.asked;
    } finally {
      await simulator.close();
    }
    // The player's check answered CONCERN as the job stores it: the back office raises its flag.
    const now = new Date();
    await suite.server.db.insert(financialCheck).values({
      playerId: gb.partyId,
      rule: 'VULNERABILITY_CHECK',
      currency: 'GBP',
      measured: 20_000n,
      threshold: 15_000n,
      windowStart: now,
      windowEnd: new Date(now.getTime() + 30 * 86_400_000),
      status: 'DONE',
      outcome: 'CONCERN',
      provider: 'sandbox',
      attempts: 1,
      depositCap: 15_000n,
      completedAt: now,
    });

    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.operator', 'Otto Operator');
    await openView(page, 'Flagged players');
    const alert = page.getByTestId('bo-register-alert');
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain(`GAMSTOP re-check of 2031-02-03 (UTC) incomplete: ${asked} of ${asked} players could not be checked`);
    expect(text).toContain('GAMSTOP answered 503');
    const concern = page.getByTestId('bo-flag').filter({ hasText: 'Financial vulnerability concern' });
    await concern.waitFor();
    expect(await concern.textContent()).toContain(
      'Net deposits of £200.00 in 30 days (threshold £150.00); the check found signs of financial vulnerability. Deposit cap set: £150.00',
    );
    await screenshot(page, 'back-office-gamstop-alert-desktop-en');

    // The player's page lists what GAMSTOP answered about her (a day without an answer stores none):
    // P as not excluded, excluded before, with the register's id of the check.
    await concern.getByRole('button', { name: 'Open player' }).click();
    const checks = page.getByTestId('bo-register-checks').getByTestId('bo-register-check-row');
    await expect.poll(() => checks.count()).toBe(1);
    expect(await checks.textContent()).toContain('Daily re-check');
    expect(await checks.textContent()).toContain('Not excluded · excluded before, now ended (GAMSTOP P)');
    expect(await checks.locator('code').textContent()).toMatch(/\S{8,}/);
    await page.getByTestId('bo-register-checks').scrollIntoViewIfNeeded();
    await screenshot(page, 'back-office-register-checks-desktop-en');

    // Staff on call read the same view in Macedonian on a phone.
    await page.setViewportSize(viewports.mobile);
    await portal.visit('/entity?locale=mk&view=flags');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      `Повторната проверка во GAMSTOP за 2031-02-03 (UTC) е нецелосна: ${asked} од ${asked} играчи не можеа да се проверат`,
    );
    // The problem too: the adapter's words are stored in English, staff read them in theirs.
    expect(await alert.textContent()).toContain('GAMSTOP одговори 503.');
    expect(await alert.textContent()).not.toContain('answered');
    const concernMk = page.getByTestId('bo-flag').filter({ hasText: 'Загриженост за финансиска ранливост' });
    await concernMk.waitFor();
    expect(await concernMk.textContent()).toContain(
      'Нето уплати од 200,00\u00a0£ за 30 дена (праг 150,00\u00a0£); проверката најде знаци на финансиска ранливост. Поставен лимит на уплати: 150,00\u00a0£',
    );
    // Nothing in the view is wider than the phone.
    expect(await widerThanPage(page)).toEqual([]);
    await screenshot(page, 'back-office-gamstop-alert-mobile-mk');
    await concernMk.scrollIntoViewIfNeeded();
    await screenshot(page, 'back-office-financial-concern-flag-mobile-mk');
    await portal.visit(`/entity?player=${gb.partyId}&locale=mk`);
    await expect.poll(() => checks.count()).toBe(1);
    expect(await checks.textContent()).toContain('Дневна повторна проверка');
    expect(await checks.textContent()).toContain('Не е исклучен · исклучен претходно, сега завршено (GAMSTOP P)');
    expect(await widerThanPage(page)).toEqual([]);
    await page.getByTestId('bo-register-checks').screenshot({ path: `${screenshotDir}/back-office-register-checks-mobile-mk.png` });
  }, 120_000);
});
