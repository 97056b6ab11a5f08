import { describe, expect, it } from 'vitest';
import { jurisdictionMismatch } from '../../server/db/schema';
import { dailyTotals } from '../../server/platform/wallet';
import { screenshot } from '../support/browser';
import { staffSignIn } from './back-office-helpers';
import { usePortalSuite } from './portal';

/** The back office's Reports, Flagged players and Evidence pack views (issue 15, NS-28, OPS-14). Desktop, English. */
describe('back office reports, flags and evidence (NS-28, OPS-14)', () => {
  const suite = usePortalSuite();

  it('an operator reads the daily report with its chart, records an interaction on a flagged player, and sees the evidence pack download', async () => {
    const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    await suite.server.fundPlayer(player.partyId, 12_345n);
    await suite.server.db.insert(jurisdictionMismatch).values({ playerId: player.partyId, seenAt: 'PLAY', declaredCountry: 'MK', addressCountry: 'GB', ipAddress: '203.0.113.7', jurisdiction: 'MK' });

    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.operator', 'Otto Operator');

    await page.getByRole('tab', { name: 'Reports' }).click();
    const eur = page.getByTestId('bo-report-EUR');
    await eur.waitFor();
    // Thirty days to today, drawn by uPlot on a canvas; today's deposit in the table.
    expect(await page.getByTestId('bo-report-chart-EUR').getAttribute('data-points')).toBe('30');
    expect(await eur.locator('canvas').count()).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    // Today's deposits in the table are the ledger's (this player's 123.45 among any others').
    const ledger = (await dailyTotals(suite.server.db, today, today)).find((row) => row.currency === 'EUR')!;
    expect(ledger.deposits).toBeGreaterThanOrEqual(12_345n);
    await expect.poll(() => eur.getByRole('row').filter({ hasText: today }).getByRole('cell').nth(1).textContent()).toBe((Number(ledger.deposits) / 100).toFixed(2));
    await screenshot(page, 'back-office-reports-desktop-en');

    await page.getByRole('tab', { name: 'Flagged players' }).click();
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

    await page.getByRole('tab', { name: 'Evidence pack' }).click();
    const evidence = page.getByTestId('bo-evidence');
    expect(await evidence.getByRole('link', { name: 'Download evidence pack' }).getAttribute('href')).toContain('/bo/evidence/export?from=');
    await screenshot(page, 'back-office-evidence-desktop-en');
  });
});
