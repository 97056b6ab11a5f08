import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { viewports } from '../support/browser';
import { enormousPng, heicPhoto, photoWithMetadata, reviewDocuments, scanPng } from '../support/documents';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { fillStep1, fillStep2, freshPlayer, logIn } from './signup-helpers';
import { depositCompleted, minorUnitsOf, payOnCardPage, providerFrame, startDeposit } from './wallet-helpers';

const shots = '/tmp/documents-shots';
const desktop = { width: 1280, height: 800 };

/** A signed-in player whose identity is not verified yet (kycStatus ID_CHECK_LOCK), with a profile. */
async function lockedPlayer(
  suite: PortalSuite,
  viewport: { width: number; height: number },
  language: 'en' | 'mk' = 'en',
  country = 'IE',
): Promise<{ portal: Portal; partyId: string }> {
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

async function choose(page: Page, trigger: string, option: string): Promise<void> {
  await page.getByTestId(trigger).click();
  await page.getByTestId(`${trigger}-${option}`).click();
}

async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: /^(Accept|Прифати)$/ });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The Irish and British form's three steps (issue 27): a passport, the address with its proof, the image and the PEP answer. */
async function identityFlow(page: Page, files: { front: Buffer; proof: Buffer }, screenshotPrefix?: string): Promise<void> {
  await page.getByTestId('identity-flow').waitFor();
  await page.getByTestId('identity-flow-document-type').selectOption('PASSPORT');
  await page.getByTestId('identity-flow-number').fill('PA1234567');
  await page.getByTestId('identity-flow-issuing-country').selectOption('IE');
  await page.getByTestId('identity-flow-expiry').fill(isoDay(900));
  if (screenshotPrefix) await page.screenshot({ path: `${shots}/${screenshotPrefix}-step0.png`, fullPage: true });
  await page.getByTestId('identity-flow-proceed').click();
  await page.getByTestId('identity-flow-address-proof-input').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: files.proof });
  await page.getByTestId('identity-flow-address-proof-name').waitFor();
  await page.getByTestId('identity-flow-proceed').click();
  await page.getByTestId('identity-flow-file-front-input').setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: files.front });
  await page.getByTestId('identity-flow-file-front-name').waitFor();
  await page.getByTestId('identity-flow-public-figure-no').check();
  if (screenshotPrefix) await page.screenshot({ path: `${shots}/${screenshotPrefix}-step2.png`, fullPage: true });
  await page.getByTestId('identity-flow-proceed').click();
}

/** The register scheme's Document flow's three steps (KYC-09, KYC-19…21) with real files; dates start empty (issue 27). */
async function documentFlow(page: Page, files: { front: Buffer; back: Buffer }, screenshotPrefix?: string): Promise<void> {
  const flow = page.getByTestId('document-flow');
  await flow.waitFor();
  const proceed = page.getByTestId('document-flow-proceed');
  expect(await proceed.isDisabled()).toBe(true);
  await choose(page, 'document-flow-identifier', 'PASSPORT');
  await page.getByTestId('document-flow-id-number').fill('12');
  await page
    .getByTestId('field-error')
    .filter({ hasText: /Incorrect format|Неточен формат/ })
    .waitFor();
  expect(await proceed.isDisabled()).toBe(true);
  await page.getByTestId('document-flow-id-number').fill('PA1234567');
  expect(await page.getByTestId('document-flow-issue').inputValue()).toBe('');
  expect(await page.getByTestId('document-flow-expiry').inputValue()).toBe('');
  await page.getByTestId('document-flow-issue').fill(isoDay(-400));
  await page.getByTestId('document-flow-expiry').fill(isoDay(900));
  await page.getByTestId('document-flow-mother-name').fill('Byrne');
  await page.getByTestId('document-flow-birth-place').fill('Galway');
  if (screenshotPrefix) await page.screenshot({ path: `${shots}/${screenshotPrefix}-step0.png`, fullPage: true });
  await proceed.click();
  expect(await page.locator('[data-testid="document-flow"]').getAttribute('data-step')).toBe('1');
  // The address step is filled from the player's profile; only the address card number is new.
  await page.getByTestId('document-flow-address-card').fill('123456AA');
  await proceed.click();
  await page.getByTestId('document-flow-file1-input').setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: files.front });
  await page.getByTestId('document-flow-file2-input').setInputFiles({ name: 'address-card.png', mimeType: 'image/png', buffer: files.back });
  await page.getByTestId('document-flow-file1-name').waitFor();
  await page.getByTestId('document-flow-file2-name').waitFor();
  expect(await proceed.isDisabled()).toBe(true);
  await page.getByTestId('document-flow-public-figure-no').check();
  if (screenshotPrefix) await page.screenshot({ path: `${shots}/${screenshotPrefix}-step2.png`, fullPage: true });
  await proceed.click();
}

