import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

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
