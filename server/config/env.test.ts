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

const productionMoney = {
  PAYMENT_METHODS: '',
  PAYMENT_WEBHOOK_SECRET: 'a-production-webhook-secret',
  WALLET_PROVIDER_SECRETS: 'emerald-studio:a-production-wallet-secret',
  AUDIT_ANCHOR_KEY: 'ab'.repeat(32),
};

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

  it('derives what a node does from NODE_ROLE (all by default) and refuses another role by name', () => {
    expect(loadConfig({}, '/srv/emerald')).toMatchObject({ NODE_ROLE: 'all', runsBackgroundWork: true, servesPlayers: true });
    expect(loadConfig({ NODE_ROLE: 'api' }, '/srv/emerald')).toMatchObject({ runsBackgroundWork: false, servesPlayers: true });
    expect(loadConfig({ NODE_ROLE: 'worker' }, '/srv/emerald')).toMatchObject({ runsBackgroundWork: true, servesPlayers: false });
    expect(problemsOf({ NODE_ROLE: 'bogus' })).toEqual(['NODE_ROLE must be one of all, api, worker (got "bogus")']);
  });

  it('takes the activity statements switch and day of the month (1-28), and refuses others', () => {
    expect(loadConfig({}, '/srv/emerald')).toMatchObject({ ACTIVITY_STATEMENTS_ENABLED: true, ACTIVITY_STATEMENT_DAY: 1 });
    expect(loadConfig({ ACTIVITY_STATEMENTS_ENABLED: 'false', ACTIVITY_STATEMENT_DAY: '28' }, '/srv/emerald')).toMatchObject({
      ACTIVITY_STATEMENTS_ENABLED: false,
      ACTIVITY_STATEMENT_DAY: 28,
    });
    expect(problemsOf({ ACTIVITY_STATEMENT_DAY: '29', ACTIVITY_STATEMENTS_ENABLED: 'monthly' })).toEqual([
      'ACTIVITY_STATEMENTS_ENABLED must be true or false (got "monthly")',
      'ACTIVITY_STATEMENT_DAY must be between 1 and 28 (got "29")',
    ]);
  });

  it('takes the financial checks with their legal defaults, the risk assessments off, and refuses under-25 thresholds above the others', () => {
    expect(loadConfig({}, '/srv/emerald')).toMatchObject({
      FINANCIAL_CHECK_PROVIDER: 'sandbox',
      FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD: 15_000,
      FINANCIAL_CHECK_DEPOSIT_CAP: 15_000,
      FINANCIAL_CHECK_JOB_ENABLED: true,
      FINANCIAL_RISK_ASSESSMENT_ENABLED: false,
      FINANCIAL_RISK_NET_LOSS_24H: 100_000,
      FINANCIAL_RISK_NET_LOSS_90D: 200_000,
      FINANCIAL_RISK_NET_LOSS_24H_UNDER_25: 50_000,
      FINANCIAL_RISK_NET_LOSS_90D_UNDER_25: 100_000,
    });
    expect(loadConfig({ FINANCIAL_CHECK_DEPOSIT_CAP: '0', FINANCIAL_RISK_ASSESSMENT_ENABLED: 'true' }, '/srv/emerald')).toMatchObject({
      FINANCIAL_CHECK_DEPOSIT_CAP: 0,
      FINANCIAL_RISK_ASSESSMENT_ENABLED: true,
    });
    expect(problemsOf({ FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD: '0', FINANCIAL_CHECK_PROVIDER: 'acme', FINANCIAL_CHECK_DEPOSIT_CAP: '-1' })).toEqual([
      'FINANCIAL_CHECK_PROVIDER must be sandbox (got "acme")',
      'FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD must be between 1 and 100000000 (got "0")',
      'FINANCIAL_CHECK_DEPOSIT_CAP must be between 0 and 100000000 (got "-1")',
    ]);
    expect(problemsOf({ FINANCIAL_RISK_NET_LOSS_24H_UNDER_25: '100001', FINANCIAL_RISK_NET_LOSS_90D_UNDER_25: '200001' })).toEqual([
      'FINANCIAL_RISK_NET_LOSS_24H_UNDER_25 must not be above FINANCIAL_RISK_NET_LOSS_24H (the under-25 thresholds are the lower ones) (got "100001")',
      'FINANCIAL_RISK_NET_LOSS_90D_UNDER_25 must not be above FINANCIAL_RISK_NET_LOSS_90D (the under-25 thresholds are the lower ones) (got "200001")',
    ]);
  });

  it('takes the GAMSTOP adapter only with its address and key; plain http only to this machine; the sandbox stays the default', () => {
    expect(loadConfig({}, '/srv/emerald')).toMatchObject({ EXCLUSION_REGISTER_PROVIDER: 'sandbox', EXCLUSION_REGISTER_RECHECK_ENABLED: true });
    expect(problemsOf({ EXCLUSION_REGISTER_PROVIDER: 'gamstop' })).toEqual([
      'GAMSTOP_URL is required when EXCLUSION_REGISTER_PROVIDER=gamstop',
      'GAMSTOP_API_KEY is required when EXCLUSION_REGISTER_PROVIDER=gamstop',
    ]);
    expect(problemsOf({ EXCLUSION_REGISTER_PROVIDER: 'nger' })).toEqual(['EXCLUSION_REGISTER_PROVIDER must be sandbox or gamstop (got "nger")']);
    expect(problemsOf({ EXCLUSION_REGISTER_PROVIDER: 'gamstop', GAMSTOP_URL: 'http://gamstop.example', GAMSTOP_API_KEY: 'k-secret' })).toEqual([
      'GAMSTOP_URL must be an https URL (plain http is allowed only for 127.0.0.1 or localhost outside production) (got "http://gamstop.example")',
    ]);
    expect(problemsOf({ EXCLUSION_REGISTER_PROVIDER: 'gamstop', GAMSTOP_URL: 'gamstop', GAMSTOP_API_KEY: 'k-secret' })).toEqual([
      'GAMSTOP_URL must be an absolute http(s) URL (got "gamstop")',
    ]);
    expect(
      loadConfig({ EXCLUSION_REGISTER_PROVIDER: 'gamstop', GAMSTOP_URL: 'http://127.0.0.1:8470', GAMSTOP_API_KEY: 'k-secret' }, '/srv/emerald'),
    ).toMatchObject({ EXCLUSION_REGISTER_PROVIDER: 'gamstop', GAMSTOP_URL: 'http://127.0.0.1:8470' });
    expect(problemsOf({ EXCLUSION_REGISTER_RECHECK_ENABLED: 'daily' })).toEqual(['EXCLUSION_REGISTER_RECHECK_ENABLED must be true or false (got "daily")']);
  });

  it('does not echo a database address, which may hold a password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:secret@db/emerald' });
    expect(problems).toEqual(['DATABASE_URL must be a postgres:// or postgresql:// URL']);
  });

  it('takes the real-time bus on NATS from BUS_URL, none by default, and names a bad URL or namespace without echoing the URL', () => {
    expect(loadConfig({}, '/srv/emerald')).toMatchObject({ BUS_URL: undefined, BUS_NAMESPACE: 'emerald' });
    expect(loadConfig({ BUS_URL: '' }, '/srv/emerald').BUS_URL).toBeUndefined();
    expect(loadConfig({ BUS_URL: 'nats://127.0.0.1:4222, nats://user:secret@10.0.0.2:4222', BUS_NAMESPACE: 'shop_1' }, '/srv/emerald')).toMatchObject({
      BUS_URL: 'nats://127.0.0.1:4222, nats://user:secret@10.0.0.2:4222',
      BUS_NAMESPACE: 'shop_1',
    });
    expect(problemsOf({ BUS_URL: 'http://user:secret@127.0.0.1:4222' })).toEqual([
      'BUS_URL must be nats:// or tls:// URLs (host and port), separated by commas',
    ]);
    expect(problemsOf({ BUS_NAMESPACE: 'a.b' })).toEqual(['BUS_NAMESPACE must be 1 to 64 letters, digits, - or _ (got "a.b")']);
  });

  it('refuses production mode without DATABASE_URL', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toContain('DATABASE_URL is required when NODE_ENV=production');
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/emerald', ...productionMoney }).DATABASE_URL).toBe('postgres://db/emerald');
  });

  it('refuses the sandbox payment provider and missing money secrets in production, without echoing secrets', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/emerald' });
    expect(problems).toContain(
      'PAYMENT_PROVIDER must name a real payment provider when NODE_ENV=production (sandbox takes no real money); or set PAYMENT_METHODS= to offer none',
    );
    expect(problems).toContain('PAYMENT_WEBHOOK_SECRET is required when NODE_ENV=production');
    expect(problemsOf({ WALLET_PROVIDER_SECRETS: 'studio:short' })).toEqual([
      'WALLET_PROVIDER_SECRETS must be id:secret pairs separated by commas, each secret at least 16 characters',
    ]);
    expect(problemsOf({ PAYMENT_METHODS: 'CARD' })[0]).toMatch(/^PAYMENT_METHODS must list method codes/);
  });

  it('routes each payment method to a provider (issue 31): sandbox by default, Stripe only for cards and only with its keys', () => {
    const defaults = loadConfig({});
    expect(defaults.PAYMENT_PROVIDER).toBe('sandbox');
    expect(defaults.PAYMENT_ROUTING).toEqual({});
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRETS: 'whsec_old, whsec_new', STRIPE_API_URL: 'http://127.0.0.1:4010' };
    const routed = loadConfig({ PAYMENT_ROUTING: 'wpcghosted_card=Stripe', ...stripe });
    expect(routed.PAYMENT_ROUTING).toEqual({ WPCGHOSTED_CARD: 'stripe' });
    expect(routed.STRIPE_WEBHOOK_SECRETS).toEqual(['whsec_old', 'whsec_new']);
    expect(problemsOf({ PAYMENT_ROUTING: 'CARD=stripe' })[0]).toMatch(/^PAYMENT_ROUTING names an unknown method "CARD"/);
    expect(problemsOf({ PAYMENT_ROUTING: 'NETELLER=acme' })[0]).toMatch(/^PAYMENT_ROUTING routes NETELLER to an unknown provider "acme"/);
    expect(problemsOf({ PAYMENT_ROUTING: 'NETELLER=stripe', ...stripe })).toEqual([
      'PAYMENT_ROUTING routes NETELLER to stripe, which serves only card methods (WPCGHOSTED_CARD) (got "NETELLER=stripe")',
    ]);
    expect(problemsOf({ PAYMENT_ROUTING: 'WPCGHOSTED_CARD=stripe' })).toEqual([
      'STRIPE_SECRET_KEY is required when a payment method is routed to stripe',
      'STRIPE_WEBHOOK_SECRETS is required when stripe is configured (the whsec_… secrets of its webhook endpoint)',
      'STRIPE_CARD_PAGE_URL is required with Stripe itself (the page where players enter a new card)',
    ]);
    // The keys are secrets: never echoed.
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_live_do_not_print', STRIPE_API_URL: 'not a url' }).join(' ')).not.toContain('sk_live_do_not_print');
  });

  it('routes the e-wallets to Adyen (issue 31): only the e-wallets, and only with its key, merchant account and hex HMAC keys', () => {
    const adyen = {
      ADYEN_API_KEY: 'AQE_test_do_not_print',
      ADYEN_MERCHANT_ACCOUNT: 'EmeraldECOM',
      ADYEN_HMAC_KEYS: `${'ab'.repeat(32)}, ${'cd'.repeat(32)}`,
      ADYEN_API_URL: 'http://127.0.0.1:4011',
    };
    const routed = loadConfig({ PAYMENT_ROUTING: 'NETELLER=adyen,MONEYBOOKERS=Adyen', ...adyen });
    expect(routed.PAYMENT_ROUTING).toEqual({ NETELLER: 'adyen', MONEYBOOKERS: 'adyen' });
    expect(routed.ADYEN_HMAC_KEYS).toEqual(['ab'.repeat(32), 'cd'.repeat(32)]);
    expect(routed.ADYEN_ENVIRONMENT).toBe('TEST');
    expect(problemsOf({ PAYMENT_ROUTING: 'WPCGHOSTED_CARD=adyen', ...adyen })[0]).toMatch(
      /^PAYMENT_ROUTING routes WPCGHOSTED_CARD to adyen, which serves only the e-wallets/,
    );
    const missing = problemsOf({ PAYMENT_ROUTING: 'NETELLER=adyen' });
    expect(missing).toEqual([
      'ADYEN_API_KEY is required when a payment method is routed to adyen',
      'ADYEN_MERCHANT_ACCOUNT is required when adyen is configured (the merchant account payments are booked to)',
      'ADYEN_HMAC_KEYS is required when adyen is configured (the HMAC keys of its notification webhook)',
    ]);
    const notHex = problemsOf({ ...adyen, ADYEN_HMAC_KEYS: 'secret-not-hex-do-not-print' });
    expect(notHex[0]).toMatch(/^ADYEN_HMAC_KEYS must be hex keys/);
    expect(problemsOf({ ...adyen, ADYEN_ENVIRONMENT: 'LIVE', ADYEN_API_URL: '' })[0]).toMatch(/^ADYEN_LIVE_URL_PREFIX is required with ADYEN_ENVIRONMENT=LIVE/);
    // The key and the HMAC keys are secrets: never echoed.
    expect([...notHex, ...problemsOf({ ...adyen, ADYEN_API_URL: 'not a url' })].join(' ')).not.toMatch(/do_not_print|do-not-print/);
  });

  it('names Onfido for identity checks and Loqate for address look-up (issue 31) only with their keys; the sandbox stays the default', () => {
    const defaults = loadConfig({});
    expect([defaults.KYC_PROVIDER, defaults.ADDRESS_PROVIDER, defaults.ONFIDO_REGION]).toEqual(['sandbox', 'sandbox', 'EU']);
    const onfido = loadConfig({
      KYC_PROVIDER: 'onfido',
      ONFIDO_API_TOKEN: 'api_live.do_not_print',
      ONFIDO_WEBHOOK_TOKENS: 'new_token, old_token',
      ONFIDO_API_URL: 'http://127.0.0.1:12113/v3.6',
    });
    expect(onfido.ONFIDO_WEBHOOK_TOKENS).toEqual(['new_token', 'old_token']);
    expect(problemsOf({ KYC_PROVIDER: 'onfido' })).toEqual([
      'ONFIDO_API_TOKEN is required when KYC_PROVIDER=onfido',
      'ONFIDO_WEBHOOK_TOKENS is required when onfido is configured (the tokens of its webhook)',
    ]);
    expect(problemsOf({ KYC_PROVIDER: 'sumsub' })[0]).toMatch(/^KYC_PROVIDER must be sandbox or onfido/);
    expect(problemsOf({ ADDRESS_PROVIDER: 'loqate' })).toEqual(['LOQATE_API_KEY is required when ADDRESS_PROVIDER=loqate']);
    expect(problemsOf({ ADDRESS_PROVIDER: 'loqate', LOQATE_API_KEY: 'key-do-not-print', LOQATE_API_URL: 'http://loqate.example' })[0]).toMatch(
      /^LOQATE_API_URL must be an https URL/,
    );
    // The tokens and the key are secrets: never echoed.
    expect(
      [
        ...problemsOf({ ONFIDO_API_TOKEN: 'api_live.do_not_print', ONFIDO_WEBHOOK_TOKENS: '' }),
        ...problemsOf({ LOQATE_API_KEY: 'key-do-not-print', ADDRESS_PROVIDER: 'nobody' }),
      ].join(' '),
    ).not.toMatch(/do_not_print|do-not-print/);
  });

  it('reads the audit anchor key as 32 bytes (hex or base64), requires it in production and never echoes it', () => {
    const seed = Buffer.alloc(32, 7);
    expect(loadConfig({ AUDIT_ANCHOR_KEY: seed.toString('hex') }, '/srv/emerald').AUDIT_ANCHOR_KEY).toBe(seed.toString('hex'));
    expect(loadConfig({ AUDIT_ANCHOR_KEY: seed.toString('base64') }, '/srv/emerald').AUDIT_ANCHOR_KEY).toBe(seed.toString('base64'));
    expect(problemsOf({ AUDIT_ANCHOR_KEY: 'too-short-a-secret-key' })).toEqual([
      'AUDIT_ANCHOR_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/emerald' })).toContain('AUDIT_ANCHOR_KEY is required when NODE_ENV=production');
    expect(loadConfig({}, '/srv/emerald').auditCheckpointDir).toBe('/srv/emerald/data/audit-checkpoints');
    expect(loadConfig({ AUDIT_CHECKPOINT_DIR: '/var/lib/emerald-anchor' }, '/srv/emerald').auditCheckpointDir).toBe('/var/lib/emerald-anchor');
    expect(loadConfig({}, '/srv/emerald').AUDIT_CHECKPOINT_INTERVAL_MS).toBe(60_000);
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
