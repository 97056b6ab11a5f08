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
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
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
    for (let attempt = 0; attempt < 100 && received.length === 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@emerald.test');
    expect(received[0]?.to).toEqual([signup.email]);
    expect(received[0]?.raw).toContain('Subject: Reset your Emerald password');
    expect(received[0]?.raw).toMatch(/Your reset key is: [A-Z0-9]{12}/);
    const [row] = await server.outbox(signup.email);
    expect(row?.transport).toBe('smtp');
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});
