import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openView, staffSignIn, viewNames } from './back-office-helpers';
import { authenticatorSeconds } from '../support/back-office';
import { usePortalSuite } from './portal';

/**
 * Staff management in the back office (issue 15, NS-28): the operator creates a member in the Staff
 * tab with a generated password; the member signs in with it, enrols an authenticator and is in;
 * the operator sees them enrolled. Desktop and phone widths, English and Macedonian.
 */
describe('back office staff management (NS-28)', () => {
  const suite = usePortalSuite();

  it('NS-28 the operator creates a staff member, who enrols an authenticator at the first sign-in and then signs in with its code', async () => {
    const operatorPortal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const operator = operatorPortal.page;
    await staffSignIn(operatorPortal, 'bo.operator', 'Otto Operator');

    await openView(operator, 'Staff');
    const form = operator.getByTestId('bo-staff-create');
    await form.getByLabel('Username').fill('bo.ivana');
    await form.getByLabel('Display name').fill('Ivana Identity');
    await form.getByLabel('E-mail').fill('ivana@emerald.example');
    await form.getByLabel('Identity reviewer').check();
    await form.getByLabel('Payments').check();
    await form.getByRole('button', { name: 'Create staff member' }).click();
    const password = (await operator.getByTestId('bo-staff-generated-password').textContent())!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const card = operator.getByTestId('bo-staff-bo.ivana');
    await expect.poll(() => card.getByTestId('bo-staff-two-factor').textContent()).toContain('Not set up yet');
    await screenshot(operator, 'back-office-staff-desktop-en');

    // The new member: the password, then the enrolment the back office asks for.
    const memberPortal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const member = memberPortal.page;
    await memberPortal.visit('/entity');
    const signIn = member.getByTestId('bo-sign-in');
    await signIn.getByLabel('Username').fill('bo.ivana');
    await signIn.getByLabel('Password', { exact: false }).first().fill(password);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    const enrolment = member.getByTestId('bo-enrolment');
    await enrolment.waitFor();
    const secret = (await enrolment.getByTestId('bo-secret').textContent())!;
    await screenshot(member, 'back-office-staff-enrolment-desktop-en');
    await enrolment.getByLabel('Code').fill(await generate({ secret, epoch: authenticatorSeconds(suite.server) }));
    await enrolment.getByRole('button', { name: 'Sign in' }).click();
    await member.getByTestId('bo-staff').filter({ hasText: 'Ivana Identity' }).waitFor();
    await member.getByTestId('bo-nav').getByRole('link', { name: 'Documents to review' }).waitFor();
    expect(await viewNames(member)).not.toContain('Staff');

    // Signed out and in again: now the code from the enrolled authenticator (the next step's, as the
    // step just used is accepted once).
    await member.getByRole('button', { name: 'Sign out' }).click();
    await signIn.getByLabel('Username').fill('bo.ivana');
    await signIn.getByLabel('Password', { exact: false }).first().fill(password);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    const verify = member.getByTestId('bo-two-factor');
    await verify.getByLabel('Code').fill(await generate({ secret, epoch: authenticatorSeconds(suite.server) + 30 }));
    await verify.getByRole('button', { name: 'Sign in' }).click();
    await member.getByTestId('bo-staff').filter({ hasText: 'Ivana Identity' }).waitFor();

    // The operator sees them enrolled and signed in.
    await operator.reload();
    await expect.poll(() => card.getByTestId('bo-staff-two-factor').textContent()).toBe('Enrolled');
    expect(await card.textContent()).not.toContain('Never');

    // Phone width, English then Macedonian: the member's card with its actions open.
    await operator.setViewportSize({ width: 390, height: 844 });
    await card.getByText('Change', { exact: true }).click();
    await card.getByRole('button', { name: 'Reset two-factor' }).scrollIntoViewIfNeeded();
    await screenshot(operator, 'back-office-staff-phone-en');
    await operatorPortal.visit('/entity?view=staff&locale=mk');
    await operator.getByRole('heading', { level: 1, name: 'Персонал' }).waitFor();
    const cardMk = operator.getByTestId('bo-staff-bo.ivana');
    await expect.poll(() => cardMk.getByTestId('bo-staff-two-factor').textContent()).toBe('Поставена');
    await cardMk.getByText('Измени', { exact: true }).click();
    await cardMk.getByRole('button', { name: 'Ресетирај двофакторска најава' }).scrollIntoViewIfNeeded();
    await screenshot(operator, 'back-office-staff-phone-mk');
    await operator.setViewportSize({ width: 1280, height: 900 });
    await cardMk.scrollIntoViewIfNeeded();
    await screenshot(operator, 'back-office-staff-desktop-mk');

    // Disabling asks once more: Cancel leaves the member active; confirming signs them out at once.
    await operatorPortal.visit('/entity?view=staff&locale=en');
    const cardEn = operator.getByTestId('bo-staff-bo.ivana');
    await cardEn.getByText('Change', { exact: true }).click();
    await cardEn.getByRole('button', { name: 'Disable (signs them out now)' }).click();
    const confirm = cardEn.getByTestId('bo-staff-confirm');
    expect(await confirm.textContent()).toContain('Disable Ivana Identity? Their sessions end now');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await cardEn.getByTestId('bo-staff-status').textContent()).toBe('Active');
    await cardEn.getByRole('button', { name: 'Disable (signs them out now)' }).click();
    await screenshot(operator, 'back-office-staff-confirm-desktop-en');
    await confirm.getByRole('button', { name: 'Yes, do it' }).click();
    await expect.poll(() => cardEn.getByTestId('bo-staff-status').textContent()).toBe('Disabled');
    await member.reload();
    await member.getByTestId('bo-sign-in').waitFor();
  });
});
