import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { upsertPost } from '../../server/content/content-posts.repository';
import { bonusPlan } from '../../server/db/schema';
import { screenshotDir, viewports } from '../support/browser';
import { gameClient } from '../support/game-play';
import { staffSignIn } from './back-office-helpers';
import { usePortalSuite, type Portal } from './portal';

/**
 * A player's page in the back office (issue 15; NS-28, OPS-14): staff see the payments and rounds
 * the player made, recall a round with its seeds, and ask for a new document upload, which the
 * player then finds on their documents page. 1280 px and 390 px, English and Macedonian.
 */
const GAME = 'SR-3001';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

describe('back office: a player’s page (NS-28, OPS-14)', () => {
  const suite = usePortalSuite();

  it('an operator opens a player who deposited and played, sees the payment, recalls a round, asks for a new upload, and the player sees the request on their documents page', async () => {
    const { server } = suite;
    await upsertPost(server.db, { type: 'game', slug: 'lucky-sevens-classic', title: 'Lucky Sevens Classic', acf: { game_id: GAME, game_provider: 'emerald-studio', play_for_free: true } });
    await server.db.insert(bonusPlan).values({ kind: 'NO_DEPOSIT', name: 'Goodwill credit', currency: 'EUR', cap: 1_000n, wageringMultiplier: 5, contributions: { slot: 100 }, validityDays: 7 });
    const player = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await server.fundPlayer(player.partyId, 10_000n, 'EUR', { methodCode: 'NETELLER' });
    const games = gameClient(server);
    const { cookie, session } = await games.openGame(player.cookie, GAME, true);
    for (let i = 0; i < 2; i++) {
      const spun = await games.call('POST', '/gs/slots/spin', { cookie, body: { stake: session.title.limits.steps[0], clientRequestId: randomUUID() } });
      expect(spun.status).toBe(200);
    }

    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.operator', 'Otto Operator');
    await page.getByRole('tab', { name: 'Players', exact: true }).click();
    const search = page.getByTestId('bo-player-search');
    await search.getByLabel('Username, e-mail or player id').fill(player.partyId);
    await search.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: /@/ }).click();
    await page.getByTestId('bo-player').waitFor();

    // The deposit, from the cashier's records, in minor units formatted as money.
    const deposit = page.getByTestId('bo-payment-row').filter({ hasText: 'Deposit' });
    await deposit.waitFor();
    expect(await deposit.textContent()).toContain('100.00 EUR');
    expect(await deposit.textContent()).toContain('NETELLER');
    expect(await deposit.textContent()).toContain('Successful');

    // Two rounds; the newest recalled as recorded, its seed still secret.
    const rounds = page.getByTestId('bo-round-row');
    await expect.poll(() => rounds.count()).toBe(2);
    expect(await rounds.first().textContent()).toContain('Lucky Sevens Classic');
    await rounds.first().getByRole('button', { name: 'Recall' }).click();
    const recall = page.getByTestId('bo-round-recall');
    await recall.getByTestId('bo-recall-outcome').waitFor();
    // Drawn as the slot showed it: the reels' window (the classic's 3 reels × 1 row), its wins or none, stake and pay.
    const outcome = recall.getByTestId('bo-recall-outcome');
    expect(await outcome.getAttribute('data-kind')).toBe('slot');
    expect(await outcome.getByRole('table', { name: 'The reels as they stopped' }).locator('tr').count()).toBe(1);
    expect(await outcome.getByRole('table', { name: 'The reels as they stopped' }).locator('tr').first().locator('td').count()).toBe(3);
    expect(await outcome.textContent()).toMatch(/Stake: \d+\.\d{2} · Paid: \d+\.\d{2}/);
    expect(await recall.getByTestId('bo-recall-verification').textContent()).toContain('Still secret');
    expect(await recall.textContent()).toContain('Server seed hash');
    await shot(page, 'back-office-player-history-1280-en');

    // Ask for a new upload of the passport.
    const form = page.getByTestId('bo-upload-request-form');
    await form.getByLabel('Document').selectOption('PASSPORT');
    await form.getByLabel('Reason (shown to the player)').fill('The photo of your passport is blurred: please send a sharper one.');
    await form.getByRole('button', { name: 'Ask for a new upload' }).click();
    await page.getByText('Asked. The player has been told.').waitFor();
    await page.getByTestId('bo-upload-request-list').filter({ hasText: 'Waiting for the upload' }).waitFor();
    await page.getByTestId('bo-upload-requests').scrollIntoViewIfNeeded();
    await shot(page, 'back-office-player-upload-request-1280-en');

    // A goodwill bonus: an amount of nothing is refused under its field, then granted.
    const goodwill = page.getByTestId('bo-goodwill');
    await goodwill.getByLabel('Bonus plan').selectOption({ label: 'Goodwill credit · EUR' });
    await goodwill.getByLabel('Amount (EUR)').fill('0');
    await goodwill.getByLabel('Reason').fill('Sorry for the slow withdrawal');
    await goodwill.getByRole('button', { name: 'Grant the bonus' }).click();
    await goodwill.locator('.field--invalid').waitFor();
    await goodwill.getByLabel('Amount (EUR)').fill('5');
    await goodwill.getByRole('button', { name: 'Grant the bonus' }).click();
    await goodwill.getByText('Granted: 5.00 EUR bonus').waitFor();
    await goodwill.scrollIntoViewIfNeeded();
    await shot(page, 'back-office-player-goodwill-1280-en');

    await page.setViewportSize(viewports.mobile);
    await rounds.first().getByRole('button', { name: 'Recall' }).click();
    await recall.waitFor();
    await shot(page, 'back-office-player-390-en');
    await page.getByTestId('bo-rounds').screenshot({ path: path.join(screenshotDir, 'back-office-player-rounds-390-en.png') });
    await page.getByTestId('bo-upload-requests').screenshot({ path: path.join(screenshotDir, 'back-office-player-upload-390-en.png') });

    // The same page in Macedonian, at both widths.
    await portal.visit(`/entity?player=${player.partyId}&locale=mk`);
    await page.getByTestId('bo-payment-row').filter({ hasText: 'Уплата' }).waitFor();
    await page.getByTestId('bo-round-row').first().getByRole('button', { name: 'Прикажи' }).click();
    await page.getByTestId('bo-recall-outcome').waitFor();
    await shot(page, 'back-office-player-390-mk');
    await page.getByTestId('bo-payments').screenshot({ path: path.join(screenshotDir, 'back-office-player-payments-390-mk.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'back-office-player-1280-mk');

    // The player finds the request on their documents page (the account's Documents section).
    const playerPortal: Portal = await suite.open({ viewport: { width: 1280, height: 900 }, sessionCookie: player.cookie });
    await playerPortal.visit('/account');
    const request = playerPortal.page.getByTestId('document-upload-request');
    await request.waitFor();
    expect(await request.textContent()).toContain('Please upload your Passport again');
    expect(await request.textContent()).toContain('The photo of your passport is blurred: please send a sharper one.');
    await request.scrollIntoViewIfNeeded();
    await playerPortal.page.screenshot({ path: path.join(screenshotDir, 'documents-upload-request-1280-en.png') });
    // "Upload it now" opens the upload with the asked-for type already chosen.
    await request.getByRole('button', { name: 'Upload it now' }).click();
    await expect.poll(() => playerPortal.page.getByTestId('document-type').textContent()).toBe('Passport');
    await playerPortal.page.getByTestId('document-form').getByRole('button', { name: 'Cancel' }).click();
    await playerPortal.page.setViewportSize(viewports.mobile);
    await playerPortal.visit('/account?locale=mk');
    await request.filter({ hasText: 'Ве молиме повторно прикачете' }).waitFor();
    await request.scrollIntoViewIfNeeded();
    await playerPortal.page.screenshot({ path: path.join(screenshotDir, 'documents-upload-request-390-mk.png') });
  }, 180_000);
});
