import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { viewports } from '../support/browser';
import { photoWithMetadata, scanPng } from '../support/documents';
import { staffSignIn } from './back-office-helpers';
import { usePortalSuite, type PortalSuite } from './portal';

/**
 * Issue 27: the identification form an Irish or British player meets (passport, driving licence or
 * national identity card; proof of address; the PEP question; no register fields, dates empty), at
 * 1280 and 390 px in English and Macedonian, against the real server; the reviewer sees the
 * declared number beside the images, and after approval the account shows it.
 */
const shots = '/tmp/identity-form-shots';
const desktop = { width: 1280, height: 800 };
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function lockedPlayer(suite: PortalSuite, viewport: { width: number; height: number }, language: 'en' | 'mk', country: 'IE' | 'GB') {
  const created = await suite.server.createSignedInPlayer({ kycStatus: 'ID_CHECK_LOCK', currencies: ['EUR'] });
  await suite.server.db
    .update(player)
    .set({
      firstName: 'Saoirse',
      lastName: 'Walsh',
      gender: 'F',
      country,
      city: 'Galway',
      postalCode: 'H91 E2K3',
      address: '7 Quay Street',
      birthDate: '1990-04-02',
    })
    .where(eq(player.id, created.partyId));
  const portal = await suite.open({ viewport, sessionCookie: created.cookie });
  await portal.context.addCookies([{ name: 'LANG', value: language, url: suite.server.url }]);
  return { portal, partyId: created.partyId };
}

async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: /^(Accept|Прифати)$/ });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/** No horizontal scrolling at this width. */
async function fitsWidth(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')) === true;
}

