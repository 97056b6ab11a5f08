import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { oidcSettings, socialProviders } from './social-providers';

const oidc = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'emerald', OIDC_CLIENT_SECRET: 'secret' };

describe('social providers', () => {
  it('lists none without an issuer, and the OpenID provider with its label when one is set', () => {
    expect(socialProviders(loadConfig({}))).toEqual([]);
    expect(socialProviders(loadConfig({ ...oidc, OIDC_PROVIDER_NAME: 'Google' }))).toEqual([{ socialType: 'OIDC', name: 'Google' }]);
  });

  it('knows only the OIDC socialType', () => {
    const config = loadConfig(oidc);
    expect(oidcSettings(config, 'OIDC')).toMatchObject({ issuer: oidc.OIDC_ISSUER, clientId: 'emerald', allowInsecureRequests: false });
    expect(oidcSettings(config, 'FACEBOOK')).toBeNull();
    expect(oidcSettings(config, 'oidc')).toBeNull();
  });

  it('allows insecure requests only for a loopback http issuer outside production', () => {
    expect(oidcSettings(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' }), 'OIDC')?.allowInsecureRequests).toBe(true);
    expect(oidcSettings(loadConfig({ ...oidc, OIDC_ISSUER: 'http://localhost:4000' }), 'OIDC')?.allowInsecureRequests).toBe(true);
    expect(oidcSettings(loadConfig({ ...oidc, OIDC_ISSUER: 'https://localhost:4000' }), 'OIDC')?.allowInsecureRequests).toBe(false);
  });
});
