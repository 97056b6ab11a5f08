import { describe, expect, it } from 'vitest';
import { usePortalSuite, type Portal } from './portal';
import { signInWithSidebar } from './signup-helpers';

interface OutboxAnswer {
  messages: { recipient: string; subject: string; text: string }[];
}

describe('forgot password and reset (SESS-26…30, NAV-05)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  it('SESS-26 SESS-27 SESS-28 SESS-29 NAV-05 forgot → e-mail → reset link → new password → log in with it', async () => {
    const username = `reset${Date.now()}`;
    await suite.server.createSignedInPlayer({ username });
    const email = `${username}@example.test`;
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/login');
    await page.getByTestId('login-form').getByRole('button', { name: 'Forgot your password?' }).click();
    const forgot = page.getByTestId('forgot-password-form');
    await forgot.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await forgot.getByRole('button', { name: 'SEND RESET E-MAIL' }).click();
    const sent = page.getByTestId('forgot-password-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toBe('If the information you entered is correct, you will receive an e-mail with instructions to reset your password.');

    // The e-mail is written just after the answer, so that its timing tells nothing: wait for it.
    let mail: OutboxAnswer['messages'][number] | undefined;
    await expect
      .poll(async () => {
        const outbox = (await (await page.request.get('/sandbox/mail/outbox?limit=50')).json()) as OutboxAnswer;
        mail = outbox.messages.find((message) => message.recipient === email && message.subject === 'Reset your Emerald password');
        return mail !== undefined;
      })
      .toBe(true);
    const key = /Your reset key is: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const link = /\S*\/reset-password\?\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(key).not.toBe('');
    const target = new URL(link, 'http://portal.invalid');

    await portal.visit(`${target.pathname}${target.search}`);
    const reset = page.getByTestId('reset-password-form');
    await reset.waitFor();
    expect(await reset.getByRole('textbox', { name: 'Reset key' }).inputValue()).toBe(key);
    expect(await reset.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(email);
    // The key does not linger in the address bar.
    expect(page.url()).not.toContain(key);
    await reset.locator('input[name="newPassword"]').fill('fresh-meadow-42');
    await reset.getByRole('button', { name: 'SET NEW PASSWORD' }).click();
    const done = page.getByTestId('reset-password-done');
    await done.waitFor();
    expect(await done.textContent()).toBe('Successfully reset password! Log in to start playing.');
    await page.getByRole('button', { name: 'RETURN TO LOGIN' }).click();
    await signInWithSidebar(page, username, 'fresh-meadow-42');
    await page.getByTestId('account-menu').waitFor();
  });

  it('SESS-30 a wrong reset key shows the server message in a red box', async () => {
    portal = await suite.open();
    await portal.visit('/reset-password?confirmationCode=NOTAREALKEY1&email=nobody%40example.test');
    const reset = portal.page.getByTestId('reset-password-form');
    await reset.locator('input[name="newPassword"]').fill('fresh-meadow-42');
    await reset.getByRole('button', { name: 'SET NEW PASSWORD' }).click();
    const alert = portal.page.getByTestId('reset-password-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('This reset key is not valid or has expired. Please request a new one.');
  });
});
