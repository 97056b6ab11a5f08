import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './env';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/emerald');
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
};

const productionMoney = { PAYMENT_METHODS: '', PAYMENT_WEBHOOK_SECRET: 'a-production-webhook-secret', WALLET_PROVIDER_SECRETS: 'emerald-studio:a-production-wallet-secret' };

describe('loadConfig', () => {
  it('starts with defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/emerald');
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/emerald/data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.services).toEqual(['content', 'platform', 'games', 'management']);
  });

  it('names each bad variable and the value it had', () => {
    const problems = problemsOf({ PORT: '70000', SEED_DEMO_CONTENT: 'maybe', SERVICES: 'content,casino' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be between 0 and 65535 (got "70000")',
        'SEED_DEMO_CONTENT must be true or false (got "maybe")',
        expect.stringContaining('SERVICES'),
      ]),
    );
  });

  it('does not echo a database address, which may hold a password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:secret@db/emerald' });
    expect(problems).toEqual(['DATABASE_URL must be a postgres:// or postgresql:// URL']);
  });

  it('refuses production mode without DATABASE_URL', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toContain('DATABASE_URL is required when NODE_ENV=production');
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/emerald', ...productionMoney }).DATABASE_URL).toBe('postgres://db/emerald');
  });

  it('refuses the sandbox payment provider and missing money secrets in production, without echoing secrets', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/emerald' });
    expect(problems).toContain('PAYMENT_PROVIDER must name a real payment provider when NODE_ENV=production (sandbox takes no real money); or set PAYMENT_METHODS= to offer none');
    expect(problems).toContain('PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production');
    expect(problemsOf({ WALLET_PROVIDER_SECRETS: 'studio:short' })).toEqual(['WALLET_PROVIDER_SECRETS must be id:secret pairs separated by commas, each secret at least 16 characters']);
    expect(problemsOf({ PAYMENT_METHODS: 'CARD' })[0]).toMatch(/^PAYMENT_METHODS must list method codes/);
  });

  it('reads VISITOR_JURISDICTION: IE by default, any two-letter code, and names a bad one', () => {
    expect(loadConfig({}, '/srv/emerald').VISITOR_JURISDICTION).toBe('IE');
    expect(loadConfig({ VISITOR_JURISDICTION: ' gb ' }, '/srv/emerald').VISITOR_JURISDICTION).toBe('GB');
    expect(problemsOf({ VISITOR_JURISDICTION: 'Ireland' })).toEqual(['VISITOR_JURISDICTION must be a two-letter country code, e.g. IE or GB (got "Ireland")']);
  });

  it('runs a subset of services when asked', () => {
    expect(loadConfig({ SERVICES: 'content, management' }).services).toEqual(['content', 'management']);
  });
});

describe('loadConfig: social login through OpenID Connect', () => {
  const oidc = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'emerald', OIDC_CLIENT_SECRET: 'top-secret-value' };

  it('is off by default, and empty values count as unset', () => {
    expect(loadConfig({}).OIDC_ISSUER).toBeUndefined();
    const config = loadConfig({ OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '', OIDC_PROVIDER_NAME: '' });
    expect(config.OIDC_ISSUER).toBeUndefined();
    expect(config.OIDC_PROVIDER_NAME).toBe('OpenID');
  });

  it('reads an issuer with its client and the button label', () => {
    const config = loadConfig({ ...oidc, OIDC_PROVIDER_NAME: 'Google' });
    expect(config).toMatchObject({ ...oidc, OIDC_PROVIDER_NAME: 'Google' });
    expect(loadConfig(oidc).OIDC_PROVIDER_NAME).toBe('OpenID');
  });

  it('names the client id or secret missing when OIDC_ISSUER is set', () => {
    expect(problemsOf({ OIDC_ISSUER: oidc.OIDC_ISSUER })).toEqual([
      'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
      'OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set',
    ]);
    expect(problemsOf({ OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_CLIENT_ID: 'emerald' })).toEqual(['OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set']);
  });

  it('refuses an issuer that is not an absolute http(s) URL, naming it', () => {
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'id.example.com' })).toEqual([
      'OIDC_ISSUER must be an absolute http(s) URL, the issuer identifier of the OpenID provider (got "id.example.com")',
    ]);
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'ftp://id.example.com' })[0]).toMatch(/^OIDC_ISSUER must be an absolute http\(s\) URL/);
  });

  it('allows plain http only for an issuer on this machine outside production', () => {
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' }).OIDC_ISSUER).toBe('http://127.0.0.1:4000');
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://localhost:4000/realm' }).OIDC_ISSUER).toBe('http://localhost:4000/realm');
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toEqual([
      'OIDC_ISSUER must be an https URL (plain http is allowed only for 127.0.0.1 or localhost outside production) (got "http://id.example.com")',
    ]);
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000', NODE_ENV: 'production', DATABASE_URL: 'postgres://db/emerald' })[0]).toMatch(
      /^OIDC_ISSUER must be an https URL/,
    );
  });

  it('never echoes the client secret', () => {
    const problems = problemsOf({ ...oidc, OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_SECRET: 'top-secret-value', OIDC_PROVIDER_NAME: 'x'.repeat(41) });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('top-secret-value');
  });
});
