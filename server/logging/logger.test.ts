import { describe, expect, it } from 'vitest';
import { redactUrl, scrubLogLine, withholdInsides } from './logger';

describe('request addresses in logs', () => {
  it('replaces one-time codes, reset keys and e-mail addresses in the query', () => {
    expect(redactUrl('/ps/socialLogin/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp')).toBe(
      '/ps/socialLogin/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=https%3A%2F%2Fidp',
    );
    expect(redactUrl('/reset-password?confirmationCode=K3Y&email=a%40b.c')).not.toMatch(/K3Y|a%40b/);
  });

  it('leaves other addresses alone', () => {
    expect(redactUrl('/cms/wp-json/wp/v2/translations?slug=mk')).toBe('/cms/wp-json/wp/v2/translations?slug=mk');
    expect(redactUrl('/management/health')).toBe('/management/health');
  });
});

describe('the scrub every log line passes (issue 25, DEF-05)', () => {
  it('replaces the value of any key that names a secret, at any depth', () => {
    const line = JSON.stringify({
      msg: 'x',
      nested: { password: 'hunter22', newPassword: 'p2', totpCode: 123456, deep: { sessionKey: 'abc', 'x-wallet-signature': 'sha256=ff' } },
      statusCode: 200,
    });
    const scrubbed = scrubLogLine(line);
    expect(scrubbed).not.toMatch(/hunter22|"p2"|123456|"abc"|sha256=ff/);
    expect(JSON.parse(scrubbed)).toMatchObject({ msg: 'x', statusCode: 200, nested: { password: '[redacted]', deep: { sessionKey: '[redacted]' } } });
  });

  it('replaces session cookies and bearer tokens inside any text', () => {
    const line = JSON.stringify({ msg: 'failed with cookie SESSION_KEY=s3cr3t; BO_SESSION=staff1 and Authorization: Bearer eyJ.abc-def' });
    expect(scrubLogLine(line)).not.toMatch(/s3cr3t|staff1|eyJ\.abc-def/);
  });

  it('keeps error codes, routes and ids', () => {
    const line = JSON.stringify({ code: 'ECONNREFUSED', route: '/ps/login', reqId: 'req-1', party: 'player:1' });
    expect(scrubLogLine(line)).toBe(line);
  });

  it('withholds headers and bodies wherever a plain object carries them', () => {
    const fields = { busboyOptions: { headers: { cookie: 'a', host: 'h' }, limits: { files: 3 } }, body: { password: 'x' }, ok: 1 };
    expect(withholdInsides(fields)).toEqual({ busboyOptions: { headers: '[redacted]', limits: { files: 3 } }, body: '[redacted]', ok: 1 });
    const untouched = { a: 1, b: { c: 2 } };
    expect(withholdInsides(untouched)).toBe(untouched);
  });
});