describe('documents and identification (DOC-*, KYC-*, DIS-09; issue 13)', () => {
  // HU stands for a country whose players identify through a population register (issue 27).
  const suite = usePortalSuite({ IDENTITY_REGISTER_COUNTRIES: 'HU' });

  it('the ID_CHECK_LOCK journey: sign-up, the e-mail’s link, documents uploaded, approved, a first card deposit and a first real-money spin', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    const who = freshPlayer('refer');
    await portal.visit('/join');
    await fillStep1(page, who);
    await page.getByTestId('join-submit').click();
    await page.getByTestId('signup-step-2').waitFor();
    await fillStep2(page, 'Refer');
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('signup-outcome-id-check').waitFor();

    // The welcome e-mail's link leads to the identification page.
    const welcome = (await suite.server.outbox(who.email)).find((mail) => mail.template === 'welcome-id_check_lock');
    const link = /https?:\/\/[^\s]+\/identification\b[^\s]*/.exec(welcome?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await portal.visit(new URL(link ?? '/').pathname);
    await acceptCookies(page);
    // An Irish player gets the passport / licence / national identity card form, not the register tabs.
    await page.getByTestId('identity-flow').waitFor();
    expect(await page.getByTestId('identification-tabs').count()).toBe(0);
    await page.screenshot({ path: `${shots}/journey-identification-1280-en.png`, fullPage: true });
    await identityFlow(page, { front: await photoWithMetadata(1600, 1000), proof: await scanPng(800, 500) }, 'journey-1280-en');
    const success = page.getByTestId('identification-success-dialog');
    await success.waitFor();
    expect(await success.textContent()).toContain('Your Data has been submitted!');
    expect(await success.textContent()).toContain('We will send the activation link by e-mail after your documents have been verified');
    await page.screenshot({ path: `${shots}/journey-submitted-1280-en.png` });
    await page.getByTestId('identification-success-dialog-action').click();
    await page.waitForURL((url) => url.pathname === '/');

    // DIS-09: while the documents wait, the page says so (with the review warning) instead of the flows.
    await portal.visit('/identification');
    await page.getByTestId('identification-review').waitFor();
    const warning = page.getByTestId('warning-modal');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Your identity verification is under manual review.');
    await page.screenshot({ path: `${shots}/journey-review-warning-1280-en.png` });
    await warning.getByRole('button', { name: 'OK' }).click();
    await warning.waitFor({ state: 'detached' });
    await page.screenshot({ path: `${shots}/journey-review-1280-en.png` });
    await page.getByTestId('document-status-waiting').first().waitFor();

    // Staff approve (npm run kyc:review runs the same service); the player is told and may play for real.
    const outcome = await reviewDocuments(suite.server, who.username, 'approve');
    expect(outcome).toMatchObject({ documents: 1, kycStatus: 'PASS' });
    expect((await suite.server.outbox(who.email)).map((mail) => mail.template)).toContain('documents-approved');
    // The first deposit through the wallet: a sandbox card on the provider's hosted page.
    await portal.visit('/');
    await startDeposit(page, 'WPCGHOSTED_CARD', '50');
    await page.getByTestId('deposit-step-card').waitFor();
    await page.getByTestId('pay-new-card').click();
    await payOnCardPage(providerFrame(page), '4242 4242 4242 4242');
    expect(await depositCompleted(page)).toBe('€50.00');
    await page.getByTestId('wallet-close').click();
    await page.getByTestId('wallet').waitFor({ state: 'detached' });

    await portal.visit('/game-page?gameId=SR-1001&playForReal=true');
    await page.getByTestId('game-frame').waitFor();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await frame.getByTestId('gc-table').waitFor();
    expect(await frame.getByTestId('gc-mode').isHidden()).toBe(true);
    const before = minorUnitsOf(await frame.getByTestId('gc-balance').textContent());
    expect(before).toBe(5_000n);
    const stake = minorUnitsOf(await frame.getByTestId('gc-stake').locator('option:checked').textContent());
    await frame.getByRole('button', { name: 'Spin' }).and(frame.locator(':not([disabled])')).click();
    // The spin is a real-money round on the player's own account, settled by the game server.
    const rounds = async () =>
      (
        (await suite.server.db.execute(sql`SELECT mode, stake, win, status FROM game_round WHERE player_id = ${outcome.partyId}`)) as unknown as {
          rows: { mode: string; stake: string | bigint; win: string | bigint; status: string }[];
        }
      ).rows;
    await expect.poll(async () => (await rounds()).map((row) => row.status)).toEqual(['SETTLED']);
    const [round] = await rounds();
    expect(round?.mode).toBe('REAL');
    expect(BigInt(round?.stake ?? 0)).toBe(stake);
    // The win joins the balance once the reels have shown it (the win's presentation runs first).
    await expect
      .poll(async () => minorUnitsOf(await frame.getByTestId('gc-balance').textContent()), { timeout: 30_000 })
      .toBe(before - stake + BigInt(round?.win ?? 0));
    await page.screenshot({ path: `${shots}/journey-first-spin-1280-en.png` });
  });

  it('DIS-09 KYC-03 a player under review (demo.review) who logs in is taken to /identification', async () => {
    const portal = await suite.open({ viewport: desktop });
    await portal.visit('/');
    await logIn(portal.page, 'demo.review');
    await portal.page.waitForURL((url) => url.pathname === '/identification');
    await portal.page.locator('[data-testid="identity-flow"], [data-testid="identification-review"]').first().waitFor();
  });

  it('KYC-08 KYC-11…18 KYC-34 KYC-35 KYC-30 KYC-32 the ID flow at 390 px in Macedonian: Incorrect format, a failed check offers the document upload, a passing one says start playing', async () => {
    const { portal, partyId } = await lockedPlayer(suite, viewports.mobile, 'mk', 'HU');
    const { page } = portal;
    await portal.visit('/identification?identification=ID');
    await acceptCookies(page);
    const proceed = page.getByTestId('id-flow-proceed');
    await page.getByTestId('id-flow').waitFor();
    // KYC-15: with no identifier chosen the ID card rule applies.
    await page.getByTestId('id-flow-id-number').fill('AB123456');
    await page.getByTestId('field-error').filter({ hasText: 'Неточен формат' }).waitFor();
    await page.getByTestId('id-flow-id-number').fill('000000AB');
    await page.getByTestId('id-flow-mother-name').fill('Byrne');
    expect(await page.getByTestId('id-flow-expiry').inputValue()).toBe('');
    await page.getByTestId('id-flow-expiry').fill(isoDay(900));
    await page.screenshot({ path: `${shots}/id-flow-390-mk.png`, fullPage: true });
    await proceed.click();
    await page.getByTestId('id-flow-birth-place').fill('Galway');
    await page.getByTestId('id-flow-address-card').fill('123456AA');
    await page.getByTestId('id-flow-back').click();
    expect(await page.getByTestId('id-flow-id-number').inputValue()).toBe('000000AB');
    await proceed.click();
    await proceed.click();
    // KYC-18: Register needs the identifier and the public-figure answer.
    expect(await proceed.isDisabled()).toBe(true);
    await choose(page, 'id-flow-identifier-final', 'IDENTITY_CARD');
    await page.getByTestId('id-flow-public-figure-no').check();
    await proceed.click();
    const failed = page.getByTestId('identification-auth-failed-dialog');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Автентикацијата не успеа');
    await page.screenshot({ path: `${shots}/id-flow-auth-failed-390-mk.png` });
    await page.getByTestId('identification-auth-failed-dialog-action').click();
    await page.getByTestId('document-flow').waitFor();
    expect((await suite.server.db.select().from(player).where(eq(player.id, partyId)))[0]?.kycStatus).toBe('ID_CHECK_LOCK');

    // A well-formed number of the registered person passes (sandbox).
    await page.getByTestId('identification-tabs-tab-ID').click();
    await page.getByTestId('id-flow-id-number').fill('123456AB');
    await page.getByTestId('id-flow-mother-name').fill('Byrne');
    await page.getByTestId('id-flow-expiry').fill(isoDay(900));
    await proceed.click();
    await page.getByTestId('id-flow-birth-place').fill('Galway');
    await page.getByTestId('id-flow-address-card').fill('123456AA');
    await proceed.click();
    await choose(page, 'id-flow-identifier-final', 'IDENTITY_CARD');
    await page.getByTestId('id-flow-public-figure-yes').check();
    await proceed.click();
    const success = page.getByTestId('identification-success-dialog');
    await success.waitFor();
    expect(await success.textContent()).toContain('Вашите податоци се испратени!');
    expect(await success.textContent()).toContain('пренасочени на почетната страница');
    await page.screenshot({ path: `${shots}/id-flow-success-390-mk.png` });
    await page.getByTestId('identification-success-dialog-action').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await suite.server.db.select().from(player).where(eq(player.id, partyId)))[0]?.kycStatus).toBe('PASS');
  });

  it('KYC-04 KYC-07 KYC-34…36 the Casino Access Card tab: an unknown card hides the tab; a known card verifies; a failed upload says the completion failed', async () => {
    const first = await lockedPlayer(suite, desktop, 'en', 'HU');
    const { page } = first.portal;
    await first.portal.visit('/identification?identification=VIP');
    await acceptCookies(page);
    await page.getByTestId('card-tab').waitFor();
    await page.screenshot({ path: `${shots}/card-tab-1280-en.png` });
    await page.getByTestId('card-number').fill('4040000000');
    await page.getByTestId('card-look-up').click();
    const failed = page.getByTestId('identification-auth-failed-dialog');
    await failed.waitFor();
    expect(await failed.textContent()).toContain(
      'Access card authentication failed. Please upload a copy of your document for identification. Thank you for your patience!',
    );
    await page.screenshot({ path: `${shots}/card-auth-failed-1280-en.png` });
    await page.getByRole('button', { name: 'Document Upload' }).click();
    await page.getByTestId('document-flow').waitFor();
    expect(await page.getByTestId('identification-tabs-tab-CARD').count()).toBe(0);

    // The server refuses a file the browser let through (an image whose header claims 100,000 px a side).
    await documentFlow(page, { front: await enormousPng(), back: await scanPng() });
    const completion = page.getByTestId('identification-completion-failed-dialog');
    await completion.waitFor();
    expect(await completion.textContent()).toContain('The signup completion process has failed. Please contact support to continue.');
    await page.getByTestId('identification-completion-failed-dialog-action').click();

    const second = await lockedPlayer(suite, viewports.mobile, 'en', 'HU');
    const phone = second.portal.page;
    await second.portal.visit('/identification?identification=FVIP');
    await acceptCookies(phone);
    await phone.getByTestId('card-number').fill('1234567890');
    await phone.getByTestId('card-look-up').click();
    await phone.getByTestId('card-holder').filter({ hasText: 'Saoirse Walsh' }).waitFor();
    await phone.screenshot({ path: `${shots}/card-holder-390-en.png`, fullPage: true });
    await phone.getByTestId('card-register').click();
    await phone.getByTestId('identification-success-dialog').filter({ hasText: 'You will now be redirected to the home page to start playing!' }).waitFor();
    expect((await suite.server.db.select().from(player).where(eq(player.id, second.partyId)))[0]?.kycStatus).toBe('PASS');
  });

  it('DOC-01…22 the documents list and Add New form: type-dependent fields, a real upload with a status icon, and the failure dialog (desktop en, phone mk)', async () => {
    const { portal } = await lockedPlayer(suite, desktop);
    const { page } = portal;
    await portal.visit('/doc-confirmation');
    await acceptCookies(page);
    await page.getByTestId('documents-section').waitFor();
    await page.getByTestId('documents-add').click();
    const save = page.getByTestId('document-save');
    expect(await save.isDisabled()).toBe(true);
    await choose(page, 'document-type', 'IDENTITY_CARD');
    // DOC-09, DOC-14: the card's flags show the expiry date (a year ahead), number and back image;
    // an identity document's issue date is optional since issue 27, so the form does not ask for it.
    const expiry = await page.getByTestId('document-expiry-date').inputValue();
    expect(await page.getByTestId('document-issue-date').count()).toBe(0);
    expect(Number(expiry.slice(0, 4))).toBe(new Date().getFullYear() + 1);
    await page.getByTestId('document-back').waitFor();
    expect(await page.getByTestId('document-front').textContent()).toContain('Supported: .png .jpg .pdf; max 10MB');
    await choose(page, 'document-type', 'PROOF_OF_ADDRESS');
    expect(await page.getByTestId('document-back').count()).toBe(0);
    expect(await page.getByTestId('document-expiry-date').count()).toBe(0);
    // A program renamed as a picture is refused in the browser already.
    await page.getByTestId('document-front-input').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: Buffer.from('MZ\x90\x00 not a picture') });
    await page.getByTestId('document-front-error').filter({ hasText: 'Only .png, .jpg and .pdf files are accepted' }).waitFor();
    // A photo larger than the server keeps (4000 px a side) is scaled down in the browser first.
    await page.getByTestId('document-front-input').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: await scanPng(6000, 1200) });
    await page.getByTestId('document-front').filter({ hasText: 'Scaled down for upload' }).waitFor();
    expect(await page.getByTestId('document-front-name').textContent()).toBe('bill.jpg');
    await page.screenshot({ path: `${shots}/document-form-1280-en.png`, fullPage: true });
    await save.click();
    await page.getByTestId('documents-table').waitFor();
    await page.getByTestId('document-status-waiting').waitFor();
    expect(await page.getByTestId('document-row').first().textContent()).toContain('bill.jpg');
    const [uploaded] = (await (await portal.context.request.get(`${suite.server.url}/ps/getUserDocuments`)).json()).userDocuments as {
      userDocumentFiles: { contentType: string }[];
    }[];
    expect(uploaded?.userDocumentFiles[0]?.contentType).toBe('image/jpeg');
    await page.screenshot({ path: `${shots}/documents-table-1280-en.png`, fullPage: true });

    // DOC-22: a file the server refuses opens the failure dialog.
    await page.getByTestId('documents-add').click();
    await choose(page, 'document-type', 'OTHER');
    await page.getByTestId('document-front-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await enormousPng() });
    await page.getByTestId('document-front-name').waitFor();
    await page.getByTestId('document-save').click();
    const failed = page.getByTestId('upload-failed-dialog');
    await failed.waitFor();
    expect(await failed.textContent()).toContain(
      'The document upload has failed. Please ensure all files are valid and try again or contact support. Thank you for your patience!',
    );
    await page.screenshot({ path: `${shots}/upload-failed-1280-en.png` });

    const phone = await lockedPlayer(suite, viewports.mobile, 'mk');
    await phone.portal.visit('/doc-confirmation');
    await acceptCookies(phone.portal.page);
    await phone.portal.page.getByTestId('documents-add').click();
    await choose(phone.portal.page, 'document-type', 'PASSPORT');
    await phone.portal.page.getByTestId('document-number').fill('PA1234567');
    // Chromium cannot decode a HEIC photo (Safari can, and redraws it as JPEG): the player is asked for a JPG.
    await phone.portal.page.getByTestId('document-front-input').setInputFiles({ name: 'passport.heic', mimeType: 'image/heic', buffer: heicPhoto() });
    await phone.portal.page.getByTestId('document-front-error').filter({ hasText: 'Зачувајте ја како JPG' }).waitFor();
    await phone.portal.page.getByTestId('document-front-input').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await scanPng() });
    await phone.portal.page.getByTestId('document-front-name').waitFor();
    await phone.portal.page.screenshot({ path: `${shots}/document-form-390-mk.png`, fullPage: true });
    await phone.portal.page.getByTestId('document-save').click();
    await phone.portal.page.getByTestId('document-status-waiting').waitFor();
    expect(await phone.portal.page.getByTestId('document-row').textContent()).toContain('Чека преглед');
    expect(await phone.portal.page.getByTestId('document-row').textContent()).toContain('passport.png');
    await phone.portal.page.screenshot({ path: `${shots}/documents-table-390-mk.png`, fullPage: true });
  });
});
