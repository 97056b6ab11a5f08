import { describe, expect, it } from 'vitest';
import { MASK } from '../../../contracts/management/configuration';
import { isSecretName, maskProperty, maskUrl, SecretValues } from './secret-masking';

describe('secret masking of the operations views (OPS-12, DEF-12)', () => {
  it('knows secrets by the words of their names and by the variables Emerald lists', () => {
    for (const name of [
      'DB_PASSWORD',
      'clientSecret',
      'api-key',
      'DOCUMENT_S3_SECRET_ACCESS_KEY',
      'DOCUMENT_S3_ACCESS_KEY_ID',
      'GITHUB_TOKEN',
      'PRIVATE_PEM',
      'DATABASE_URL',
      'SMTP_URL',
      'METRICS_TOKEN',
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['PORT', 'KYC_PROVIDER', 'MAIL_FROM', 'PASSWORD_RESET_TTL_MINUTES', 'SESSION_IDLE_TIMEOUT_MINUTES', 'monkey', 'keyboardLayout']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });

  it('keeps a URL readable with its password and secret-named parameters masked', () => {
    expect(maskUrl('postgres://app:s3cr%40t@db:5432/emerald?sslmode=require&sslpassword=x1')).toBe(
      `postgres://app:${encodeURIComponent(MASK)}@db:5432/emerald?sslmode=require&sslpassword=${encodeURIComponent(MASK)}`,
    );
    expect(maskUrl('not a url')).toBeUndefined();
    expect(maskProperty('SMTP_URL', 'smtp://mailer@mail.example:587')).toBe('smtp://mailer@mail.example:587');
    expect(maskProperty('OIDC_CLIENT_SECRET', 'abc')).toBe(MASK);
    expect(maskProperty('WALLET_PROVIDER_SECRETS', ['a', 'b'])).toEqual([MASK, MASK]);
    expect(maskProperty('PORT', 3000)).toBe(3000);
  });

  it('finds a secret value under an innocent name, a URL password and each secret of an id:secret list', () => {
    const secrets = new SecretValues({
      PAYMENT_WEBHOOK_SECRET: 'whsec-123456',
      WALLET_PROVIDER_SECRETS: 'studio:wallet-secret-abcdef,other:second-secret-xyz',
      DATABASE_URL: 'postgres://app:p%40ss-word-99@db/emerald',
      PORT: 3000,
    });
    expect(secrets.scrub('echo whsec-123456 here')).toBe(`echo ${MASK} here`);
    expect(secrets.scrub('second-secret-xyz and wallet-secret-abcdef')).toBe(`${MASK} and ${MASK}`);
    expect(secrets.scrub('login p@ss-word-99 or p%40ss-word-99')).toBe(`login ${MASK} or ${MASK}`);
    expect(secrets.scrub('port 3000')).toBe('port 3000');
  });
});