describe('the identification form for Ireland and Great Britain and the reviewer’s declared data (issue 27)', () => {
  const suite = usePortalSuite();
  beforeAll(async () => {
    await mkdir(shots, { recursive: true });
  });

  for (const [language, viewport, size] of [
    ['en', desktop, 1280],
    ['mk', viewports.mobile, 390],
    ['en', viewports.mobile, 390],
    ['mk', desktop, 1280],
  ] as const) {
    it(`${language} at ${size} px: document, number, issuing country, empty dates, no register field; a wrong number is named`, async () => {
      const { portal } = await lockedPlayer(suite, viewport, language, size === 1280 ? 'IE' : 'GB');
      const { page } = portal;
      await portal.visit('/identification?identification=ID');
      await acceptCookies(page);
      await page.getByTestId('identity-flow').waitFor();
      // No register tabs, no register fields, whatever the query asks for.
      expect(await page.getByTestId('identification-tabs').count()).toBe(0);
      const text = (await page.getByTestId('identification-page').textContent()) ?? '';
      for (const register of [
        'Address card',
        "Mother's maiden name",
        'Birthplace',
        'population register',
        'Casino Access Card',
        'потврдата за адреса',
        'Моминско',
        'Место на раѓање',
        'регистар на население',
      ]) {
        expect(text, register).not.toContain(register);
      }
      expect(await page.getByTestId('identity-flow-expiry').inputValue()).toBe('');
      expect(await page.getByTestId('identity-flow-issue').inputValue()).toBe('');
      const options = await page.getByTestId('identity-flow-document-type').locator('option').allTextContents();
      expect(options.slice(1)).toEqual(
        language === 'en' ? ['Passport', 'Driving licence', 'National identity card'] : ['Пасош', 'Возачка дозвола', 'Национална лична карта'],
      );
      await page.screenshot({ path: `${shots}/identity-form-${size}-${language}.png`, fullPage: true });
      expect(await fitsWidth(page)).toBe(true);

      // Proceeding with nothing chosen names the fields.
      await page.getByTestId('identity-flow-proceed').click();
      const errors = page.getByTestId('field-error');
      await errors.first().waitFor();
      expect(await errors.allTextContents()).toContain(language === 'en' ? 'Please choose a document' : 'Изберете документ');
      await page.getByTestId('identity-flow-document-type').selectOption('driving_license');
      await page.getByTestId('identity-flow-number').fill('AB 12');
      await page.getByTestId('identity-flow-issuing-country').selectOption(size === 1280 ? 'IE' : 'GB');
      await page.getByTestId('identity-flow-expiry').fill(isoDay(900));
      await page.getByTestId('identity-flow-proceed').click();
      await errors.filter({ hasText: language === 'en' ? 'Incorrect format' : 'Неточен формат' }).waitFor();
      await page.screenshot({ path: `${shots}/identity-form-errors-${size}-${language}.png`, fullPage: true });
      await page.getByTestId('identity-flow-number').fill('MORGA657054SM9IJ');
      await page.getByTestId('identity-flow-proceed').click();
      expect(await page.getByTestId('identity-flow').getAttribute('data-step')).toBe('1');
      await page.getByTestId('identity-flow-address-proof').waitFor();
      await page.screenshot({ path: `${shots}/identity-form-address-${size}-${language}.png`, fullPage: true });
      expect(await fitsWidth(page)).toBe(true);
    });
  }

  it('a passport submitted at 1280 px in English: the reviewer sees the declared number beside the images; after approval the account shows it', async () => {
    const { portal, partyId } = await lockedPlayer(suite, desktop, 'en', 'IE');
    const { page } = portal;
    await portal.visit('/identification');
    await acceptCookies(page);
    await page.getByTestId('identity-flow').waitFor();
    await page.getByTestId('identity-flow-document-type').selectOption('PASSPORT');
    await page.getByTestId('identity-flow-number').fill('AB1234567');
    await page.getByTestId('identity-flow-issuing-country').selectOption('IE');
    await page.getByTestId('identity-flow-expiry').fill(isoDay(900));
    await page.getByTestId('identity-flow-proceed').click();
    // The address comes from the profile; the proof of address is required.
    expect(await page.getByTestId('identity-flow-street').inputValue()).toBe('7 Quay Street');
    await page.getByTestId('identity-flow-proceed').click();
    await page.getByTestId('identity-flow-address-proof-error').waitFor();
    await page.getByTestId('identity-flow-address-proof-input').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: await scanPng(800, 500) });
    await page.getByTestId('identity-flow-address-proof-name').waitFor();
    await page.getByTestId('identity-flow-proceed').click();
    // A passport has one page to show: no back image asked for.
    expect(await page.getByTestId('identity-flow-file-back').count()).toBe(0);
    await page
      .getByTestId('identity-flow-file-front-input')
      .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await photoWithMetadata(1200, 800) });
    await page.getByTestId('identity-flow-file-front-name').waitFor();
    await page.getByTestId('identity-flow-public-figure-yes').check();
    await page.screenshot({ path: `${shots}/identity-form-files-1280-en.png`, fullPage: true });
    await page.getByTestId('identity-flow-proceed').click();
    await page.getByTestId('identification-success-dialog').waitFor();

    const staffPortal = await suite.open({ viewport: desktop });
    const staffPage = await staffSignIn(staffPortal, 'bo.identity', 'Ida Reviewer');
    const username = (await suite.server.db.select().from(player).where(eq(player.id, partyId)))[0]?.username ?? '';
    const queue = staffPage.getByTestId('bo-review-queue');
    await queue.waitFor();
    await queue.getByRole('row').filter({ hasText: username }).getByRole('button').click();
    await staffPage.getByTestId('bo-player').waitFor();
    const declared = staffPage.getByTestId('bo-document-declared');
    await declared.waitFor();
    expect(await staffPage.getByTestId('bo-declared-number').textContent()).toBe('AB1234567');
    expect(await staffPage.getByTestId('bo-declared-issuingCountry').textContent()).toBe('Ireland (IE)');
    expect(await staffPage.getByTestId('bo-declared-publicFigure').textContent()).toBe('Yes, a prominent public figure');
    // Beside the images: the declared data and the first image share a row at 1280 px.
    const image = staffPage.getByTestId('bo-document-image').first();
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const [dataBox, imageBox] = await Promise.all([declared.boundingBox(), image.boundingBox()]);
    expect(dataBox && imageBox && imageBox.x > dataBox.x + dataBox.width - 1 && imageBox.y < dataBox.y + dataBox.height).toBe(true);
    await staffPage.screenshot({ path: `${shots}/reviewer-declared-1280-en.png`, fullPage: true });

    const decision = staffPage.getByTestId('bo-identity-decision');
    await decision.getByLabel('Reason').fill('Passport matches the declared data');
    await decision.getByRole('button', { name: 'Approve identity' }).click();
    await staffPage.getByTestId('bo-identity-document').filter({ hasText: 'AB1234567' }).waitFor();
    // The document's kind and country in words (issue 27 item 12), not PASSPORT and IE.
    expect(await staffPage.getByTestId('bo-identity-document').textContent()).toContain('AB1234567 · Passport · Ireland');

    await portal.visit('/account');
    await page.getByTestId('personal-id-number').waitFor();
    await expect.poll(() => page.getByTestId('personal-id-number').inputValue()).toBe('AB1234567');
    expect(await page.getByTestId('personal-identity-document').inputValue()).toBe('Passport · IE');
    await page.screenshot({ path: `${shots}/account-id-number-1280-en.png`, fullPage: true });
  });
});
