import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jurisdictionMismatch, player } from '../../server/db/schema';
import { dailyTotals } from '../../server/platform/wallet';
import { screenshot } from '../support/browser';
import { gameBody, walletCall } from '../support/wallet-helpers';
import { openView, staffSignIn } from './back-office-helpers';
import { usePortalSuite } from './portal';

/** The back office's Reports, Flagged players and Evidence pack views (issue 15, NS-28, OPS-14). Desktop, English. */
describe('back office reports, flags and evidence (NS-28, OPS-14)', () => {
  const suite = usePortalSuite();

  it('an operator reads the daily report with its chart, records an interaction on a flagged player, and sees the evidence pack download', async () => {
    const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    await suite.server.fundPlayer(player.partyId, 12_345n);
    await suite.server.db
      .insert(jurisdictionMismatch)
      .values({ playerId: player.partyId, seenAt: 'PLAY', declaredCountry: 'MK', addressCountry: 'GB', ipAddress: '203.0.113.7', jurisdiction: 'MK' });

    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.operator', 'Otto Operator');

    await openView(page, 'Reports');
    const eur = page.getByTestId('bo-report-EUR');
    await eur.waitFor();
    // Thirty days to today, drawn by uPlot on a canvas; today's deposit in the table.
    expect(await page.getByTestId('bo-report-chart-EUR').getAttribute('data-points')).toBe('30');
    // The chart library arrives as its own chunk: its canvas is drawn once the chunk is in.
    await eur.locator('canvas').first().waitFor();
    const today = new Date().toISOString().slice(0, 10);
    // Today's deposits in the table are the ledger's (this player's 123.45 among any others').
    const ledger = (await dailyTotals(suite.server.db, today, today)).find((row) => row.currency === 'EUR')!;
    expect(ledger.deposits).toBeGreaterThanOrEqual(12_345n);
    await expect
      .poll(() => eur.getByRole('row').filter({ hasText: today }).getByRole('cell').nth(1).textContent())
      .toBe((Number(ledger.deposits) / 100).toFixed(2));
    await screenshot(page, 'back-office-reports-desktop-en');

    await openView(page, 'Flagged players');
    const flag = page.getByTestId('bo-flag').filter({ hasText: 'Jurisdiction mismatch' }).first();
    await flag.waitFor();
    await flag.getByLabel('What was discussed').fill('Called: on holiday in London, lives in Skopje');
    await flag.getByLabel('Outcome').selectOption('NO_CONCERN');
    await screenshot(page, 'back-office-flags-desktop-en');
    await flag.getByRole('button', { name: 'Record the interaction' }).click();
    // Closed, it leaves the open queue; with the closed ones shown, its record is there.
    await page.getByTestId('bo-flag').filter({ hasText: 'Jurisdiction mismatch' }).waitFor({ state: 'detached' });
    await page.getByLabel('Show closed flags too').check();
    await page.getByTestId('bo-flag').filter({ hasText: 'Called: on holiday in London, lives in Skopje' }).waitFor();

    await openView(page, 'Evidence pack');
    const evidence = page.getByTestId('bo-evidence');
    expect(await evidence.getByRole('link', { name: 'Download evidence pack' }).getAttribute('href')).toContain('/bo/evidence/export?from=');
    await screenshot(page, 'back-office-evidence-desktop-en');
  });
  it('an operator reads the Remote Gaming Duty report by day and by month, in English and Macedonian, at 1280 and 390 px, and downloads its CSV (issue 29)', async () => {
    // A GB player's slot round today: 12.34 staked, 2.00 won, so 10.34 of yield and 4.14 of duty at 40 %; and 5.00 of bingo tickets.
    const gb = await suite.server.createSignedInPlayer({ currencies: ['GBP'] });
    await suite.server.db.update(player).set({ country: 'GB', jurisdiction: 'GB' }).where(eq(player.id, gb.partyId));
    await suite.server.fundPlayer(gb.partyId, 50_000n, 'GBP');
    const bet = gameBody(gb.partyId, { amount: 12.34, currency: 'GBP', gameId: 'SR-3001' });
    expect((await walletCall(suite.server.url, 'debit', bet)).status).toBe(200);
    expect(
      (await walletCall(suite.server.url, 'credit', { ...gameBody(gb.partyId, { amount: 2, currency: 'GBP', gameId: 'SR-3001' }), roundId: bet.roundId }))
        .status,
    ).toBe(200);
    expect((await walletCall(suite.server.url, 'debit', gameBody(gb.partyId, { amount: 5, currency: 'GBP', gameId: 'bingo' }))).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);

    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.operator', 'Otto Operator');
    await openView(page, 'Reports');
    const duty = page.getByTestId('bo-gaming-duty');
    const slots = duty.getByTestId('bo-gaming-duty-row').filter({ hasText: 'Slots' });
    await slots.waitFor();
    expect((await slots.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      today,
      'Slots',
      'GB (duty base)',
      'GBP',
      '12.34',
      '2.00',
      '10.34',
      '40 %',
      '4.14',
    ]);
    expect((await duty.getByTestId('bo-gaming-duty-row').filter({ hasText: 'Bingo' }).getByRole('cell').allTextContents()).slice(4)).toEqual([
      '5.00',
      '0.00',
      '5.00',
      '40 %',
      '2.00',
    ]);
    const total = duty.getByTestId('bo-gaming-duty-total').filter({ hasText: 'GB (duty base)' }).filter({ hasText: 'GBP' });
    expect((await total.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      'Total',
      '',
      'GB (duty base)',
      'GBP',
      '17.34',
      '2.00',
      '15.34',
      '—',
      '6.14',
    ]);
    await duty.getByText('Rates in force: 21 % from 2019-04-01; 40 % from 2026-04-01.').waitFor();

    // By month: one row a product for this month; the CSV link asks for the same.
    await duty.getByLabel('Rows').selectOption('month');
    await duty.getByRole('button', { name: 'Show' }).click();
    await duty
      .getByTestId('bo-gaming-duty-row')
      .filter({ hasText: today.slice(0, 7) })
      .first()
      .waitFor();
    const link = duty.getByRole('link', { name: 'Download CSV' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain('/bo/reports/gaming-duty/export?');
    expect(href).toContain('granularity=month');
    const csv = await page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).text(), href);
    expect(csv.split('\r\n')[0]).toBe(
      'period,product,currency,dutiable,stakes (major units),wins (major units),grossGamingYield (major units),rate (%),duty (major units)',
    );
    expect(csv).toContain(`${today.slice(0, 7)},slots,GBP,yes,12.34,2.00,10.34,40,4.14`);
    await duty.scrollIntoViewIfNeeded();
    await screenshot(page, 'back-office-gaming-duty-desktop-en');

    for (const [width, height, locale, name] of [
      [1280, 900, 'mk', 'desktop-mk'],
      [390, 844, 'en', 'mobile-en'],
      [390, 844, 'mk', 'mobile-mk'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await portal.visit(`/entity?locale=${locale}`);
      await openView(page, locale === 'mk' ? 'Извештаи' : 'Reports');
      const row = page.getByTestId('bo-gaming-duty-row').filter({ hasText: locale === 'mk' ? 'Слот игри' : 'Slots' });
      await row.waitFor();
      // Figures in the language's separators (issue 27): a decimal comma in Macedonian.
      await expect.poll(() => row.getByRole('cell').last().textContent()).toBe(locale === 'mk' ? '4,14' : '4.14');
      if (locale === 'mk')
        await page.getByTestId('bo-gaming-duty-total').filter({ hasText: 'Вкупно' }).filter({ hasText: 'ВБ (основица за давачка)' }).waitFor();
      // Nothing wider than the screen but the table's own sideways scroll.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await page.getByTestId('bo-gaming-duty').scrollIntoViewIfNeeded();
      await screenshot(page, `back-office-gaming-duty-${name}`);
      if (width === 390) {
        await page.getByTestId('bo-gaming-duty-total').first().scrollIntoViewIfNeeded();
        await screenshot(page, `back-office-gaming-duty-totals-${name}`);
      }
    }
  }, 120_000);
});
