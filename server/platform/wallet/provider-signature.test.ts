import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET, signWalletBody, verifyWalletSignature, walletProviderSecrets } from './provider-signature';

describe('seamless-wallet request signatures', () => {
  const secrets = walletProviderSecrets({
    NODE_ENV: 'production',
    WALLET_PROVIDER_SECRETS: 'emerald-studio:0123456789abcdef0123,other.studio:fedcba9876543210fedc',
  });
  const body = Buffer.from('{"amount":1}');

  it('reads id:secret pairs', () => {
    expect([...secrets.keys()]).toEqual(['emerald-studio', 'other.studio']);
  });

  it('uses the development secret for emerald-studio outside production only', () => {
    expect(walletProviderSecrets({ NODE_ENV: 'development', WALLET_PROVIDER_SECRETS: undefined })).toEqual(
      new Map([[DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET]]),
    );
    expect(() => walletProviderSecrets({ NODE_ENV: 'production', WALLET_PROVIDER_SECRETS: undefined })).toThrow(/required in production/);
  });

  it('accepts the HMAC-SHA256 of the raw body under the named provider secret, and nothing else', () => {
    const signature = signWalletBody('0123456789abcdef0123', body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWalletSignature(secrets, 'emerald-studio', signature, body)).toBe(true);
    expect(verifyWalletSignature(secrets, 'emerald-studio', signature.toUpperCase().replace('SHA256', 'sha256'), body)).toBe(true);
    expect(verifyWalletSignature(secrets, 'other.studio', signature, body)).toBe(false);
    expect(verifyWalletSignature(secrets, 'unknown', signature, body)).toBe(false);
    expect(verifyWalletSignature(secrets, undefined, signature, body)).toBe(false);
    expect(verifyWalletSignature(secrets, 'emerald-studio', undefined, body)).toBe(false);
    expect(verifyWalletSignature(secrets, 'emerald-studio', signature.slice(0, -2), body)).toBe(false);
    expect(verifyWalletSignature(secrets, 'emerald-studio', signature, Buffer.from('{"amount":2}'))).toBe(false);
    expect(verifyWalletSignature(secrets, 'emerald-studio', signature.replace('sha256=', ''), body)).toBe(false);
  });
});
