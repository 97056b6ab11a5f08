import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMessages } from '../../contracts/platform/accounts/password-reset';
import { passwordReset } from '../../server/db/schema';
import { ApiClient, newSignup } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

const keyFrom = (text: string) => /Your reset key is: ([A-Z0-9]+)/.exec(text)?.[1] ?? '';

/** Password-reset e-mails to `to`, once there are `count` of them. */
async function waitForMail(server: TestServer, to: string, count: number) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = (await server.outbox(to)).filter((message) => message.template === 'password-reset');
    if (mail.length >= count) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to}`);
}

describe('forgot password (SESS-26…30, DEF-07)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://emerald.test' });
  });
  afterAll(() => server.close());

  let address = 0;
  const client = () => new ApiClient(server.url, { 'x-forwarded-for': `127.0.2.${++address}` });

  async function signedUp() {
    const api = client();
    const signup = newSignup();
    await api.post('/ps/quickSignup', signup);
    return { api, signup };
  }

  it('SESS-27 answers the same for an unknown e-mail as for a known one', async () => {
    const { signup } = await signedUp();
    const known = await client().post('/ps/forgotPasswordStep1And2', { email: signup.email });
    const unknown = await client().post('/ps/forgotPasswordStep1And2', { email: 'nobody@example.test' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ status: 'SUCCESS', message: passwordResetMessages.requested });
    expect(unknown.body).toEqual(known.body);
  });

  it('SESS-28 SESS-29 resets the password with the e-mailed key, once, and ends every session', async () => {
    const { api, signup } = await signedUp();
    await client().post('/ps/forgotPasswordStep1And2', { email: signup.email });
    const [mail] = await waitForMail(server, signup.email, 1);
    expect(mail?.subject).toBe('Reset your Emerald password');
    const key = keyFrom(mail?.text ?? '');
    expect(key).toHaveLength(12);
    expect(mail?.text).toContain(`https://emerald.test/reset-password?confirmationCode=${key}&email=`);

    const reset = await client().post('/ps/forgotPasswordStep3', { email: signup.email, resetPasswordKey: key, newPassword: 'blue7harbour' });
    expect(reset.body).toEqual({ status: 'SUCCESS', message: 'Successfully reset password! Log in to start playing.' });
    expect((await api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: false });
    expect((await client().post('/ps/login', { username: signup.username, password: 'blue7harbour' })).status).toBe(200);
    expect((await client().post('/ps/login', { username: signup.username, password: signup.password })).status).toBe(400);

    const again = await client().post<{ status: string; errors: { field: string }[] }>('/ps/forgotPasswordStep3', {
      email: signup.email,
      resetPasswordKey: key,
      newPassword: 'another9password',
    });
    expect(again.status).toBe(400);
    expect(again.body.status).toBe('INVALID_RESET_KEY');
    expect(again.body.errors[0]?.field).toBe('resetPasswordKey');
  });

  it('refuses an expired key and a key for another account', async () => {
    const { signup } = await signedUp();
    const other = await signedUp();
    await client().post('/ps/forgotPasswordStep1And2', { email: signup.email });
    const key = keyFrom((await waitForMail(server, signup.email, 1))[0]?.text ?? '');
    const wrongAccount = await client().post('/ps/forgotPasswordStep3', { email: other.signup.email, resetPasswordKey: key, newPassword: 'blue7harbour' });
    expect(wrongAccount.status).toBe(400);
    await server.db.update(passwordReset).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await client().post('/ps/forgotPasswordStep3', { email: signup.email, resetPasswordKey: key, newPassword: 'blue7harbour' });
    expect(expired.status).toBe(400);
  });

  it('rejects a weak new password naming the field, and keeps the key usable', async () => {
    const { signup } = await signedUp();
    await client().post('/ps/forgotPasswordStep1And2', { email: signup.email });
    const key = keyFrom((await waitForMail(server, signup.email, 1))[0]?.text ?? '');
    const weak = await client().post<{ errors: { field: string }[] }>('/ps/forgotPasswordStep3', {
      email: signup.email,
      resetPasswordKey: key,
      newPassword: 'short1',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]?.field).toBe('newPassword');
    expect((await client().post('/ps/forgotPasswordStep3', { email: signup.email, resetPasswordKey: key, newPassword: 'blue7harbour' })).status).toBe(200);
  });

  it('limits reset requests per account to 3 an hour with 429 and Retry-After', async () => {
    const { signup } = await signedUp();
    for (let request = 0; request < 3; request += 1) expect((await client().post('/ps/forgotPasswordStep1And2', { email: signup.email })).status).toBe(200);
    const limited = await client().post('/ps/forgotPasswordStep1And2', { email: signup.email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rejects a malformed e-mail with a 400 naming it', async () => {
    const response = await client().post<{ errors: { field: string; error: string }[] }>('/ps/forgotPasswordStep1And2', { email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ field: 'email', error: 'Please enter a valid email' });
  });
});
