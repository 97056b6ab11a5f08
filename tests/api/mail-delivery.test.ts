import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newSignup } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('e-mail delivery over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Emerald <no-reply@emerald.test>' });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the password-reset e-mail to the player and marks it sent in the outbox', async () => {
    const api = new ApiClient(server.url);
    const signup = newSignup();
    await api.post('/ps/quickSignup', signup);
    await api.post('/ps/forgotPasswordStep1And2', { email: signup.email });
    const reset = () => received.find((mail) => mail.raw.includes('Subject: Reset your Emerald password'));
    for (let attempt = 0; attempt < 100 && !reset(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reset()?.from).toBe('no-reply@emerald.test');
    expect(reset()?.to).toEqual([signup.email]);
    expect(reset()?.raw).toMatch(/Your reset key is: [A-Z0-9]{12}/);
    expect(received.some((mail) => mail.raw.includes('Subject: Confirm your Emerald e-mail address'))).toBe(true);
    const allSent = async () => (await server.outbox(signup.email)).every((row) => row.transport === 'smtp' && row.sentAt instanceof Date);
    for (let attempt = 0; attempt < 40 && !(await allSent()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await allSent()).toBe(true);
  });
});
